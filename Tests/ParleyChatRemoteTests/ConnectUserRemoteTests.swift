import Foundation
@testable import ParleyChat
import ParleyChatRemote
import ParleyServer
import Testing

/// Stream's connect code against `parley serve`: `config.baseURL` names the server and the token
/// is the server's JWT (`parley token --user alice`).
@Suite("connectUser (server)")
struct ConnectUserRemoteTests {
    /// Connects `userInfo` with `token` as Stream's getting-started code does and returns what
    /// the completion got.
    static func connect(_ client: ChatClient, _ userInfo: UserInfo, _ token: Token) async -> (any Error)? {
        await withCheckedContinuation { continuation in
            client.connectUser(userInfo: userInfo, token: token) { error in
                continuation.resume(returning: error)
            }
        }
    }

    @Test func streamConnectCodeChatsWithAnotherClientOfTheServer() async throws {
        try await LoopbackServer.run { server in
            // Bob and alice (on her phone) use the server already; bob has a channel with alice.
            let (bob, _) = try await server.client("bob")
            // (The phone's client creates alice on the server.)
            _ = try await server.client("alice")
            let cid = ChannelId(type: .messaging, id: "bob-alice")
            try await bob.createChannel(ChannelCreationRequest(cid: cid, memberIds: ["alice"]))
            let earlier = try await bob.sendMessage("Are you there?", in: cid)
            let jwt = try await server.tokens.sign(userId: "alice")

            // Stream's getting-started code ("Chat client setup" in the iOS docs' "Getting
            // Started"), with the base URL of a `parley serve`: alice on another device.
            var config = ChatClientConfig(apiKey: .init("parley-loopback"))
            config.baseURL = .init(url: server.url)
            config.isLocalStorageEnabled = false
            let client = ChatClient(config: config)
            // A controller made before connecting, as a screen made at launch.
            let list = try await MainActor.run {
                let list = client.channelListController()
                try list.synchronize()
                return list
            }

            let token = try Token(rawValue: jwt)
            #expect(token.userId == "alice")
            #expect(token.expiration != nil)
            let error = await Self.connect(client, .init(id: "alice", name: "Alice Liddell", imageURL: nil), token)
            #expect(error == nil)
            #expect(client.currentUserId == "alice")
            #expect(client.connectionStatus == .connected)
            #expect(client.backend is RemoteChatBackend)
            #expect(client.embeddedBackend == nil)
            #expect(ChatClient.serverBackendFactory() == RemoteChatBackendFactory.self)
            // Connected means caught up: the channel and its message are there.
            #expect(try client.message(id: earlier)?.text == "Are you there?")
            var listed = false
            for _ in 0..<2_000 where !listed {
                listed = await MainActor.run { list.channels.map(\.cid) == [cid] }
                if !listed { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(listed, "the list made before connecting shows the channel")

            // Bob writes; alice's new client receives it live.
            let fromBob = try await bob.sendMessage("Hello Alice, from the server", in: cid)
            try await until("alice receives bob's message") { try client.message(id: fromBob)?.text == "Hello Alice, from the server" }
            #expect(try client.message(id: fromBob)?.isSentByCurrentUser == false)
            // The server learnt alice's name from `userInfo`: a new device of bob's loads it.
            let (bobsTablet, _) = try await server.client("bob")
            try await until("bob's tablet has the channel") { try bobsTablet.channel(cid) != nil }
            #expect(try bobsTablet.user(id: "alice")?.name == "Alice Liddell")

            // Alice answers through a channel controller; bob receives it.
            let answer = try await MainActor.run {
                let channel = client.channelController(for: cid)
                try channel.synchronize()
                return channel
            }.createNewMessage(text: "Hi Bob")
            try await until("bob receives alice's answer") { try bob.message(id: answer)?.author.id == "alice" }

            await client.disconnect()
            #expect(client.connectionStatus == .disconnected(error: nil))
            #expect(client.currentUserId == "alice")

            // Connecting again after a disconnect brings what was missed meanwhile.
            let missed = try await bob.sendMessage("While you were away", in: cid)
            let again = await Self.connect(client, .init(id: "alice"), token)
            #expect(again == nil)
            try await until("alice catches up") { try client.message(id: missed) != nil }
            #expect(try client.currentUser()?.name == "Alice Liddell", "a nil name in userInfo keeps the stored one")
        }
    }

    /// The sample of the README and of "Coming from Stream Chat".
    @Test func theDocumentedConnectCodeConnects() async throws {
        try await LoopbackServer.run { server in
            let serverURL = server.url
            let storeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-connect-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: storeFolder) }
            let jwt = try await server.tokens.sign(userId: "alice")
            var config = ChatClientConfig(apiKey: .init("my-app"))
            config.baseURL = .init(url: serverURL)
            config.localStorageFolderURL = storeFolder
            let client = ChatClient(config: config)
            client.connectUser(userInfo: .init(id: "alice", name: "Alice"), token: try Token(rawValue: jwt)) { error in
                if let error { print("Could not connect: \(error)") }
            }

            try await until("alice connects") { client.connectionStatus == .connected && client.currentUserId == "alice" }
            #expect(client.backend is RemoteChatBackend)
            #expect(FileManager.default.fileExists(atPath: storeFolder.appendingPathComponent("my-app.sqlite").path))
            await client.logout()
            #expect(client.currentUserId.isEmpty)
        }
    }

