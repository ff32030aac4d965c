import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

/// A server on a free loopback port, in memory, for the length of `body`.
struct ServerHarness: Sendable {
    let port: Int
    let client: any TestClientProtocol
    let tokens: ServerTokens

    static let secret = Array("test-secret-0123456789abcdef0123".utf8)

    static func run(
        limits: WireLimits = WireLimits(), admins: Set<String> = [], pingInterval: Duration = .seconds(30),
        closeTimeout: Duration = .seconds(3), uploads: UploadPolicy = UploadPolicy(),
        _ body: @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        var logger = Logger(label: "parley.server.test")
        logger.logLevel = .warning
        var configuration = ParleyServerConfiguration(
            port: 0, databasePath: nil, jwtSecret: secret, limits: limits, adminUserIds: admins,
            pingInterval: pingInterval)
        configuration.closeTimeout = closeTimeout
        configuration.uploads = uploads
        let app = try await ParleyServerApp.makeApplication(configuration: configuration, logger: logger)
        let tokens = try await ServerTokens(secret: secret)
        try await app.test(.live) { client in
            let harness = ServerHarness(port: try #require(client.port), client: client, tokens: tokens)
            try await body(harness)
        }
    }

    func token(_ user: String) async throws -> String {
        try await tokens.sign(userId: user)
    }

    /// An HTTP call; the status and the raw body.
    func call(
        _ method: HTTPRequest.Method, _ path: String, token: String?, body: (some Encodable & Sendable)? = EmptyResponse?.none
    ) async throws -> (status: Int, data: Data) {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        headers[.contentType] = "application/json"
        let buffer = try body.map { ByteBuffer(bytes: try Wire.encoder().encode($0)) }
        let response = try await client.executeRequest(uri: path, method: method, headers: headers, body: buffer)
        return (Int(response.status.code), Data(buffer: response.body))
    }

    /// A call that must succeed, decoded.
    func ok<T: Decodable>(
        _ type: T.Type, _ method: HTTPRequest.Method, _ path: String, as user: String,
        body: (some Encodable & Sendable)? = EmptyResponse?.none, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> T {
        let (status, data) = try await call(method, path, token: try await token(user), body: body)
        #expect(status < 300, "\(method) \(path): \(String(decoding: data, as: UTF8.self))", sourceLocation: sourceLocation)
        return try Wire.decoder().decode(T.self, from: data)
    }

    /// A call that must fail; its wire error.
    func failure(
        _ method: HTTPRequest.Method, _ path: String, as user: String?, token: String? = nil,
        body: (some Encodable & Sendable)? = EmptyResponse?.none
    ) async throws -> WireError {
        let bearer: String? = if let token { token } else if let user { try await self.token(user) } else { nil }
        let (status, data) = try await call(method, path, token: bearer, body: body)
        let error = try Wire.decoder().decode(WireErrorResponse.self, from: data).error
        #expect(error.status == status)
        return error
    }

    /// Creates users (each writes themselves) and a channel owned by `owner` with `members`.
    func setUp(users: [String], channel cid: String? = nil, owner: String = "alice", members: [String] = []) async throws {
        for user in users {
            _ = try await ok(
                UsersResponse.self, .post, WirePath.users, as: user,
                body: UpsertUsersRequest(users: [WireUser(id: user, name: user.capitalized)]))
        }
        if let cid {
            _ = try await ok(
                WriteResponse.self, .post, WirePath.channels, as: owner,
                body: CreateChannelRequest(cid: cid, memberIds: members))
        }
    }

    func send(_ text: String, id: String, in cid: String, as user: String) async throws -> WriteResponse {
        try await ok(
            WriteResponse.self, .post, WirePath.channelMessages(cid), as: user,
            body: SendMessageRequest(id: id, text: text))
    }

    func socket(_ user: String) async throws -> RawSocket {
        try await RawSocket.connect(port: port, token: try await token(user))
    }
}

/// The server did not accept the WebSocket (or sent no welcome).
struct WebSocketRefused: Error {}

/// A raw WebSocket client: frames received are collected; frames to send are queued.
final class RawSocket: Sendable {
    /// What the socket's reader task writes and the test reads.
    final class Log: Sendable {
        let frames = PthreadMutex<[ServerFrame]>([])
        let closed = PthreadMutex(false)
    }

    private let log: Log
    private let outgoing: AsyncStream<String>.Continuation
    private let task: Task<Void, any Error>

    private init(log: Log, outgoing: AsyncStream<String>.Continuation, task: Task<Void, any Error>) {
        self.log = log
        self.outgoing = outgoing
        self.task = task
    }

    static func connect(port: Int, token: String?) async throws -> RawSocket {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let log = Log()
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        var logger = Logger(label: "parley.test.socket")
        logger.logLevel = .warning
        let task = Task {
            defer { log.closed.withLock { $0 = true } }
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)\(WirePath.webSocket)",
                configuration: .init(maxFrameSize: 1 << 20, additionalHeaders: headers), logger: logger
            ) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message,
                                  let frame = try? Wire.decoder().decode(ServerFrame.self, from: Data(text.utf8))
                            else { continue }
                            log.frames.withLock { $0.append(frame) }
                        }
                        // The server closed: stop writing too, so the session ends.
                        continuation.finish()
                    }
                    for await text in stream { try await outbound.write(.text(text)) }
                    group.cancelAll()
                }
            }
        }
        let socket = RawSocket(log: log, outgoing: continuation, task: task)
        // The welcome frame says the upgrade happened and the session is registered.
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if socket.frames.contains(where: { if case .welcome = $0 { true } else { false } }) { return socket }
            if socket.isClosed { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        await socket.close()
        throw WebSocketRefused()
    }

    func send(_ frame: ClientFrame) throws {
        outgoing.yield(String(decoding: try Wire.encoder().encode(frame), as: UTF8.self))
    }

    func sendRaw(_ text: String) { outgoing.yield(text) }

    var frames: [ServerFrame] { log.frames.withLock { $0 } }

    var events: [ChannelEvent] {
        frames.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    var isClosed: Bool { log.closed.withLock { $0 } }

    /// Waits (at most `timeout` seconds) for a frame matching `match`.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation,
        _ match: @Sendable (ServerFrame) -> Bool
    ) async throws -> ServerFrame {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if let frame = frames.first(where: match) { return frame }
            if task.isCancelled || isClosed { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("No \(what) frame within \(timeout)s; got \(frames.count) frames", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// Waits until the socket has closed.
    func waitClosed(timeout: Double = 5) async throws -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if isClosed { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    func close() async {
        outgoing.finish()
        _ = try? await task.value
    }
}
