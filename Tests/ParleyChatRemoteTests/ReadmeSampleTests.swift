import Foundation
import ParleyChat
import ParleyChatRemote
import Testing

/// The README's "Chat with other people" sample: an app hands its client a remote backend, and
/// the client connects to the server and sends through it.
@Suite struct ReadmeSampleTests {
    @Test func theReadmeSampleConnectsAndSends() async throws {
        try await LoopbackServer.run { server in
            let serverURL = server.url
            let jwt = try await server.tokens.sign(userId: "alice")
            let storeURL = FileManager.default.temporaryDirectory.appendingPathComponent("parley-readme-\(UUID().uuidString).sqlite")
            defer { try? FileManager.default.removeItem(at: storeURL) }

            let backend = RemoteChatBackend(configuration: .init(serverURL: serverURL, token: jwt))
            let client = try ChatClient(config: ChatClientConfig(currentUserId: "alice", databaseURL: storeURL), backend: backend)

            try await client.upsertUsers([ChatUser(id: "alice", name: "Alice")])
            try await until("alice connects (\(client.connectionStatus))") { client.connectionStatus == .connected }
            let cid = ChannelId(type: .messaging, id: "readme")
            _ = try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Readme", memberIds: ["alice"]))
            _ = try await client.channelController(for: cid).createNewMessage(text: "Hello from the README")
            try await until("the message is on the server") {
                (try? client.channel(cid)?.previewMessage?.text) == "Hello from the README"
            }
            await backend.disconnect()
        }
    }
}
