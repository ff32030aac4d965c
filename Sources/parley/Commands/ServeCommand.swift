import ArgumentParser
import Foundation
import NIOCore
import ParleyLinkPreview
import ParleyProtocol
import ParleyServer

/// `parley serve`: the real-time chat server (HTTP + WebSocket, JWT auth, SQLite).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Parley server (HTTP API and WebSocket on one port).",
        discussion: """
            Tokens are HS256 JWTs whose subject is the user. With --dev the secret is created in the \
            server's data directory on first run and `parley token --user NAME` mints tokens; otherwise \
            the secret comes from $\(ServerDataDirectory.secretVariable).
            """
    )

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The SQLite database (default: $XDG_DATA_HOME/parley/server/parley-server.sqlite).")
    var db: String?

    @Option(help: "The server's data directory (default: $XDG_DATA_HOME/parley/server).")
    var dataDir: String?

    @Option(help: "A PostgreSQL database instead of SQLite (postgres://user:password@host:port/database); several server processes may share it.")
    var postgres: String?

    @Option(help: "The PostgreSQL connection pool's size (default: four per core, at least 4 and at most 16). Several server processes on one machine: give each its share.")
    var poolSize: Int = ParleyServerConfiguration.defaultPostgresPoolSize

    @Option(help: "The event loop threads serving sockets (default: one per core). Several server processes on one machine share its cores: give each its share.")
    var eventLoops: Int?

    @Flag(help: "Development mode: sign tokens with a secret kept in the data directory.")
    var dev = false

    @Option(help: "Users who become admins when they first write themselves, comma-separated.")
    var admins: String = ""

    @Option(help: "Requests (HTTP requests and WebSocket frames) each user may make per second.")
    var requestsPerSecond: Double = WireLimits().requestsPerSecond

    @Option(help: "Requests each user may make at once above that rate.")
    var burst: Int = WireLimits().requestBurst

    @Option(help: "The largest upload (POST /v1/uploads), in bytes.")
    var maxUploadBytes: Int = UploadPolicy().maxBytes

    @Option(help: "The MIME types uploads may have, comma-separated (`image/*` for a family; default: pictures, text, PDF, office documents, archives, audio and video).")
    var uploadTypes: String?

    @Flag(help: "Fetch the pages of links in new messages and add their previews and pictures (2 s, 512 KB pages, 5 MB pictures, http and https only; off by default).")
    var linkPreviews = false

    func validate() throws {
        if let eventLoops, eventLoops < 1 { throw ValidationError("--event-loops takes 1 or more, not \(eventLoops).") }
        if poolSize < 1 { throw ValidationError("--pool-size takes 1 or more, not \(poolSize).") }
    }

    func run() async throws {
        // Before anything starts the shared event loops (the server, the PostgreSQL pool).
        if let eventLoops { NIOSingletons.groupLoopCountSuggestion = eventLoops }
        let directory = ServerDataDirectory(dataDir.map { URL(fileURLWithPath: $0) })
        let secret: [UInt8]
        if dev {
            secret = try directory.devSecret()
        } else if let fromEnvironment = ServerDataDirectory.environmentSecret() {
            secret = fromEnvironment
        } else {
            throw ValidationError(
                "No token secret: set \(ServerDataDirectory.secretVariable), or pass --dev for a development secret.")
        }
        var configuration = ParleyServerConfiguration(
            host: host, port: port, databasePath: db ?? directory.databaseURL.path, jwtSecret: secret,
            limits: WireLimits(requestsPerSecond: requestsPerSecond, requestBurst: burst),
            adminUserIds: Set(admins.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }),
            postgresURL: postgres)
        configuration.postgresPoolSize = poolSize
        configuration.uploads = UploadPolicy(
            maxBytes: maxUploadBytes,
            allowedMimeTypes: uploadTypes.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
                ?? UploadPolicy.defaultMimeTypes)
        if linkPreviews { configuration.linkPreviewFetcher = HTTPLinkPreviewFetcher() }
        let database = postgres.map { Self.redacted($0) } ?? configuration.databasePath ?? "in memory"
        let host = configuration.host
        try await ParleyServerApp.run(configuration: configuration) { port in
            // Written unbuffered: scripts wait for this line to know the port.
            let line = "parley serve: listening on http://\(host):\(port) (database \(database))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }
}

extension ServeCommand {
    /// The URL without its password, for the log line.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}

/// `parley token`: mints a token for a user with the server's secret.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a token for a user (the dev secret in the data directory, or $\(ServerDataDirectory.secretVariable)).")

    @Option(help: "The user the token acts for.")
    var user: String

    @Option(help: "The server's data directory (default: $XDG_DATA_HOME/parley/server).")
    var dataDir: String?

    @Option(help: "How long the token is valid, in seconds.")
    var ttl: Double = 30 * 24 * 3600

    @Flag(help: "Fetch the pages of links in new messages and add their previews and pictures (2 s, 512 KB pages, 5 MB pictures, http and https only; off by default).")
    var linkPreviews = false

    func run() async throws {
        guard !user.isEmpty else { throw ValidationError("--user needs a user id.") }
        let secret = try ServerDataDirectory.environmentSecret()
            ?? ServerDataDirectory(dataDir.map { URL(fileURLWithPath: $0) }).devSecret()
        print(try await ServerTokens(secret: secret).sign(userId: user, lifetime: ttl))
    }
}
