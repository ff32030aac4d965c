import Foundation

// The HTTP API. Every request carries `Authorization: Bearer <JWT>`; the acting user is the
// token's subject. Bodies are JSON in ``Wire/encoder()``'s conventions; a failure answers a
// ``WireErrorResponse`` with the error's status. ``WirePath`` builds the paths.
//
//   POST   /v1/users                          UpsertUsersRequest      → UsersResponse
//   GET    /v1/users?ids=a,b                                          → UsersResponse
//   DELETE /v1/users/{id}                                             → EmptyResponse
//   GET    /v1/channels                                               → ChannelListResponse
//   POST   /v1/channels                       CreateChannelRequest    → WriteResponse
//   GET    /v1/channels/{cid}?messages=N                              → ChannelStateResponse
//   PATCH  /v1/channels/{cid}                 UpdateChannelRequest    → WriteResponse
//   DELETE /v1/channels/{cid}                                         → WriteResponse
//   PUT    /v1/channels/{cid}/frozen          SetFlagRequest          → WriteResponse
//   PUT    /v1/channels/{cid}/muted           SetFlagRequest          → WriteResponse
//   POST   /v1/channels/{cid}/members         MembersRequest          → WriteResponse
//   POST   /v1/channels/{cid}/members/remove  MembersRequest          → WriteResponse
//   GET    /v1/channels/{cid}/messages?before=ID&limit=N&parent=ID    → MessagesResponse
//   POST   /v1/channels/{cid}/messages        SendMessageRequest      → WriteResponse
//   POST   /v1/channels/{cid}/read                                    → WriteResponse
//   POST   /v1/channels/{cid}/typing          TypingRequest           → EmptyResponse
//   PATCH  /v1/messages/{id}                  EditMessageRequest      → WriteResponse
//   DELETE /v1/messages/{id}                                          → WriteResponse
//   POST   /v1/messages/{id}/reactions        AddReactionRequest      → WriteResponse
//   DELETE /v1/messages/{id}/reactions/{type}?operation_id=OP          → WriteResponse
//   POST   /v1/sync                           SyncRequest             → SyncResponse
//   GET    /v1/search?q=TEXT&cid=CID&limit=N                          → MessagesResponse
//   GET    /v1/ws?token=JWT                   (WebSocket upgrade; or the Authorization header)

/// The paths of the HTTP API (percent-encoded where they carry ids).
public enum WirePath {
    /// `/v1/users`.
    public static let users = "\(Wire.pathPrefix)/users"
    /// `/v1/users/{id}`.
    public static func user(_ id: String) -> String { "\(users)/\(segment(id))" }
    /// `/v1/channels`.
    public static let channels = "\(Wire.pathPrefix)/channels"
    /// `/v1/channels/{cid}`.
    public static func channel(_ cid: String) -> String { "\(channels)/\(segment(cid))" }
    /// `/v1/channels/{cid}/frozen`.
    public static func frozen(_ cid: String) -> String { "\(channel(cid))/frozen" }
    /// `/v1/channels/{cid}/muted`.
    public static func muted(_ cid: String) -> String { "\(channel(cid))/muted" }
    /// `/v1/channels/{cid}/members`.
    public static func members(_ cid: String) -> String { "\(channel(cid))/members" }
    /// `/v1/channels/{cid}/members/remove`.
    public static func removeMembers(_ cid: String) -> String { "\(channel(cid))/members/remove" }
    /// `/v1/channels/{cid}/messages`.
    public static func channelMessages(_ cid: String) -> String { "\(channel(cid))/messages" }
    /// `/v1/channels/{cid}/read`.
    public static func read(_ cid: String) -> String { "\(channel(cid))/read" }
    /// `/v1/channels/{cid}/typing`.
    public static func typing(_ cid: String) -> String { "\(channel(cid))/typing" }
    /// `/v1/messages/{id}`.
    public static func message(_ id: String) -> String { "\(Wire.pathPrefix)/messages/\(segment(id))" }
    /// `/v1/messages/{id}/reactions`.
    public static func reactions(_ messageId: String) -> String { "\(message(messageId))/reactions" }
    /// `/v1/messages/{id}/reactions/{type}`, with `?operation_id=OP` when `operationId` is set
    /// (see ``AddReactionRequest/operationId``).
    public static func reaction(_ messageId: String, type: String, operationId: String? = nil) -> String {
        "\(reactions(messageId))/\(segment(type))" + (operationId.map { "?\(operationIdQuery)=\(segment($0))" } ?? "")
    }

    /// The query parameter of a reaction removal's operation id.
    public static let operationIdQuery = "operation_id"

    /// The longest operation id a server accepts.
    public static let maxOperationIdLength = 128

    /// How long a server remembers an applied operation id (seven days): a retry within this
    /// time applies nothing; after it the id is forgotten and would apply again.
    public static let operationIdRetention: Duration = .seconds(7 * 24 * 3600)

