import Foundation

/// Makes the backend of a server connection for ``ChatClient/connectUser(userInfo:token:completion:)``.
///
/// ParleyChat has no networking: `ParleyChatRemote` provides the one implementation,
/// `RemoteChatBackendFactory`, which the client finds at run time in any program that links
/// `ParleyChatRemote` (so Stream's connect code needs no extra line). A program that does not
/// link it gets an error for a server ``BaseURL``.
public protocol ChatServerBackendFactory: AnyObject {
    /// A backend for the server at `serverURL` acting as `token`'s user, set up as `config` says,
    /// not yet attached.
    static func makeBackend(serverURL: URL, token: Token, config: ChatClientConfig) -> any ChatBackend
}

// Stream's connect, disconnect and logout: who the client acts for, and through which backend.
extension ChatClient {
    /// The class `ParleyChatRemote` provides, if the program links it (`name` is for tests).
    static func serverBackendFactory(named name: String = "ParleyChatRemote.RemoteChatBackendFactory") -> (any ChatServerBackendFactory.Type)? {
        NSClassFromString(name) as? any ChatServerBackendFactory.Type
    }

    /// Connects `userInfo` with `token`, as Stream's: on the server of ``ChatClientConfig/baseURL``
    /// (the token is the server's JWT, from `parley token --user ID`), or on the embedded backend
    /// when there is none (any token naming the user, ``Token/development(userId:)`` say: the
    /// app's own store has no secret to check it against). The user is created or updated with
    /// `userInfo`'s name and image. `completion` runs on the main actor once the connection is
    /// live, or with the error: a token that is malformed, names another user, is expired or
    /// badly signed; a server that cannot be reached (the client then keeps trying, and messages
    /// sent meanwhile are queued); the store's ``localStorageError``.
    ///
    /// Controllers made before the call show the connected user's data after it. Unlike Stream's,
    /// a token that expires is accepted (every `parley serve` token does): when it has expired,
    /// the server says so through `completion`.
    public func connectUser(userInfo: UserInfo, token: Token, completion: (@MainActor @Sendable ((any Error)?) -> Void)? = nil) {
        Task {
            let error: ChatError?
            do throws(ChatError) {
                try await connectUser(userInfo: userInfo, token: token)
                error = nil
            } catch let failure {
                error = failure
            }
            await completion?(error)
        }
    }

    /// Connects `userInfo` with the token `tokenProvider` gives, as Stream's; see
    /// ``connectUser(userInfo:token:completion:)``. The provider is asked once per connect.
    public func connectUser(
        userInfo: UserInfo, tokenProvider: @escaping TokenProvider, completion: (@MainActor @Sendable ((any Error)?) -> Void)? = nil
    ) {
        tokenProvider { [self] result in
            switch result {
            case .success(let token):
                connectUser(userInfo: userInfo, token: token, completion: completion)
            case .failure(let error):
                Task { @MainActor in completion?(error) }
            }
        }
    }

    /// Connects `userInfo` with `token` and returns once the connection is live; see
    /// ``connectUser(userInfo:token:completion:)``.
    public func connectUser(userInfo: UserInfo, token: Token) async throws(ChatError) {
        guard !token.userId.isEmpty else {
            throw ChatError.serverError(code: "invalid_token", message: "The token is not a JWT naming a user.")
        }
        guard token.userId == userInfo.id else {
            throw ChatError.serverError(
                code: "invalid_token", message: "The token is for \(token.userId), not \(userInfo.id).")
        }
        let stored = try? user(id: userInfo.id)
        let user = ChatUser(
            id: userInfo.id, name: userInfo.name ?? stored?.name ?? userInfo.id, imageURL: userInfo.imageURL ?? stored?.imageURL,
            avatarColor: stored?.avatarColor, role: stored?.role ?? .user, createdAt: stored?.createdAt ?? clock.now())
        let generation = session.withLock { session in
            session.generation += 1
            return session.generation
        }
        if let serverURL = try config.baseURL.httpServerURL() {
            guard let factory = Self.serverBackendFactory() else {
                throw ChatError.serverError(
                    code: "no_remote_backend", message: "\(serverURL) is a server: link ParleyChatRemote to reach it.")
            }
            let backend = factory.makeBackend(serverURL: serverURL, token: token, config: config)
            // The server checks the token here, and learns who the user is (the socket needs that).
            var offline: ChatError?
            do {
                try await backend.upsertUsers([user])
            } catch where error.isConnectionFailure {
                offline = error
            }
            try await switchSession(to: backend, userId: user.id, isEmbedded: false, generation: generation)
            let now = clock.now()
            try await store.write { db in try StoreWriter(db: db, now: now).upsertUser(user) }
            if let offline { throw offline }
            try await untilConnected()
        } else {
            try await switchSession(to: localBackend, userId: user.id, isEmbedded: true, generation: generation)
            try await localBackend.upsertUsers([user])
            syncStore.setConnectionStatus(.connected)
        }
        if let localStorageError { throw localStorageError }
    }

    /// Connects a guest, as Stream's: on the embedded backend, the guest is the user `userInfo`
    /// names; a server (which issues no guest tokens) answers with an error.
    public func connectGuestUser(userInfo: UserInfo, completion: (@MainActor @Sendable ((any Error)?) -> Void)? = nil) {
        guard config.baseURL.serverURL == nil else {
            let error = ChatError.serverError(code: "guest_not_supported", message: "A Parley server has no guest users: connect with a token.")
            Task { @MainActor in completion?(error) }
            return
        }
        connectUser(userInfo: userInfo, token: .development(userId: userInfo.id), completion: completion)
    }

