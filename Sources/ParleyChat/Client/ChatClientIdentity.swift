import Foundation

/// The key of a chat app, as Stream's `APIKey`.
///
/// Parley has no hosted service that bills per key: the key names the app's local store file
/// (`<localStorageFolderURL>/<key>.sqlite`), so two apps (or two workspaces) sharing a folder keep
/// their data apart.
public struct APIKey: Sendable, Hashable {
    /// The key as given.
    public let apiKeyString: String

    /// A key; an empty string is replaced by `"parley"` (Stream asserts instead).
    public init(_ apiKeyString: String) {
        self.apiKeyString = apiKeyString.isEmpty ? "parley" : apiKeyString
    }
}

/// Where a ``ChatClient`` gets its data, as Stream's `BaseURL`.
///
/// ``default`` is the embedded backend (the store in the app's own process, no network);
/// `BaseURL(url:)` with an `http(s)` (or `ws(s)`) address is a `parley serve`, reached through
/// `ParleyChatRemote` (link it, as an app links `StreamChat`). Unlike Stream's, the scheme is kept:
/// a server on loopback speaks plain `http`.
public struct BaseURL: Sendable, Hashable, CustomStringConvertible {
    /// The server's address; `nil` for the embedded backend.
    public let serverURL: URL?

    /// The embedded backend: no server.
    public static let `default` = BaseURL(serverURL: nil)

    private init(serverURL: URL?) {
        self.serverURL = serverURL
    }

    /// A server at `url` (`http://127.0.0.1:8080`, say).
    public init(url: URL) {
        self.init(serverURL: url)
    }

    /// The server's address, or `embedded`.
    public var description: String { serverURL?.absoluteString ?? "embedded" }

    /// The server's HTTP address (a `ws(s)` scheme becomes `http(s)`), `nil` for the embedded
    /// backend.
    ///
    /// - Throws: ``ChatError/serverError(code:message:)`` `bad_base_url` for another scheme.
    func httpServerURL() throws(ChatError) -> URL? {
        guard let url = serverURL else { return nil }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), components.host?.isEmpty == false
        else { throw ChatError.serverError(code: "bad_base_url", message: "\(url) is not a server address") }
        switch scheme {
        case "http", "https": break
        case "ws": components.scheme = "http"
        case "wss": components.scheme = "https"
        default: throw ChatError.serverError(code: "bad_base_url", message: "\(url) is not an http(s) or ws(s) address")
        }
        return components.url ?? url
    }
}

/// A user's JWT and what it says, as Stream's `Token`.
///
/// The user is the payload's `user_id` (Stream's tokens) or `sub` (`parley token`'s); the
/// expiry is `exp`. The signature is checked by the server, never here.
public struct Token: Sendable, Hashable, Decodable, ExpressibleByStringLiteral {
    /// The JWT as given.
    public let rawValue: String
    /// The user the token is for.
    public let userId: UserId
    /// When the token expires, if it says.
    public let expiration: Date?

    /// Reads the user and expiry out of a JWT.
    ///
    /// - Throws: ``ChatError/serverError(code:message:)`` `invalid_token` when `rawValue` is not
    ///   a JWT naming a user.
    public init(rawValue: String) throws(ChatError) {
        guard let claims = Self.claims(of: rawValue) else {
            throw ChatError.serverError(code: "invalid_token", message: "The token is not a JWT.")
        }
        guard let userId = (claims["user_id"] as? String) ?? (claims["sub"] as? String), !userId.isEmpty else {
            throw ChatError.serverError(code: "invalid_token", message: "The token names no user (user_id or sub).")
        }
        let expiration = (claims["exp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        self.init(rawValue: rawValue, userId: userId, expiration: expiration)
    }

    init(rawValue: String, userId: UserId, expiration: Date?) {
        self.rawValue = rawValue
        self.userId = userId
        self.expiration = expiration
    }

    /// A token from a literal. Unlike Stream's, a literal that is not a JWT does not crash: the
    /// token names no user and ``ChatClient/connectUser(userInfo:token:completion:)`` reports it.
    public init(stringLiteral value: String) {
        do {
            try self.init(rawValue: value)
        } catch {
            self.init(rawValue: value, userId: "", expiration: nil)
        }
    }

    /// Decodes a token from a JSON string.
    public init(from decoder: any Decoder) throws {
        try self.init(rawValue: decoder.singleValueContainer().decode(String.self))
    }

    /// An unsigned token for `userId`, for development: the embedded backend takes it (it has no
    /// secret to check); a server refuses it.
    public static func development(userId: UserId) -> Token {
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = (try? JSONSerialization.data(withJSONObject: ["user_id": userId], options: [.sortedKeys])) ?? Data()
        return Token(rawValue: [header, base64URL(payload), "devtoken"].joined(separator: "."), userId: userId, expiration: nil)
    }

    /// The JSON object in a JWT's middle part, `nil` if there is none.
    static func claims(of jwt: String) -> [String: Any]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func base64URL(_ data: Data) -> String {
        var text = data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}

/// Gives a token when asked, as Stream's `TokenProvider`: ``ChatClient`` calls it to connect.
public typealias TokenProvider = @Sendable (@escaping @Sendable (Result<Token, any Error>) -> Void) -> Void

/// Who connects, as Stream's `UserInfo`: the user row is created or updated with it.
public struct UserInfo: Sendable, Hashable {
    /// The user's id.
    public let id: UserId
    /// The display name; `nil` keeps the stored one (the id for a new user).
    public let name: String?
    /// The avatar; `nil` keeps the stored one.
    public let imageURL: URL?

    /// Describes a user.
    public init(id: UserId, name: String? = nil, imageURL: URL? = nil) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
    }
}