    /// How long a client keeps retrying a queued operation (six days, from when it was queued):
    /// a day less than ``operationIdRetention``, so every retry reaches a server that still
    /// remembers the id (the day absorbs clock changes); an older operation is dropped unsent.
    public static let operationRetryWindow: Duration = .seconds(6 * 24 * 3600)

    /// `/v1/sync`.
    public static let sync = "\(Wire.pathPrefix)/sync"
    /// `/v1/search`.
    public static let search = "\(Wire.pathPrefix)/search"
    /// `/v1/ws`: the WebSocket.
    public static let webSocket = "\(Wire.pathPrefix)/ws"

    /// Percent-encodes one path segment (ids may hold any character but `/` would split them).
    public static func segment(_ value: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#%")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}

/// An empty JSON object: the answer of requests that return nothing.
public struct EmptyResponse: Sendable, Hashable, Codable {
    /// Creates the empty answer.
    public init() {}
}

/// `POST /v1/users`: creates or updates users. A user may write only themselves (and not raise
/// their own role) unless an admin.
public struct UpsertUsersRequest: Sendable, Hashable, Codable {
    /// The users.
    public var users: [WireUser]
    /// Creates the request.
    public init(users: [WireUser]) { self.users = users }
}

/// Users, as stored.
public struct UsersResponse: Sendable, Hashable, Codable {
    /// The users.
    public var users: [WireUser]
    /// Creates the response.
    public init(users: [WireUser]) { self.users = users }
}

/// `POST /v1/channels`: creates a channel; the actor becomes its owner.
public struct CreateChannelRequest: Sendable, Hashable, Codable {
    /// `type:id` of the new channel.
    public var cid: String
    /// Its display name.
    public var name: String?
    /// Its image.
    public var imageURL: URL?
    /// Members besides the creator.
    public var memberIds: [String]
    /// Its config; the type's default when `nil`.
    public var config: WireChannelConfig?
    /// Whether it starts frozen.
    public var isFrozen: Bool

    /// Creates the request.
    public init(
        cid: String, name: String? = nil, imageURL: URL? = nil, memberIds: [String] = [],
        config: WireChannelConfig? = nil, isFrozen: Bool = false
    ) {
        self.cid = cid
        self.name = name
        self.imageURL = imageURL
        self.memberIds = memberIds
        self.config = config
        self.isFrozen = isFrozen
    }
}

/// `PATCH /v1/channels/{cid}`: renames the channel or changes its image (`nil` keeps a value).
public struct UpdateChannelRequest: Sendable, Hashable, Codable {
    /// The new name.
    public var name: String?
    /// The new image.
    public var imageURL: URL?
    /// Creates the request.
    public init(name: String? = nil, imageURL: URL? = nil) {
        self.name = name
        self.imageURL = imageURL
    }
}

/// `PUT /v1/channels/{cid}/frozen` and `/muted`: turns a flag on or off.
public struct SetFlagRequest: Sendable, Hashable, Codable {
    /// The flag's new value.
    public var value: Bool
    /// Creates the request.
    public init(value: Bool) { self.value = value }
}

/// `POST /v1/channels/{cid}/members` (add) and `/members/remove`.
public struct MembersRequest: Sendable, Hashable, Codable {
    /// The users to add or remove.
    public var userIds: [String]
    /// Creates the request.
    public init(userIds: [String]) { self.userIds = userIds }
}

/// `POST /v1/channels/{cid}/messages`: sends a message. Idempotent on ``id``: a retry answers
/// the stored message and appends no event; the same id by another user or in another channel
/// is ``WireErrorCode/duplicateId``.
public struct SendMessageRequest: Sendable, Hashable, Codable {
    /// The client-generated message id.
    public var id: String
    /// Its text.
    public var text: String
    /// The thread root, for a reply.
    public var parentId: String?
    /// Whether a reply is also shown in the channel.
    public var showReplyInChannel: Bool
    /// The message it quotes (same channel).
    public var quotedMessageId: String?
    /// Users mentioned in the text.
    public var mentionedUserIds: [String]
    /// Attachments.
    public var attachments: [WireAttachment]
    /// When it was written (the sender's clock).
    public var createdAt: Date?

    /// Creates the request.
    public init(
        id: String, text: String, parentId: String? = nil, showReplyInChannel: Bool = false,
        quotedMessageId: String? = nil, mentionedUserIds: [String] = [], attachments: [WireAttachment] = [],
        createdAt: Date? = nil
    ) {
        self.id = id
        self.text = text
        self.parentId = parentId
        self.showReplyInChannel = showReplyInChannel
        self.quotedMessageId = quotedMessageId
        self.mentionedUserIds = mentionedUserIds
        self.attachments = attachments
        self.createdAt = createdAt
    }
}

/// `PATCH /v1/messages/{id}`: replaces a message's text.
public struct EditMessageRequest: Sendable, Hashable, Codable {
    /// The new text.
    public var text: String
    /// Creates the request.
    public init(text: String) { self.text = text }
}

/// `POST /v1/messages/{id}/reactions`: adds a reaction.
public struct AddReactionRequest: Sendable, Hashable, Codable {
    /// The reaction type.
    public var type: String
    /// The score to add (at least 1).
    public var score: Int
    /// Whether to remove the user's reactions of other types first.
    public var enforceUnique: Bool
    /// The client's id for this operation, the same on every retry (at most
    /// ``WirePath/maxOperationIdLength`` characters): a server that already applied an operation
    /// of the user with this id applies nothing and answers the message as it is. Without one
    /// (older clients), every request applies, so a retry adds its score again.
    public var operationId: String?
    /// Creates the request.
    public init(type: String, score: Int = 1, enforceUnique: Bool = false, operationId: String? = nil) {
        self.type = type
        self.score = score
        self.enforceUnique = enforceUnique
        self.operationId = operationId
    }
}

/// `POST /v1/channels/{cid}/typing` (or the socket's ``ClientFrame/typing(_:)``).
public struct TypingRequest: Sendable, Hashable, Codable {
    /// The thread, when typing a reply.
    public var parentMessageId: String?
    /// `true` to start, `false` to stop.
    public var isTyping: Bool
    /// Creates the request.
    public init(parentMessageId: String? = nil, isTyping: Bool) {
        self.parentMessageId = parentMessageId
        self.isTyping = isTyping
    }
}

/// What every write answers: the events it appended (in order; apply them as if they came over
/// the socket), and the message or channel it wrote.
public struct WriteResponse: Sendable, Hashable, Codable {
    /// The events the write appended (empty for an idempotent retry).
    public var events: [ChannelEvent]
    /// The message after the write (message and reaction writes).
    public var message: WireMessage?
    /// The channel after the write (channel writes).
    public var channel: WireChannel?
    /// Creates the response.
    public init(events: [ChannelEvent], message: WireMessage? = nil, channel: WireChannel? = nil) {
        self.events = events
        self.message = message
        self.channel = channel
    }
}

/// One channel as its member sees it: fields, members, the latest messages and where its
/// stream stands. Continue syncing from `channel.lastSeq`.
public struct ChannelStateResponse: Sendable, Hashable, Codable {
    /// The channel (with `epoch` and `lastSeq`).
    public var channel: WireChannel
    /// Its members (with read states).
    public var members: [WireMember]
    /// The latest messages, oldest first.
    public var messages: [WireMessage]
    /// The actor's capabilities there (ParleyChat's `ChannelCapability` raw values).
    public var ownCapabilities: [String]
    /// Whether the actor muted it.
    public var isMuted: Bool
    /// Creates the response.
    public init(
        channel: WireChannel, members: [WireMember], messages: [WireMessage], ownCapabilities: [String],
        isMuted: Bool
    ) {
        self.channel = channel
        self.members = members
        self.messages = messages
        self.ownCapabilities = ownCapabilities
        self.isMuted = isMuted
    }
}

/// `GET /v1/channels`: the actor's channels, most recently active first.
public struct ChannelListResponse: Sendable, Hashable, Codable {
    /// The channels.
    public var channels: [ChannelStateResponse]
    /// Creates the response.
    public init(channels: [ChannelStateResponse]) { self.channels = channels }
}

/// A page of messages (oldest first) or search hits (newest first).
public struct MessagesResponse: Sendable, Hashable, Codable {
    /// The messages.
    public var messages: [WireMessage]
    /// Whether there is nothing before the page.
    public var reachedStart: Bool
    /// Creates the response.
    public init(messages: [WireMessage], reachedStart: Bool) {
        self.messages = messages
        self.reachedStart = reachedStart
    }
}

/// `POST /v1/sync` (or the socket's ``ClientFrame/sync(_:)``): the events after each cursor.
/// Every cursor must name a channel the actor is a member of; a single other one fails the
/// whole request with ``WireErrorCode/channelNotFound``.
public struct SyncRequest: Sendable, Hashable, Codable {
    /// Pairs a socket answer with its request.
    public var requestId: String?
    /// One cursor per channel (at most ``WireLimits/maxSyncCursors``).
    public var cursors: [ChannelCursor]
    /// Creates the request.
    public init(requestId: String? = nil, cursors: [ChannelCursor]) {
        self.requestId = requestId
        self.cursors = cursors
    }
}

/// The answer to a ``SyncRequest``, one result per cursor in the same order.
public struct SyncResponse: Sendable, Hashable, Codable {
    /// The request's id.
    public var requestId: String?
    /// The results.
    public var channels: [ChannelSyncResult]
    /// Creates the response.
    public init(requestId: String? = nil, channels: [ChannelSyncResult]) {
        self.requestId = requestId
        self.channels = channels
    }
}
