import Foundation
import Glibc
@testable import ParleyChat
import ParleyChatRemote
import Testing

/// The remote backend's sockets run on one event loop for the backend's life: reconnecting
/// starts no thread, and closing a connection never leaves work for a loop already shut down
/// (which SwiftNIO reports as "Cannot schedule tasks on an EventLoop that has already shut down",
/// and will make a crash).
@Suite(.serialized) struct RemoteEventLoopTests {
    @Test(.timeLimit(.minutes(2)))
    func reconnectingManyTimesLeavesNoThreadAndNoLateWork() async throws {
        try await LoopbackServer.run { server in
            let (client, backend) = try await server.client("alice")
            let capture = try StandardErrorCapture()
            let threadsBefore = Self.threadCount()
            for _ in 0..<20 {
                await backend.disconnect()
                backend.connect()
                try await until("alice is connected again") { client.connectionStatus == .connected }
            }
            let threadsAfter = Self.threadCount()
            // Clients that go away mid-session: their backends end without being awaited.
            for _ in 0..<5 {
                let (_, otherBackend) = try await server.client("bob")
                otherBackend.detach()
            }
            await backend.disconnect()
            // Late work of a closed socket would run within moments.
            try await Task.sleep(for: .milliseconds(500))
            let output = capture.finish()
            #expect(!output.contains("Cannot schedule tasks"), "NIO reported: \(output)")
            #expect(threadsAfter <= threadsBefore + 1, "threads: \(threadsBefore) before, \(threadsAfter) after 20 reconnects")
        }
    }

    /// The threads of this process.
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}

/// Collects what the process writes to standard error (SwiftNIO reports there, not to a logger)
/// until ``finish()``.
final class StandardErrorCapture {
    private let saved: Int32
    private let file: URL
    private let fd: Int32

    init() throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-stderr-\(UUID().uuidString)")
        fd = open(file.path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        saved = dup(STDERR_FILENO)
        guard fd >= 0, saved >= 0, dup2(fd, STDERR_FILENO) >= 0 else { throw POSIXError(.EIO) }
    }

    /// Restores standard error; what was written meanwhile.
    func finish() -> String {
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(fd)
        defer { try? FileManager.default.removeItem(at: file) }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        // Shown again, so nothing another part of the test wrote is lost.
        FileHandle.standardError.write(Data(text.utf8))
        return text
    }
}
