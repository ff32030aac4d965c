import Foundation
import ParleyChat
import ParleyChatRemote
import ParleyChatUI
import ParleyUIKit
import Testing

/// History older than what a reload brings (the latest 25 of a channel when the client first
/// sees it) comes from the server as the channel screen scrolls back. (In the window suite: one
/// window at a time.)
extension RemoteChannelScreenTests {
    @Test(.timeLimit(.minutes(1)))
    func scrollingBackLoadsOlderPagesFromTheServerIntoTheList() async throws {
        try await LoopbackServer.run(limits: LoopbackServer.unthrottled) { @MainActor server in
            // Bob exists on the server but is away while alice writes 260 messages.
            let (_, early) = try await server.client("bob")
            await early.disconnect()
            let (alice, _) = try await server.client("alice")
            let cid = ChannelId(type: .messaging, id: "history")
            try await alice.createChannel(ChannelCreationRequest(cid: cid, name: "History", memberIds: ["bob"]))
            var ids: [MessageId] = []
            for index in 0..<260 { ids.append(try await alice.sendMessage("history \(index)", in: cid)) }

            // Bob on a new device: its store starts with the channel's latest messages only.
            let (bob, _) = try await server.client("bob")
            try await until("bob has the channel") { try bob.message(id: ids.last!) != nil }
            let stored = try storeRows(bob, of: cid, .messages).filter { $0.hasPrefix("message ") }
            #expect(stored.count < 100, "a reload brings the latest messages only (\(stored.count))")

            let screen = ChannelScreen(client: bob, cid: cid)
            let controller = screen.channelVC.channelController!
            let list = screen.channelVC.messageListVC
            #expect(controller.messages.map(\.id) == Array(ids.suffix(controller.messages.count)))
            // Scroll to the top again and again, as a user dragging up would.
            await screen.eventually("every message is in the list") {
                list.listView.contentOffset = .zero
                screen.backend.runUntilIdle()
                return controller.hasLoadedAllPreviousMessages && !controller.isLoadingOlderHistory
            }
            #expect(controller.messages.map(\.id) == ids, "all 260, oldest first, each once")
            #expect(list.messages.map(\.id) == ids)
            #expect(try storeRows(bob, of: cid, .messages).filter { $0.hasPrefix("message ") }.count == 260)
            // Old history is not news: the channel's last message stays. (The unread count is
            // not compared: opening the screen at the bottom marks the channel read.)
            #expect(try bob.channel(cid)?.previewMessage?.id == ids.last)

            // The embedded backend's store holds everything: nothing to fetch there.
            let local = try ChatClient(opening: ChatClientConfig(currentUserId: "bob"))
            #expect(!local.backend.mayHaveOlderMessages(in: cid))
        }
    }
}
