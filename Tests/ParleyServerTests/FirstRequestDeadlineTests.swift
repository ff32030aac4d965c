import Foundation
import Logging
import NIOCore
import ParleyChat
import Testing
@testable import ParleyServer

/// A connection must send its first request head in time, and one that has not when the server
/// shuts down gracefully is closed at once.
@Suite("First request deadline", .timeLimit(.minutes(2)))
struct FirstRequestDeadlineTests {
    static let secret = Array("first-request-test-secret-012345".utf8)

    /// A server on a free loopback port for `body`, stopped by `withServer`'s graceful shutdown.
    static func withServer<T: Sendable>(
        firstRequestTimeout: Duration = .seconds(10), _ body: (Int) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "parley.server.first-request-test")
        logger.logLevel = .error
        var configuration = ParleyServerConfiguration(port: 0, databasePath: nil, jwtSecret: secret)
        configuration.firstRequestTimeout = firstRequestTimeout
        return try await ParleyServerApp.withServer(configuration: configuration, logger: logger, body)
    }

    /// Before the fix, Hummingbird's upgrade negotiation waited for the request head with no
    /// handler that hears graceful shutdown: the shutdown ran into `withServer`'s drain limit and
    /// returned after 10 s, leaving the server behind.
    @Test("A client that connects and never sends a request does not hold a graceful shutdown: it is closed at once")
    func aSilentConnectionDoesNotHoldShutdown() async throws {
        let socket = PthreadMutex<SilentSocket?>(nil)
        let shutdownBegan = try await Self.withServer { port in
            let silent = try SilentSocket(port: port, sending: [])
            socket.withLock { $0 = silent }
            // Long enough for the server to accept it (well under the 10 s first-request deadline).
            try await Task.sleep(for: .milliseconds(500))
            return ContinuousClock.now
        }
        let took = ContinuousClock.now - shutdownBegan
        #expect(took < .seconds(3), "the shutdown took \(took)")
        let silent = try #require(socket.withLock { $0 })
        defer { silent.close() }
        #expect(try await silent.readUntilClosed(timeout: .seconds(2)).closed, "the server closed the socket")
    }

    @Test("A connection that sends no request head, or only part of one, within the deadline is closed; one that sent its request stays open")
    func connectionsWithoutARequestHeadAreClosedAtTheDeadline() async throws {
        try await Self.withServer(firstRequestTimeout: .milliseconds(300)) { port in
            let silent = try SilentSocket(port: port, sending: [])
            defer { silent.close() }
            let partial = try SilentSocket(port: port, sending: Array("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            defer { partial.close() }
            let served = try SilentSocket(port: port, sending: Array("GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            defer { served.close() }
            let connected = ContinuousClock.now

            #expect(try await silent.readUntilClosed(timeout: .seconds(5)).closed, "a silent connection is closed")
            #expect(try await partial.readUntilClosed(timeout: .seconds(5)).closed, "a connection stuck mid-head is closed")
            #expect(ContinuousClock.now - connected < .seconds(5))
            // Read for a second past the deadline: the keep-alive connection that asked stays open.
            #expect(!(try await served.readUntilClosed(timeout: .seconds(1)).closed), "a connection that sent its request stays open")
        }
    }

    @Test("The end of a request head is found across reads, with CR LF or bare LF line ends, and not before it")
    func theEndOfTheHeadIsFoundAcrossReads() {
        var lastBytes: UInt32 = 0
        #expect(!FirstRequestDeadlineHandler.findEndOfHead(in: ByteBuffer(string: "GET / HTTP/1.1\r\nHost: a\r\n\r"), after: &lastBytes))
        #expect(FirstRequestDeadlineHandler.findEndOfHead(in: ByteBuffer(string: "\n"), after: &lastBytes))
        lastBytes = 0
        #expect(!FirstRequestDeadlineHandler.findEndOfHead(in: ByteBuffer(string: "GET / HTTP/1.1\r\nHost: a\r\n"), after: &lastBytes))
        lastBytes = 0
        #expect(FirstRequestDeadlineHandler.findEndOfHead(in: ByteBuffer(string: "GET / HTTP/1.1\nHost: a\n\n"), after: &lastBytes))
    }
}
