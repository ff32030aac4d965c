import Foundation
import JWTKit
import ParleyProtocol

/// The claims of a Parley token: the subject is the acting user; the expiry is required.
struct ParleyTokenPayload: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}

/// Mints and checks HS256 tokens for the server.
///
/// ```swift
/// let token = try await ServerTokens(secret: secret).sign(userId: "alice")
/// ```
public struct ServerTokens: Sendable {
    private let keys: JWTKeyCollection

    /// The only algorithm accepted.
    public static let algorithm = "HS256"

    /// The shortest secret accepted: HS256's hash size.
    public static let minimumSecretLength = 32

    /// A secret shorter than ``minimumSecretLength`` bytes.
    public struct SecretTooShort: Error, CustomStringConvertible {
        /// The secret's length.
        public let length: Int
        /// Says what is wrong.
        public var description: String {
            "The token secret has \(length) bytes; HS256 needs at least \(ServerTokens.minimumSecretLength)."
        }
    }

    /// Tokens signed with `secret`.
    ///
    /// - Throws: ``SecretTooShort`` for a secret shorter than ``minimumSecretLength`` bytes.
    public init(secret: [UInt8]) async throws {
        guard secret.count >= Self.minimumSecretLength else { throw SecretTooShort(length: secret.count) }
        keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
    }

    /// A token for `userId` valid for `lifetime` seconds.
    public func sign(userId: String, lifetime: TimeInterval = 30 * 24 * 3600, now: Date = Date()) async throws -> String {
        try await keys.sign(ParleyTokenPayload(
            sub: SubjectClaim(value: userId), exp: ExpirationClaim(value: now.addingTimeInterval(lifetime)),
            iat: IssuedAtClaim(value: now)))
    }

    /// The token's subject, after checking its algorithm, signature and expiry.
    ///
    /// - Throws: ``WireError`` `unauthorized` (malformed, another algorithm such as `none`, a
    ///   wrong signature) or `token_expired`.
    func verify(_ token: String) async throws(WireError) -> String {
        try await verifiedClaims(token).userId
    }

    /// What a verified token says: its subject and when it expires.
    struct Claims: Sendable {
        var userId: String
        var expiresAt: Date
    }

    /// The token's subject and expiry, after checking its algorithm, signature and expiry
    /// (throws as ``verify(_:)``).
    func verifiedClaims(_ token: String) async throws(WireError) -> Claims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Self.base64URLDecode(parts[0]),
              let fields = try? JSONDecoder().decode([String: String].self, from: header)
        else { throw WireError.unauthorized("The token is malformed.") }
        guard fields["alg"] == Self.algorithm else {
            throw WireError.unauthorized("The token's algorithm is not accepted; tokens are signed with HS256.")
        }
        let payload: ParleyTokenPayload
        do {
            payload = try await keys.verify(token, as: ParleyTokenPayload.self)
        } catch let error as JWTError where error.errorType == .claimVerificationFailure && error.failedClaim is ExpirationClaim {
            throw WireError(code: .tokenExpired, message: "The token has expired.", status: 401)
        } catch {
            throw WireError.unauthorized("The token's signature or claims are invalid.")
        }
        guard !payload.sub.value.isEmpty else { throw WireError.unauthorized("The token has no subject.") }
        return Claims(userId: payload.sub.value, expiresAt: payload.exp.value)
    }

    static func base64URLDecode(_ part: Substring) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text)
    }
}
