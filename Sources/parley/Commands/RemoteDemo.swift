import ArgumentParser
import Foundation
import Parley
import ParleyChatRemote
import ParleyServer

/// `parley demo --server URL --user NAME`: the app as one user of a `parley serve`, on a local
/// store of its own that the remote backend keeps in sync.
enum RemoteDemo {
    /// The user's local store: `store`, else `$XDG_DATA_HOME/parley/remote-<host>-<port>-<user>.sqlite`.
    static func storeURL(server: URL, user: String, store: URL?) -> URL {
        if let store { return store }
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        let host = (server.host ?? "server").replacingOccurrences(of: ":", with: "_")
        let safeUser = user.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return base.appendingPathComponent("parley/remote-\(host)-\(server.port ?? 80)-\(safeUser).sqlite")
    }

    /// The token: `token`, else `$PARLEY_TOKEN`, else one minted with the server's secret
    /// (`$PARLEY_JWT_SECRET` or the dev secret in its data directory: same machine, `--dev`).
    static func token(for user: String, token: String?, dataDir: String?) throws -> String {
        if let token, !token.isEmpty { return token }
        if let token = ProcessInfo.processInfo.environment["PARLEY_TOKEN"], !token.isEmpty { return token }
        let secret = try ServerDataDirectory.environmentSecret()
            ?? ServerDataDirectory(dataDir.map { URL(fileURLWithPath: $0) }).devSecret()
        return try blocking { try await ServerTokens(secret: secret).sign(userId: user) }
    }

    /// Runs `body` to completion from synchronous code (before the app's run loop starts).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw ValidationError("interrupted") }
        return try result.get()
    }

    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }

    /// A client acting as `user` through the server at `server`.
    @MainActor
    static func open(server: String, user: String, token: String?, dataDir: String?, store: URL?, reset: Bool) throws -> DemoStore {
        guard let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("--server must be an http(s) URL, for example http://127.0.0.1:8080.")
        }
        let storeURL = storeURL(server: url, user: user, store: store)
        try FileManager.default.createDirectory(at: storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        if reset {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storeURL.path + suffix) }
        }
        let client = try makeClient(server: url, user: user, token: self.token(for: user, token: token, dataDir: dataDir), store: storeURL)
        return DemoStore(client: client, channels: [])
    }

    /// A client of `server` as `user` on `store` (in memory when `nil`); it writes its own user
    /// on the server (the server knows users once they did) and connects.
    static func makeClient(server: URL, user: String, token: String, store: URL?) throws -> ChatClient {
        let backend = RemoteChatBackend(configuration: RemoteChatConfiguration(serverURL: server, token: token))
        let client = try ChatClient(config: ChatClientConfig(currentUserId: user, databaseURL: store), backend: backend)
        let name = user.prefix(1).uppercased() + user.dropFirst()
        Task {
            do {
                try await client.upsertUsers([ChatUser(id: user, name: name)])
            } catch {
                FileHandle.standardError.write(Data("parley: could not register \(user) on \(server): \(error)\n".utf8))
            }
        }
        return client
    }
}