    /// Makes `backend` the one in use, acting for `userId`; the previous backend is detached.
    /// Switching away from (or to) a server for another user empties the store first, as Stream
    /// does, since what it holds is another user's view.
    private func switchSession(to backend: any ChatBackend, userId: UserId, isEmbedded: Bool, generation: Int) async throws(ChatError) {
        let previous = session.withLock { session -> Session? in
            guard session.generation == generation else { return nil }
            return session
        }
        guard let previous else {
            throw ChatError.serverError(code: "superseded", message: "Another connectUser or logout came after this one.")
        }
        if previous.needsLocalDataRemoval || (!previous.userId.isEmpty && previous.userId != userId && !(previous.isEmbedded && isEmbedded)) {
            try await removeAllLocalData()
            session.withLock { $0.needsLocalDataRemoval = false }
        }
        session.withLock { session in
            session.userId = userId
            session.backend = backend
            session.isEmbedded = isEmbedded
        }
        if !previous.isEmbedded, previous.backend as AnyObject !== backend as AnyObject { previous.backend.detach() }
        syncStore.setCurrentUserId(userId)
        prepareCurrentUser(userId, keepQueued: !isEmbedded)
        if !isEmbedded {
            syncStore.setConnectionStatus(.connecting)
            backend.attach(to: syncStore)
        }
    }

    /// Returns once the connection status is ``ConnectionStatus/connected``; throws if the app
    /// disconnects (or logs out) first.
    private func untilConnected() async throws(ChatError) {
        let stream = AsyncStream<ConnectionStatus> { continuation in
            let token = syncStore.addConnectionObserver { continuation.yield($0) }
            continuation.onTermination = { [syncStore] _ in syncStore.removeConnectionObserver(token) }
            continuation.yield(syncStore.connectionStatus)
        }
        for await status in stream {
            switch status {
            case .connected: return
            case .disconnecting, .disconnected(error: nil):
                throw ChatError.notConnected(reason: "the client disconnected before the connection was made")
            default: continue
            }
        }
    }

    /// Closes the connection to the server, as Stream's; the user stays set (the store still
    /// reads as them) and writes queue until the next ``connectUser(userInfo:token:completion:)``.
    /// With the embedded backend only the status changes. `completion` runs on the main actor.
    public func disconnect(completion: @escaping @MainActor @Sendable () -> Void) {
        Task {
            await disconnect()
            await completion()
        }
    }

    /// Closes the connection to the server; see ``disconnect(completion:)``.
    public func disconnect() async {
        syncStore.setConnectionStatus(.disconnecting)
        await backend.disconnect()
        syncStore.setConnectionStatus(.disconnected(error: nil))
    }

    /// Disconnects and removes all local data, as Stream's: the store is emptied (controllers see
    /// their channels go) and the client acts for nobody until the next
    /// ``connectUser(userInfo:token:completion:)``. `completion` runs on the main actor.
    ///
    /// If the store cannot be emptied (a full disk, a read-only file), the client is still logged
    /// out, and the next `connectUser` empties the store before anything else, failing with the
    /// error while it still cannot. Pass a completion that takes the error to hear of the failure
    /// at once.
    public func logout(completion: @escaping @MainActor @Sendable () -> Void) {
        logout(completion: { (_: (any Error)?) in completion() })
    }

    /// Disconnects and removes all local data, as ``logout(completion:)``, and calls `completion`
    /// (on the main actor) with the error if the store could not be emptied
    /// (``ChatError/diskFull(reason:)``, ``ChatError/readOnlyStorage(reason:)``, …), `nil` otherwise.
    public func logout(completion: @escaping @MainActor @Sendable ((any Error)?) -> Void) {
        Task {
            let failure = await logOutAndEmptyTheStore()
            await completion(failure)
        }
    }

    /// Disconnects and removes all local data; see ``logout(completion:)``. As Stream's, it does
    /// not throw: a store that cannot be emptied makes the next `connectUser` fail until it can
    /// (the completion form of ``logout(completion:)`` hears the error at once).
    public func logout() async {
        _ = await logOutAndEmptyTheStore()
    }

    /// Logs out, then empties the store; returns the store's error if it could not be emptied
    /// (the session then remembers that the next `connectUser` must empty it first).
    private func logOutAndEmptyTheStore() async -> ChatError? {
        await disconnect()
        session.withLock { session in
            session.generation += 1
            session.userId = ""
            session.backend = localBackend
            session.isEmbedded = true
            session.needsLocalDataRemoval = true
        }
        syncStore.setCurrentUserId("")
        do throws(ChatError) {
            try await removeAllLocalData()
        } catch {
            return error
        }
        session.withLock { $0.needsLocalDataRemoval = false }
        return nil
    }

    /// Empties the store (channels with their messages, members and reactions, users, cursors)
    /// and the outbox, in one transaction that controllers observe.
    func removeAllLocalData() async throws(ChatError) {
        for entry in outbox.allEntries {
            if outbox.remove(entry.outgoing.id) != nil { publishOutboxChange(entry.outgoing, kind: .removed) }
        }
        try await store.write { db in
            for table in ["channel", "sync_cursor", "reaction_outbox", "typing", "message", "user"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }
}
