/// Messages the store could not accept (read-only or full disk), held in memory so that nothing
/// the user wrote is lost: controllers show them as `sendingFailed`, and a resend moves them into
/// the store once it accepts writes again.
///
/// Invariant: an id is in the outbox only while the store has no usable row for it (or its row
/// could not be marked failed); when both exist, controllers show the outbox's version.
final class Outbox: Sendable {
    struct Entry: Sendable {
        var outgoing: OutgoingMessage
        var message: ChatMessage
        var error: ChatError
    }

    private let entries = PthreadMutex<[MessageId: Entry]>([:])
    /// The last version handed out (see ``put(_:)``).
    private let lastVersion = PthreadMutex(Outbox.firstVersion)

    /// Where held messages' versions start: far above any a store row reaches (one per write), so
    /// a message moving between the store and the outbox always changes version.
    static let firstVersion = 1 << 40

    /// Holds `entry`, giving its message a new ``ChatMessage/version``: each put is a change of
    /// its local state the UI must see.
    func put(_ entry: Entry) {
        var entry = entry
        entry.message.version = lastVersion.withLock { version in
            version += 1
            return version
        }
        entries.withLock { $0[entry.message.id] = entry }
    }

    @discardableResult
    func remove(_ id: MessageId) -> Entry? { entries.withLock { $0.removeValue(forKey: id) } }

    func entry(_ id: MessageId) -> Entry? { entries.withLock { $0[id] } }

    func messages(in cid: ChannelId, parentId: MessageId?) -> [ChatMessage] {
        entries.withLock { entries in
            entries.values.map(\.message).filter { message in
                guard message.cid == cid else { return false }
                if let parentId { return message.parentMessageId == parentId }
                return message.parentMessageId == nil || message.showReplyInChannel
            }
        }
    }

    var allMessages: [ChatMessage] { entries.withLock { $0.values.map(\.message) } }

    /// Every entry, in no order.
    var allEntries: [Entry] { entries.withLock { Array($0.values) } }
}
