import Foundation

/// Where `parley serve` keeps its files, and where its HS256 secret comes from.
public struct ServerDataDirectory: Sendable {
    /// The directory.
    public var url: URL

    /// The environment variable that holds the production secret.
    public static let secretVariable = "PARLEY_JWT_SECRET"

    /// `url`, or `$XDG_DATA_HOME/parley/server` (`~/.local/share/parley/server`) when `nil`.
    public init(_ url: URL? = nil) {
        if let url {
            self.url = url
        } else {
            let env = ProcessInfo.processInfo.environment
            let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
            self.url = base.appendingPathComponent("parley/server")
        }
    }

    /// The default database file.
    public var databaseURL: URL { url.appendingPathComponent("parley-server.sqlite") }

    /// The development secret's file.
    public var devSecretURL: URL { url.appendingPathComponent("dev-jwt-secret") }

    /// The development secret, created (32 random bytes, hex, mode 0600) on first use.
    ///
    /// An existing file is never replaced: one that cannot be read, or holds no secret, is an
    /// error that names it (replacing it would silently invalidate every token minted with it).
    public func devSecret() throws -> [UInt8] {
        if FileManager.default.fileExists(atPath: devSecretURL.path) {
            let existing = try String(contentsOf: devSecretURL, encoding: .utf8)
            let trimmed = existing.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [
                    NSFilePathErrorKey: devSecretURL.path,
                    NSLocalizedDescriptionKey: "The development secret \(devSecretURL.path) is empty: delete it to make a new one.",
                ])
            }
            return Array(trimmed.utf8)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        guard FileManager.default.createFile(
            atPath: devSecretURL.path, contents: Data(hex.utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: devSecretURL.path]) }
        return Array(hex.utf8)
    }

    /// The production secret from ``secretVariable``, or `nil` when unset or empty.
    public static func environmentSecret() -> [UInt8]? {
        guard let value = ProcessInfo.processInfo.environment[secretVariable], !value.isEmpty else { return nil }
        return Array(value.utf8)
    }
}
