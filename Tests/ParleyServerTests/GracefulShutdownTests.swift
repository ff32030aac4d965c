import Foundation
import Glibc
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// A graceful shutdown is bounded: clients are told to reconnect elsewhere, and one that never
/// answers cannot keep the server running.
@Suite("Graceful shutdown", .timeLimit(.minutes(2)))
struct GracefulShutdownTests {
    /// Alice's client connects, authenticates, subscribes, and then never reads or writes again
    /// (a frozen app, a dead network path that still holds the connection). Before the close
    /// deadline, the shutdown waited for her close handshake until the heartbeat gave up on her
    /// (two ping intervals: a minute by default).
    @Test("A client that goes silent cannot hold a graceful shutdown: it gets the close, then is cut at the close deadline")
    func aSilentClientCannotHoldShutdown() async throws {
        let socket = PthreadMutex<SilentSocket?>(nil)
        let shutdownBegan = PthreadMutex<ContinuousClock.Instant?>(nil)
        try await ServerHarness.run(closeTimeout: .milliseconds(500)) { server in
            try await server.setUp(users: ["alice"], channel: "messaging:quiet")
            let silent = try SilentSocket(port: server.port, token: try await server.token("alice"))
            socket.withLock { $0 = silent }
            try silent.sendText(#"{"type":"subscribe","data":{"cids":["messaging:quiet"]}}"#)
            // Upgraded and welcomed (peeked at, not read: the client reads nothing).
            try await silent.waitForBytes(timeout: .seconds(5))
            _ = try await server.send("before the shutdown", id: "m1", in: "messaging:quiet", as: "alice")
            shutdownBegan.withLock { $0 = .now }
        }
        let took = ContinuousClock.now - (try #require(shutdownBegan.withLock { $0 }))
        #expect(took < .seconds(3), "the shutdown took \(took)")
        let silent = try #require(socket.withLock { $0 })
        defer { silent.close() }
        // What the server sent before it cut the socket is still in the client's buffer.
        let read = try await silent.readUntilClosed(timeout: .seconds(2))
        #expect(read.closed, "the server closed the socket")
        #expect(read.opcodes.contains(0x8), "after a close frame (1012: reconnect elsewhere)")
    }
}

extension SilentSocket {
    /// Sends one text frame (masked, as a client must).
    func sendText(_ text: String) throws {
        let payload = Array(text.utf8)
        precondition(payload.count < 126, "a short frame only")
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        var frame: [UInt8] = [0x81, 0x80 | UInt8(payload.count)] + mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        guard frame.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, 0) }) == frame.count else {
            throw POSIXError(.EIO)
        }
    }

    /// Waits until the server has sent something, without reading it.
    func waitForBytes(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        var byte: UInt8 = 0
        while ContinuousClock.now < deadline {
            if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw POSIXError(.ETIMEDOUT)
    }
}
