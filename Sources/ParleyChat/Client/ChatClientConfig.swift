import Foundation

/// How a ``ChatClient`` starts.
public struct ChatClientConfig: Sendable {
    /// The user this client acts for. A user row with this id is created (named after the id) if
    /// the store has none; ``ChatClient/upsertUsers(_:)`` can give it a proper name.
    public var currentUserId: UserId
    /// The database file; `nil` keeps everything in memory (tests, previews).
    public var databaseURL: URL?
    /// The time source (use ``ManualChatClock`` in tests and deterministic demos).
    public var clock: any ChatClock
    /// What to do when the database file is not a SQLite database or is corrupted.
    public var unreadableDatabasePolicy: UnreadableDatabasePolicy
    /// Seeds the generator of message ids; `nil` uses system randomness. Set it (with a manual
    /// clock) to make a whole session reproducible.
    public var randomSeed: UInt64?

    /// Describes a client.
    public init(
        currentUserId: UserId,
        databaseURL: URL? = nil,
        clock: any ChatClock = SystemChatClock(),
        unreadableDatabasePolicy: UnreadableDatabasePolicy = .fail,
        randomSeed: UInt64? = nil
    ) {
        self.currentUserId = currentUserId
        self.databaseURL = databaseURL
        self.clock = clock
        self.unreadableDatabasePolicy = unreadableDatabasePolicy
        self.randomSeed = randomSeed
    }
}

/// What ``ChatClient/init(config:)`` does with a database file it cannot read.
public enum UnreadableDatabasePolicy: Sendable, Hashable {
    /// Throw ``ChatError/databaseUnreadable(path:reason:movedTo:)`` and touch nothing.
    case fail
    /// Move the file (and its `-wal`, `-shm` companions) aside, never deleting it, start with a
    /// fresh store, and report what happened in ``ChatClient/recoveredFromUnreadableDatabase``.
    case moveAsideAndStartFresh
}

extension ChatStore {
    /// Opens the store `config` names; an unreadable file is moved aside and a fresh store
    /// opened when `config.unreadableDatabasePolicy` says so, and that recovery is returned.
    static func open(for config: ChatClientConfig) throws(ChatError) -> (ChatStore, ChatError?) {
        do {
            return (try ChatStore(url: config.databaseURL), nil)
        } catch {
            guard case .databaseUnreadable(let path, let reason, _) = error,
                  config.unreadableDatabasePolicy == .moveAsideAndStartFresh, let url = config.databaseURL
            else { throw error }
            let movedTo = try ChatStore.moveAside(url, now: config.clock.now())
            let store = try ChatStore(url: url)
            return (store, .databaseUnreadable(path: path, reason: reason, movedTo: movedTo.path))
        }
    }
}
