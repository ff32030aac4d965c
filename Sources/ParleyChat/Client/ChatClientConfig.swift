import Foundation

/// How a ``ChatClient`` starts.
///
/// Two ways in: Parley's `ChatClientConfig(currentUserId:)`, a client acting for that user at
/// once on the embedded backend; or Stream's `ChatClientConfig(apiKey:)`, whose user comes with
/// ``ChatClient/connectUser(userInfo:token:completion:)`` (on a server when ``baseURL`` names
/// one, else on the embedded backend).
public struct ChatClientConfig: Sendable {
    /// The key of the app (Stream's); it names the store file in ``localStorageFolderURL``.
    public let apiKey: APIKey
    /// The user this client acts for. A user row with this id is created (named after the id) if
    /// the store has none; ``ChatClient/upsertUsers(_:)`` can give it a proper name. Empty for a
    /// ``init(apiKey:)`` configuration: ``ChatClient/connectUser(userInfo:token:completion:)``
    /// says who.
    public var currentUserId: UserId
    /// The database file; `nil` keeps everything in memory (tests, previews) unless
    /// ``isLocalStorageEnabled`` is set, which stores it in ``localStorageFolderURL``.
    public var databaseURL: URL?
    /// Where the data comes from: ``BaseURL/default`` is the embedded backend; a server's address
    /// makes ``ChatClient/connectUser(userInfo:token:completion:)`` connect to it.
    public var baseURL: BaseURL = .default
    /// Whether the store is a file in ``localStorageFolderURL`` (`<apiKey>.sqlite`) rather than
    /// memory when ``databaseURL`` is `nil`; `true` by default for ``init(apiKey:)``, as Stream's.
    public var isLocalStorageEnabled: Bool = false
    /// The folder of the store file: `$XDG_DATA_HOME/parley` (`~/.local/share/parley`) by default.
    public var localStorageFolderURL: URL? = ChatClientConfig.defaultLocalStorageFolderURL()
    /// The longest a request to the server may take, in seconds (an unreachable server is retried
    /// within it), as Stream's.
    public var timeoutIntervalForRequest: TimeInterval = 30
    /// Whether the client empties its store when it starts (Stream's flag for a cache made
    /// invalid by an app update).
    public var shouldFlushLocalStorageOnStart: Bool = false
    /// The time source (use ``ManualChatClock`` in tests and deterministic demos).
    public var clock: any ChatClock
    /// What to do when the database file is not a SQLite database or is corrupted.
    public var unreadableDatabasePolicy: UnreadableDatabasePolicy
    /// Seeds the generator of message ids; `nil` uses system randomness. Set it (with a manual
    /// clock) to make a whole session reproducible.
    public var randomSeed: UInt64?
    /// Fetches the page of a link in a sent message for its preview (embedded backend only; a
    /// server makes its own). `nil`, the default, fetches nothing.
    public var linkPreviewFetcher: (any LinkPreviewFetching)?
    /// The largest file the embedded backend accepts as an attachment, in bytes (Stream's
    /// `maxAttachmentSize`): 20 MB, as `parley serve` by default. A larger one is refused with
    /// ``ChatError/attachmentTooLarge(fileName:size:limit:)`` before the message is kept. A remote
    /// backend follows its server's limit instead.
    public var maxAttachmentSize: Int64 = ChatRules.defaultMaxAttachmentSize

    /// Describes a client.
    public init(
        currentUserId: UserId,
        databaseURL: URL? = nil,
        clock: any ChatClock = SystemChatClock(),
        unreadableDatabasePolicy: UnreadableDatabasePolicy = .fail,
        randomSeed: UInt64? = nil
    ) {
        self.init(
            apiKey: APIKey("parley"), currentUserId: currentUserId, databaseURL: databaseURL, clock: clock,
            unreadableDatabasePolicy: unreadableDatabasePolicy, randomSeed: randomSeed)
    }

    private init(
        apiKey: APIKey, currentUserId: UserId, databaseURL: URL?, clock: any ChatClock,
        unreadableDatabasePolicy: UnreadableDatabasePolicy, randomSeed: UInt64?
    ) {
        self.apiKey = apiKey
        self.currentUserId = currentUserId
        self.databaseURL = databaseURL
        self.clock = clock
        self.unreadableDatabasePolicy = unreadableDatabasePolicy
        self.randomSeed = randomSeed
    }

    /// Stream's configuration: an app key, and no user until
    /// ``ChatClient/connectUser(userInfo:token:completion:)``. The store is a file in
    /// ``localStorageFolderURL`` (set ``isLocalStorageEnabled`` to `false` to keep it in memory); a
    /// file that is not a readable database is moved aside and a fresh store started, as Stream
    /// recreates its cache.
    public init(apiKey: APIKey) {
        self.init(
            apiKey: apiKey, currentUserId: "", databaseURL: nil, clock: SystemChatClock(),
            unreadableDatabasePolicy: .moveAsideAndStartFresh, randomSeed: nil)
        isLocalStorageEnabled = true
    }

    /// Stream's configuration from the key's string.
    public init(apiKeyString: String) {
        self.init(apiKey: APIKey(apiKeyString))
    }

    /// The store file the client opens: ``databaseURL``, else `<localStorageFolderURL>/<apiKey>.sqlite`
    /// when ``isLocalStorageEnabled``, else `nil` (memory).
    public var storeURL: URL? {
        if let databaseURL { return databaseURL }
        guard isLocalStorageEnabled, let folder = localStorageFolderURL else { return nil }
        return folder.appendingPathComponent(apiKey.apiKeyString + ".sqlite")
    }

    /// `$XDG_DATA_HOME/parley`, else `~/.local/share/parley`.
    static func defaultLocalStorageFolderURL() -> URL? {
        let env = ProcessInfo.processInfo.environment
        if let data = env["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("parley")
        }
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/parley")
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
        let storeURL = config.storeURL
        if let folder = storeURL?.deletingLastPathComponent(), config.databaseURL == nil {
            // The default folder may not exist yet; a failure shows when the store opens.
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        if config.shouldFlushLocalStorageOnStart, let url = storeURL {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        }
        do {
            return (try ChatStore(url: storeURL), nil)
        } catch {
            guard case .databaseUnreadable(let path, let reason, _) = error,
                  config.unreadableDatabasePolicy == .moveAsideAndStartFresh, let url = storeURL
            else { throw error }
            let movedTo = try ChatStore.moveAside(url, now: config.clock.now())
            let store = try ChatStore(url: url)
            return (store, .databaseUnreadable(path: path, reason: reason, movedTo: movedTo.path))
        }
    }
}
