import Foundation
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Server authentication", .timeLimit(.minutes(1)))
struct AuthTests {
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("Requests without a valid token are refused: none, alg none, wrong signature, expired, deleted user")
    func badTokensAreRefused() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "mallory"], channel: "messaging:secret")
            let path = WirePath.channels

            let missing = try await server.failure(.get, path, as: nil)
            #expect(missing.code == .unauthorized && missing.status == 401)

            let header = Self.base64URL(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
            let claims = Self.base64URL(Data(#"{"sub":"alice","exp":4102444800,"iat":1700000000}"#.utf8))
            let unsigned = try await server.failure(.get, path, as: nil, token: "\(header).\(claims).")
            #expect(unsigned.code == .unauthorized)
            #expect(unsigned.message.contains("HS256"))

            let forged = try await ServerTokens(secret: Array("another-secret-another-secret-xx".utf8)).sign(userId: "alice")
            #expect(try await server.failure(.get, path, as: nil, token: forged).code == .unauthorized)

            // A valid token with its payload swapped for another user's keeps the old signature.
            let aliceParts = try await server.token("alice").split(separator: ".")
            let malloryParts = try await server.token("mallory").split(separator: ".")
            let swapped = "\(aliceParts[0]).\(malloryParts[1]).\(aliceParts[2])"
            #expect(try await server.failure(.get, path, as: nil, token: swapped).code == .unauthorized)

            let expired = try await server.tokens.sign(userId: "alice", lifetime: 60, now: Date().addingTimeInterval(-3600))
            let expiredError = try await server.failure(.get, path, as: nil, token: expired)
            #expect(expiredError.code == .tokenExpired && expiredError.status == 401)

            let malloryToken = try await server.token("mallory")
            let (deleted, _) = try await server.call(.delete, WirePath.user("mallory"), token: malloryToken)
            #expect(deleted == 200)
            let afterDeletion = try await server.failure(.get, path, as: nil, token: malloryToken)
            #expect(afterDeletion.code == .unauthorized)
            #expect(afterDeletion.message.contains("deleted"))

            // No refusal says anything about the channel.
            for error in [missing, unsigned, expiredError, afterDeletion] {
                #expect(error.cid == nil && !error.message.contains("secret"))
            }
        }
    }

    @Test("The WebSocket upgrade needs a valid token; a deleted user's open socket is closed")
    func socketNeedsToken() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice"])
            await #expect(throws: (any Error).self) { _ = try await RawSocket.connect(port: server.port, token: nil) }
            let forged = try await ServerTokens(secret: Array("another-secret-another-secret-xx".utf8)).sign(userId: "alice")
            await #expect(throws: (any Error).self) { _ = try await RawSocket.connect(port: server.port, token: forged) }

            let socket = try await server.socket("alice")
            guard case .welcome(let welcome) = socket.frames.first else { Issue.record("no welcome"); return }
            #expect(welcome.userId == "alice" && welcome.protocolVersion == Wire.version)
            let (status, _) = try await server.call(.delete, WirePath.user("alice"), token: try await server.token("alice"))
            #expect(status == 200)
            #expect(try await socket.waitClosed())
        }
    }

    @Test("The actor is the token's subject: writing another user is forbidden")
    func actorIsTheSubject() async throws {
        try await ServerHarness.run { server in
            try await server.setUp(users: ["alice", "bob"])
            let error = try await server.failure(
                .post, WirePath.users, as: "bob",
                body: UpsertUsersRequest(users: [WireUser(id: "alice", name: "Not Alice", role: "admin")]))
            #expect(error.code == .forbidden)
            // Nor can a user raise their own role.
            let me = try await server.ok(
                UsersResponse.self, .post, WirePath.users, as: "bob",
                body: UpsertUsersRequest(users: [WireUser(id: "bob", name: "Bob", role: "admin")]))
            #expect(me.users.first?.role == "user")
        }
    }
}

@Test("A token secret shorter than HS256's 32 bytes is refused before the server starts")
func shortSecretRefused() async throws {
    await #expect(throws: ServerTokens.SecretTooShort.self) { _ = try await ServerTokens(secret: Array("short".utf8)) }
    _ = try await ServerTokens(secret: Array(repeating: 7, count: 32))
}
