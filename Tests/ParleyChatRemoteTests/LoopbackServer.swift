import Foundation
import GRDB
import Hummingbird
import Logging
@testable import ParleyChat
import ParleyChatRemote
import ParleyProtocol
@testable import ParleyServer
import Testing

/// A `parley serve` on a free loopback port (in memory) and clients of it, for one test.
struct LoopbackServer: Sendable {
    let url: URL
    let port: Int
    let tokens: ServerTokens

    static let secret = Array("remote-test-secret-0123456789abcd".utf8)

    /// Limits without the per-user request rate, for tests that write thousands of times.
    static let unthrottled = WireLimits(requestsPerSecond: 1_000_000, requestBurst: 1_000_000)

    static func run(
        limits: WireLimits = WireLimits(), linkPreviewFetcher: (any LinkPreviewFetching)? = nil,
        uploads: UploadPolicy = UploadPolicy(), advertisesUploadLimit: Bool = true,
        _ body: @Sendable (LoopbackServer) async throws -> Void
    ) async throws {
        var logger = Logger(label: "parley.server.remote-test")
        logger.logLevel = .error
        var configuration = ParleyServerConfiguration(port: 0, databasePath: nil, jwtSecret: secret, limits: limits)
        configuration.linkPreviewFetcher = linkPreviewFetcher
        configuration.uploads = uploads
        configuration.advertisesUploadLimit = advertisesUploadLimit
        let tokens = try await ServerTokens(secret: secret)
        try await ParleyServerApp.withServer(configuration: configuration, logger: logger) { port in
            try await body(LoopbackServer(url: try #require(URL(string: "http://127.0.0.1:\(port)")), port: port, tokens: tokens))
        }
    }

    /// A backend acting as `user`, connecting to this server or through `proxy`.
    /// A connection attempt not upgraded within `handshakeTimeout` is retried; an open socket is
    /// pinged every five of those.
    func backend(
        _ user: UserId, through proxy: LoopbackProxy? = nil, reconnectDelay: Duration = .milliseconds(50),
        handshakeTimeout: Duration = .seconds(2)
    ) async throws -> RemoteChatBackend {
        RemoteChatBackend(configuration: RemoteChatConfiguration(
            serverURL: proxy?.url ?? url, token: try await tokens.sign(userId: user), initialReconnectDelay: reconnectDelay,
            maximumReconnectDelay: reconnectDelay * 10, handshakeTimeout: handshakeTimeout,
            pingInterval: handshakeTimeout * 5))
    }

    /// A client of the server acting as `user` (who is created on the server), on `databaseURL`
    /// or in memory, once connected.
    func client(
        _ user: UserId, databaseURL: URL? = nil, through proxy: LoopbackProxy? = nil, reconnectDelay: Duration = .milliseconds(50),
        handshakeTimeout: Duration = .seconds(2)
    ) async throws -> (ChatClient, RemoteChatBackend) {
        let backend = try await backend(user, through: proxy, reconnectDelay: reconnectDelay, handshakeTimeout: handshakeTimeout)
        let client = try ChatClient(config: ChatClientConfig(currentUserId: user, databaseURL: databaseURL), backend: backend)
        // The server knows users once they wrote themselves; the socket retries until then.
        try await client.upsertUsers([ChatUser(id: user, name: user.capitalized)])
        try await until("\(user) connects (\(client.connectionStatus))") { client.connectionStatus == .connected }
        return (client, backend)
    }
}

/// Polls `condition` until it holds; fails the test after `timeout`.
func until(
    _ what: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if (try? condition()) == true { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
    throw CancellationError()
}

/// What two clients' stores must agree on about `ids` in `cid`.
func content(_ client: ChatClient, _ ids: [MessageId], in cid: ChannelId) throws -> [String] {
    var lines = try ids.map { id -> String in
        guard let message = try client.message(id: id) else { return "\(id): missing" }
        let reactions = message.reactionScores.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: ",")
        return "\(id) \(message.type.rawValue) \(message.text) edited=\(message.isEdited) replies=\(message.replyCount) [\(reactions)] \(message.localState)"
    }
    if let channel = try client.channel(cid) {
        lines.append("\(channel.name ?? "") members=\(channel.memberCount)")
        lines += channel.members.map { "\($0.user.id) \($0.role.rawValue) read=\($0.lastReadAt.map { "\($0.timeIntervalSince1970)" } ?? "-")" }.sorted()
    }
    return lines
}

/// Which rows of a store ``storeRows(_:of:_:)`` lists.
enum StoreRows {
    /// The messages of the channel with their reactions: what every member's store agrees on.
    case messages
    /// Everything about the channel: the channel row, members with read and unread state,
    /// messages, reactions and the sync cursor: what two devices of one user agree on.
    case everything
}

/// The rows `client`'s SQLite store holds about `cid`, one line each, column by column, in a
/// fixed order. Left out are only what is local by nature: row keys (`pk`), the row versions
/// that tell views what changed, and typing indicators (they expire on a local clock).
func storeRows(_ client: ChatClient, of cid: ChannelId, _ scope: StoreRows) throws -> [String] {
    let messageColumns = """
        id, cid, type, text, user_id, created_at, updated_at, text_updated_at, deleted_at, parent_id, reply_count,
        show_in_channel, quoted_id, mentioned, attachments, local_state
        """
    var queries = [
        ("message", "SELECT \(messageColumns) FROM message WHERE cid = ? ORDER BY id"),
        ("reaction", "SELECT r.* FROM reaction r JOIN message m ON m.id = r.message_id WHERE m.cid = ? ORDER BY 1, 2, 3"),
        ("reaction_aggregate", "SELECT a.* FROM reaction_aggregate a JOIN message m ON m.id = a.message_id WHERE m.cid = ? ORDER BY 1, 2"),
    ]
    if scope == .everything {
        queries += [
            ("channel", "SELECT * FROM channel WHERE cid = ?"),
            ("member", "SELECT * FROM member WHERE cid = ? ORDER BY user_id"),
            ("sync_cursor", "SELECT * FROM sync_cursor WHERE cid = ?"),
        ]
    }
    return try client.store.read { db in
        try queries.flatMap { table, sql in
            try Row.fetchAll(db, sql: sql, arguments: [cid.rawValue]).map { row in
                table + " " + row.columnNames.map { "\($0)=\(row[$0] as DatabaseValue)" }.joined(separator: " ")
            }
        }
    }
}

/// Lines only in `left` and only in `right`, for a readable failure.
func difference(_ left: [String], _ right: [String]) -> String {
    let onlyLeft = Set(left).subtracting(right).sorted().prefix(5)
    let onlyRight = Set(right).subtracting(left).sorted().prefix(5)
    return "only in the first: \(Array(onlyLeft))\nonly in the second: \(Array(onlyRight))"
}