    @Test func wrongOrExpiredTokensAreReportedThroughTheCompletion() async throws {
        try await LoopbackServer.run { server in
            var config = ChatClientConfig(apiKey: .init("parley-loopback"))
            config.baseURL = .init(url: server.url)
            config.isLocalStorageEnabled = false
            let client = ChatClient(config: config)

            let other = try await ServerTokens(secret: Array("another-secret-0123456789abcdefgh".utf8))
            let cases: [(String, Token)] = [
                ("unauthorized", try Token(rawValue: try await other.sign(userId: "alice"))),
                ("token_expired", try Token(rawValue: try await server.tokens.sign(userId: "alice", lifetime: -60))),
                ("unauthorized", Token.development(userId: "alice")),
                ("invalid_token", try Token(rawValue: try await server.tokens.sign(userId: "mallory"))),
            ]
            for (code, token) in cases {
                let error = await Self.connect(client, .init(id: "alice"), token)
                guard case .serverError(let reported, _) = error as? ChatError else {
                    Issue.record("\(code): expected a server error, got \(String(describing: error))")
                    continue
                }
                #expect(reported == code)
                #expect(client.currentUserId.isEmpty)
                #expect(client.embeddedBackend != nil)
            }

            // The right token afterwards connects.
            let error = await Self.connect(client, .init(id: "alice"), try Token(rawValue: try await server.tokens.sign(userId: "alice")))
            #expect(error == nil)
            #expect(client.connectionStatus == .connected)
        }
    }

    @Test func anUnreachableServerReportsTheConnectionAndKeepsTrying() async throws {
        var config = ChatClientConfig(apiKey: .init("parley-offline"))
        // A port nothing listens on (the discard port).
        config.baseURL = .init(url: URL(string: "http://127.0.0.1:9")!)
        config.isLocalStorageEnabled = false
        config.timeoutIntervalForRequest = 1
        let client = ChatClient(config: config)
        let started = ContinuousClock.now
        let jwt = try await ServerTokens(secret: LoopbackServer.secret).sign(userId: "alice")
        let error = await Self.connect(client, .init(id: "alice"), try Token(rawValue: jwt))
        #expect((error as? ChatError)?.isConnectionFailure == true)
        #expect(ContinuousClock.now - started < .seconds(10), "the request timeout is the configuration's")
        // Offline first: the user is set and the backend keeps trying.
        #expect(client.currentUserId == "alice")
        #expect(client.backend is RemoteChatBackend)
        await client.disconnect()
    }
}
