import Foundation
import GRDB

/// Everything that can go wrong in ParleyChat. Each case's ``description`` says what went wrong
/// and what to do about it.
///
/// Every public throwing API of the module throws `ChatError` and nothing else, so a `catch` can
/// switch over the cases:
///
/// ```swift
/// do {
///     try await controller.addReaction(.love, to: message.id)
/// } catch .featureDisabled(.reactions, _) {
///     // hide the reaction picker
/// } catch {
///     show(error.description)
/// }
/// ```
public enum ChatError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    // MARK: Input

    /// The message has no text (or only whitespace) and no attachments.
    case emptyMessage
    /// The text is longer than the channel's ``ChannelConfig/maxMessageLength``.
    case messageTooLong(length: Int, limit: Int)
    /// The string is not a `type:id` channel id.
    case invalidChannelId(String)
    /// The reaction type is empty, too long or contains whitespace.
    case invalidReactionType(String)
    /// Reaction scores must be at least 1.
    case invalidReactionScore(Int)
    /// A local file attached to the message does not exist.
    case attachmentFileMissing(URL)
    /// A file attached to the message (`fileName`, `size` bytes) is larger than the backend
    /// accepts: `limit` bytes, ``ChatClientConfig/maxAttachmentSize`` for the embedded backend,
    /// the server's upload limit for a remote one (`parley serve --max-upload-bytes`). Nothing is
    /// sent, and the message is not kept.
    case attachmentTooLarge(fileName: String, size: Int64, limit: Int64)
    /// A custom attachment's JSON is larger than ``CustomAttachmentPayload/maximumSize``.
    case attachmentPayloadTooLarge(type: AttachmentType, size: Int, limit: Int)
    /// A custom attachment cannot be sent: `reason` says why (its type, or JSON that is not an
    /// object).
    case invalidAttachmentPayload(type: AttachmentType, reason: String)
    /// A thread reply must reply to a message of the same channel that is not itself a reply.
    case invalidThreadParent(MessageId)
    /// A message may only quote a message of the same channel.
    case invalidQuotedMessage(MessageId)
    /// System, ephemeral and error messages cannot be edited or reacted to.
    case messageNotEditable(MessageId, MessageType)
    /// Only messages in the `sendingFailed` state can be resent.
    case messageNotFailed(MessageId, LocalMessageState)
    /// The id is already used by another message or channel.
    case duplicateId(String)

    // MARK: Missing things

    /// No channel has this id (or the current user cannot see it).
    case channelNotFound(ChannelId)
    /// No message has this id.
    case messageNotFound(MessageId)
    /// No user has this id.
    case userNotFound(UserId)
    /// The user is not a member of the channel.
    case notAMember(UserId, cid: ChannelId)

    // MARK: Rules

    /// The user may not do this in this channel.
    case missingCapability(ChannelCapability, cid: ChannelId)
    /// The channel's config turns this feature off.
    case featureDisabled(ChannelFeature, cid: ChannelId)
    /// The channel is frozen.
    case channelFrozen(ChannelId)
    /// The message was deleted.
    case messageDeleted(MessageId)
    /// Only the author (or a moderator) may change this message.
    case notOwnMessage(MessageId)

    // MARK: Storage

    /// The database file is not a SQLite database or is corrupted. `movedTo` is where the file
    /// was moved aside, if it was.
    case databaseUnreadable(path: String, reason: String, movedTo: String?)
    /// The disk (or the database's size limit) is full.
    case diskFull(reason: String)
    /// The database cannot be written (read-only file, file system or connection).
    case readOnlyStorage(reason: String)
    /// Any other SQLite failure.
    case databaseError(code: Int32, reason: String)

    // MARK: Network

    /// The server cannot be reached now. A message sent meanwhile stays queued (`pending`) and is
    /// sent when the connection is back.
    case notConnected(reason: String)
    /// The server refused the request for a reason this version does not know (`code` is the
    /// server's machine-readable code).
    case serverError(code: String, message: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .emptyMessage:
            "The message is empty. Type some text or attach something before sending."
        case .messageTooLong(let length, let limit):
            "The message is \(length) characters long; this channel accepts at most \(limit). Shorten it or split it into several messages."
        case .invalidChannelId(let raw):
            "\"\(raw)\" is not a channel id. Channel ids are written type:id, for example messaging:general, with no ':' in the id."
        case .invalidReactionType(let raw):
            "\"\(raw)\" is not a reaction type. Use a non-empty name of at most \(MessageReactionType.maximumLength) characters without spaces, such as \"love\"."
        case .invalidReactionScore(let score):
            "A reaction score of \(score) is not allowed. Pass a score of 1 or more."
        case .attachmentFileMissing(let url):
            "The attached file \(url.path) does not exist. Attach a file that exists on this machine."
        case .attachmentTooLarge(let name, let size, let limit):
            "\(name) is \(Self.byteCount(size)); files of at most \(Self.byteCount(limit)) can be sent here. Attach a smaller file."
        case .attachmentPayloadTooLarge(let type, let size, let limit):
            "The \"\(type.rawValue)\" attachment's payload is \(size) bytes of JSON; at most \(limit) are allowed. Keep custom payloads small and upload files instead."
        case .invalidAttachmentPayload(let type, let reason):
            "The \"\(type.rawValue)\" attachment cannot be sent: \(reason)."
        case .invalidThreadParent(let id):
            "Message \(id) cannot start a thread here: replies must answer a message of the same channel that is not itself a reply. Reply to the thread's first message instead."
        case .invalidQuotedMessage(let id):
            "Message \(id) cannot be quoted here: a message may only quote a message of the same channel."
        case .messageNotEditable(let id, let type):
            "Message \(id) is a \(type.rawValue) message, which cannot be edited or reacted to. Only regular messages and replies can."
        case .messageNotFailed(let id, let state):
            "Message \(id) is \(state.rawValue), not sendingFailed, so there is nothing to resend."
        case .duplicateId(let id):
            "The id \(id) is already taken. Choose another id."
        case .channelNotFound(let cid):
            "There is no channel \(cid). Check the id, or create the channel first."
        case .messageNotFound(let id):
            "There is no message \(id). It may belong to another store; reload the channel."
        case .userNotFound(let id):
            "There is no user \(id). Create the user (ChatClient.upsertUsers) before using it."
        case .notAMember(let user, let cid):
            "User \(user) is not a member of \(cid). Add them to the channel first."
        case .missingCapability(let capability, let cid):
            "You are not allowed to \(capability.rawValue.replacingOccurrences(of: "-", with: " ")) in \(cid). Check ChatChannel.ownCapabilities before offering this action."
        case .featureDisabled(let feature, let cid):
            "\(feature.displayName) are disabled in \(cid) (config.\(feature.configFlag) is false). Check ChatChannel.config before offering this action."
        case .channelFrozen(let cid):
            "\(cid) is frozen: nothing can be sent or reacted to until a moderator unfreezes it."
        case .messageDeleted(let id):
            "Message \(id) was deleted; it can no longer be edited, replied to or reacted to."
        case .notOwnMessage(let id):
            "Message \(id) was sent by someone else; only its author or a moderator can change it."
        case .databaseUnreadable(let path, let reason, let movedTo):
            if let movedTo {
                "The chat database at \(path) could not be read (\(reason)). It was moved aside to \(movedTo), not deleted, and a fresh store was started; keep the old file for recovery or support."
            } else {
                "The chat database at \(path) could not be read (\(reason)). Move it aside (ChatClient.moveDatabaseAside(at:)) or open the client with config.unreadableDatabasePolicy = .moveAsideAndStartFresh to start with a fresh store; the file is never deleted."
            }
        case .diskFull(let reason):
            "The disk is full, so nothing could be saved (\(reason)). Unsent messages are kept as sendingFailed; free some space and resend them."
        case .readOnlyStorage(let reason):
            "The chat database cannot be written (\(reason)). Unsent messages are kept as sendingFailed; make the storage writable and resend them."
        case .databaseError(let code, let reason):
            "The chat database failed (SQLite error \(code): \(reason)). Retry; if it persists, report it with this message."
        case .notConnected(let reason):
            "The chat server cannot be reached (\(reason)). Messages are kept and sent when the connection is back."
        case .serverError(let code, let message):
            "The chat server refused the request (\(code): \(message))."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// `bytes` for people, in the decimal units file sizes are shown in: "20 MB", "1.5 MB",
    /// "800 KB", "12 bytes".
    static func byteCount(_ bytes: Int64) -> String {
        for (unit, name) in [(Int64(1_000_000_000), "GB"), (1_000_000, "MB"), (1_000, "KB")] where bytes >= unit {
            let tenths = (Double(bytes) / Double(unit) * 10).rounded() / 10
            return (tenths == tenths.rounded() ? String(Int64(tenths)) : String(format: "%.1f", tenths)) + " " + name
        }
        return "\(bytes) bytes"
    }

    /// Whether the failure comes from storage rather than from the input or the rules, so the
    /// same request may succeed later (after freeing space, say).
    public var isStorageFailure: Bool {
        switch self {
        case .diskFull, .readOnlyStorage, .databaseError, .databaseUnreadable: true
        default: false
        }
    }

    /// Whether the failure is the connection's (the request may succeed once it is back).
    public var isConnectionFailure: Bool {
        if case .notConnected = self { return true }
        return false
    }

    /// Converts any error thrown inside the module into a `ChatError`.
    static func wrapping(_ error: any Error, path: String = "") -> ChatError {
        if let chatError = error as? ChatError { return chatError }
        if let dbError = error as? DatabaseError { return ChatError(dbError, path: path) }
        if error is CancellationError {
            return .databaseError(code: -1, reason: "the operation was cancelled")
        }
        return .databaseError(code: -1, reason: String(describing: error))
    }

    /// Classifies a SQLite error.
    init(_ error: DatabaseError, path: String) {
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_FULL:
            self = .diskFull(reason: reason)
        case .SQLITE_READONLY:
            self = .readOnlyStorage(reason: reason)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            self = .databaseUnreadable(path: path, reason: reason, movedTo: nil)
        default:
            self = .databaseError(code: error.resultCode.rawValue, reason: reason)
        }
    }
}
