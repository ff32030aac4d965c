import Foundation
import Synchronization
import Testing
@testable import ParleyChat

/// The app's shared client, as Stream's tutorial declares it (`static var shared: ChatClient!`);
/// Swift 6 wants global state isolated, so it lives on the main actor here.
extension ChatClient {
    @MainActor static var shared: ChatClient!
}

/// Stream's entry point: `ChatClientConfig(apiKey:)`, `ChatClient(config:)`, `connectUser`.
@Suite("connectUser (embedded)")
@MainActor
struct ConnectUserTests {
    /// A folder of its own for a test's store file.
    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-connect-\(UUID().uuidString)")
    }

    /// A token like the tutorial's: HS256 header, `{"user_id":"luke_skywalker"}`, some signature.
    static let lukeToken = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyX2lkIjoibHVrZV9za3l3YWxrZXIifQ.c2lnbmF0dXJl"

    @Test func streamTutorialCodeConnectsOnTheEmbeddedBackendAndChats() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Made before the user connects, as a screen made at launch would be.
        let early = ChatClient(config: ChatClientConfig(apiKey: .init("early")))
        #expect(early.currentUserId.isEmpty)
        #expect(early.connectionStatus == .initialized)

        // Stream's UIKit tutorial ("iOS Chat Tutorial", step "Client setup"), as written there
        // but for the token and the store folder (the tutorial's store is the app's Documents).
        let token = Token("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VyX2lkIjoibHVrZV9za3l3YWxrZXIifQ.c2lnbmF0dXJl")
        var config = ChatClientConfig(apiKeyString: "8br4watad788")
        config.localStorageFolderURL = folder
        ChatClient.shared = ChatClient(config: config)
        let channelList = ChatClient.shared.channelListController()
        try channelList.synchronize()
        let connected: (any Error)? = await withCheckedContinuation { continuation in
            ChatClient.shared.connectUser(
                userInfo: .init(id: "luke_skywalker", name: "Luke Skywalker", imageURL: URL(string: "https://example.com/luke.jpg")!),
                token: token
            ) { error in
                continuation.resume(returning: error)
            }
        }
        #expect(connected == nil)
        let client = try #require(ChatClient.shared)
        #expect(client.currentUserId == "luke_skywalker")
        #expect(client.connectionStatus == .connected)
        #expect(try client.currentUser()?.name == "Luke Skywalker")
        #expect(try client.currentUser()?.imageURL == URL(string: "https://example.com/luke.jpg"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("8br4watad788.sqlite").path))

        // The list made before connecting shows the connected user's new channel.
        try await client.upsertUsers([ChatUser(id: "leia", name: "Leia")])
        let cid = try await client.createChannel(ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "rebels"), memberIds: ["leia"]))
        try await eventually("the early list shows the channel") { channelList.channels.map(\.cid) == [cid] }

        let channel = client.channelController(for: cid)
        try channel.synchronize()
        let id = try await channel.createNewMessage(text: "May the Force be with you")
        try await eventually("the message shows") { channel.messages.first?.id == id }
        #expect(channel.messages.first?.author.id == "luke_skywalker")
        #expect(channel.messages.first?.isSentByCurrentUser == true)
        withExtendedLifetime(early) {}
    }

    @Test func developmentTokensNameTheirUserAndReopenTheSameStore() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var config = ChatClientConfig(apiKey: APIKey("dev"))
        config.localStorageFolderURL = folder
        let token = Token.development(userId: "alice")
        #expect(token.userId == "alice")
        #expect(try Token(rawValue: token.rawValue) == token)

        do {
            let client = ChatClient(config: config)
            try await client.connectUser(userInfo: UserInfo(id: "alice", name: "Alice"), token: token)
            try await client.upsertUsers([ChatUser(id: "bob", name: "Bob")])
            let cid = try await client.createChannel(ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "ab"), memberIds: ["bob"]))
            try await client.sendMessage("kept", in: cid)
        }
        // Bob, on the same store file (the embedded backend is the app's world).
        let client = ChatClient(config: config)
        try await client.connectUser(userInfo: UserInfo(id: "bob"), token: .development(userId: "bob"))
        #expect(try client.currentUser()?.name == "Bob")
        let channel = client.channelController(for: ChannelId(type: .messaging, id: "ab"))
        try channel.synchronize()
        #expect(channel.messages.map(\.text) == ["kept"])
        #expect(channel.messages.first?.isSentByCurrentUser == false)
    }

    @Test func badTokensAreReportedThroughTheCompletion() async throws {
        var config = ChatClientConfig(apiKey: .init("bad"))
        config.isLocalStorageEnabled = false
        let client = ChatClient(config: config)
        let cases: [(Token, String)] = [
            ("not a jwt", "invalid_token"),
            (.development(userId: "mallory"), "invalid_token"),
        ]
        for (token, code) in cases {
            let error = await withCheckedContinuation { continuation in
                client.connectUser(userInfo: .init(id: "alice"), token: token) { continuation.resume(returning: $0) }
            }
            guard case .serverError(let reported, _) = error as? ChatError else {
                Issue.record("\(token.rawValue): expected an error, got \(String(describing: error))")
                continue
            }
            #expect(reported == code)
        }
        #expect(client.currentUserId.isEmpty)
        #expect(throws: ChatError.self) { try Token(rawValue: "a.b") }
        #expect(throws: ChatError.self) { try Token(rawValue: Token.base64URL(Data("{}".utf8)) + ".e30.x") }
    }

    @Test func aTokenProviderIsAskedForTheToken() async throws {
        var config = ChatClientConfig(apiKey: .init("provider"))
        config.isLocalStorageEnabled = false
        let client = ChatClient(config: config)
        let asked = Mutex(0)
        let error = await withCheckedContinuation { continuation in
            client.connectUser(userInfo: .init(id: "carol", name: "Carol"), tokenProvider: { provide in
                asked.withLock { $0 += 1 }
                provide(.success(.development(userId: "carol")))
            }) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
        #expect(asked.withLock { $0 } == 1)
        #expect(client.currentUserId == "carol")

        struct NoToken: Error {}
        let failure = await withCheckedContinuation { continuation in
            client.connectUser(userInfo: .init(id: "dave"), tokenProvider: { $0(.failure(NoToken())) }) { continuation.resume(returning: $0) }
        }
        #expect(failure is NoToken)
        #expect(client.currentUserId == "carol")
    }

    @Test func aGuestIsTheUserItNamesOnTheEmbeddedBackendAndRefusedByAServer() async throws {
        var config = ChatClientConfig(apiKey: .init("guest"))
        config.isLocalStorageEnabled = false
        let client = ChatClient(config: config)
        let error = await withCheckedContinuation { continuation in
            client.connectGuestUser(userInfo: .init(id: "visitor", name: "Visitor")) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
        #expect(client.currentUserId == "visitor")
        #expect(try client.currentUser()?.name == "Visitor")

        config.baseURL = BaseURL(url: URL(string: "http://127.0.0.1:9")!)
        let remote = ChatClient(config: config)
        let refused = await withCheckedContinuation { continuation in
            remote.connectGuestUser(userInfo: .init(id: "visitor")) { continuation.resume(returning: $0) }
        }
        guard case .serverError(let code, _) = refused as? ChatError else {
            Issue.record("expected an error, got \(String(describing: refused))")
            return
        }
        #expect(code == "guest_not_supported")
        #expect(remote.currentUserId.isEmpty)
    }

    @Test func tokensReadStreamsAndParleysClaims() throws {
        let expiry = 2_000_000_000
        let payload = Token.base64URL(Data(#"{"sub":"alice","exp":\#(expiry)}"#.utf8))
        let token = try Token(rawValue: "eyJhbGciOiJIUzI1NiJ9.\(payload).sig")
        #expect(token.userId == "alice")
        #expect(token.expiration == Date(timeIntervalSince1970: TimeInterval(expiry)))
        #expect(try Token(rawValue: Self.lukeToken).userId == "luke_skywalker")
        #expect(try Token(rawValue: Self.lukeToken).expiration == nil)
    }

    @Test func aBaseURLThatIsNotAServerIsAnError() async throws {
        var config = ChatClientConfig(apiKey: .init("server"))
        config.isLocalStorageEnabled = false
        config.baseURL = BaseURL(url: URL(string: "file:///tmp/x")!)
        await #expect(throws: ChatError.serverError(code: "bad_base_url", message: "file:///tmp/x is not a server address")) {
            try await ChatClient(config: config).connectUser(userInfo: .init(id: "alice"), token: .development(userId: "alice"))
        }
        #expect(try BaseURL(url: URL(string: "wss://chat.example.com/")!).httpServerURL() == URL(string: "https://chat.example.com/"))
        #expect(try BaseURL.default.httpServerURL() == nil)
        // The remote backend is found by name; a program without ParleyChatRemote finds none.
        #expect(ChatClient.serverBackendFactory(named: "ParleyChatRemote.NoSuchFactory") == nil)
    }

    @Test func anUnreadableStoreFileFallsBackToMemoryAndIsReported() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a database".utf8).write(to: folder.appendingPathComponent("broken.sqlite"))
        var config = ChatClientConfig(apiKey: .init("broken"))
        config.localStorageFolderURL = folder
        config.unreadableDatabasePolicy = .fail
        let client = ChatClient(config: config)
        #expect(client.localStorageError != nil)
        let error = await withCheckedContinuation { continuation in
            client.connectUser(userInfo: .init(id: "alice"), token: .development(userId: "alice")) { continuation.resume(returning: $0) }
        }
        guard case .databaseUnreadable = error as? ChatError else {
            Issue.record("expected databaseUnreadable, got \(String(describing: error))")
            return
        }
        // It still works, in memory.
        #expect(client.currentUserId == "alice")
        #expect(try client.currentUser()?.id == "alice")
        #expect(throws: ChatError.self) { _ = try ChatClient(opening: config) }
    }

    @Test func logoutEmptiesTheStoreAndDisconnectKeepsTheUser() async throws {
        var config = ChatClientConfig(apiKey: .init("logout"))
        config.isLocalStorageEnabled = false
        let client = ChatClient(config: config)
        try await client.connectUser(userInfo: .init(id: "alice"), token: .development(userId: "alice"))
        try await client.upsertUsers([ChatUser(id: "bob", name: "Bob")])
        let cid = try await client.createChannel(ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "ab"), memberIds: ["bob"]))
        try await client.sendMessage("hello", in: cid)
        let list = client.channelListController()
        try list.synchronize()
        #expect(list.channels.count == 1)

        await withCheckedContinuation { continuation in client.disconnect { continuation.resume() } }
        #expect(client.connectionStatus == .disconnected(error: nil))
        #expect(client.currentUserId == "alice")

        await withCheckedContinuation { continuation in client.logout { continuation.resume() } }
        #expect(client.currentUserId.isEmpty)
        #expect(try client.channel(cid) == nil)
        #expect(try client.user(id: "bob") == nil)
        try await eventually("the list empties") { list.channels.isEmpty }
    }

    @Test func aLogoutThatCannotEmptyTheStoreSaysSoAndTheNextConnectEmptiesItFirst() async throws {
        let directory = try TemporaryDirectory()
        let client = try makeClient(url: directory.file("chat.sqlite"))
        try await addCast(client)
        let cid = try await makeChannel(client)
        try client.simulateStorageFault(.readOnly)

        // A completion that takes an error hears the store's; the client is logged out all the same.
        let reported = await withCheckedContinuation { continuation in
            client.logout { (error: (any Error)?) in continuation.resume(returning: error) }
        }
        guard case .readOnlyStorage = reported as? ChatError else {
            Issue.record("expected readOnlyStorage, got \(String(describing: reported))")
            return
        }
        #expect(client.currentUserId.isEmpty)
        #expect(try client.channel(cid) != nil, "the data could not go")
        // Stream's forms still compile and log out.
        await client.logout()
        #expect(client.currentUserId.isEmpty)
        await withCheckedContinuation { continuation in client.logout { continuation.resume() } }

        // The next user cannot connect while the store still holds the last one's data.
        await #expect(throws: ChatError.self) {
            try await client.connectUser(userInfo: .init(id: "bob"), token: .development(userId: "bob"))
        }
        try client.simulateStorageFault(nil)
        try await client.connectUser(userInfo: .init(id: "bob"), token: .development(userId: "bob"))
        #expect(client.currentUserId == "bob")
        #expect(try client.channel(cid) == nil, "emptied before bob connected")
        #expect(try client.user(id: "carol") == nil)
    }
}
