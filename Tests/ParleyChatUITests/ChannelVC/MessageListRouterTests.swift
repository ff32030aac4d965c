import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

extension HeadlessWindowTests {
/// `Components.messageListRouter` (issue 18): the channel screen opens threads through it.
@MainActor
@Suite struct MessageListRouterTests {
    final class RecordingRouter: ChatMessageListRouter {
        static var threads: [MessageId] = []
        override func showThread(
            messageId: MessageId, cid: ChannelId, client: ChatClient, channelController: ChatChannelController? = nil
        ) -> ChatThreadVC? {
            Self.threads.append(messageId)
            return nil
        }
    }

    @Test func theChannelScreenOpensThreadsThroughItsRouter() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 10)
        try await sendAs("bob", "Reply", id: "r0", in: client, cid: cid, clock: clock, parent: "m0009")
        let backend = HeadlessBackend.install()

        // The default router pushes the thread, sharing the screen's channel controller.
        let vc = ChatChannelVC()
        vc.channelController = client.channelController(for: cid)
        let navigation = UINavigationController(rootViewController: vc)
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: navigation)
        backend.runUntilIdle()
        #expect(type(of: vc.router) == ChatMessageListRouter.self)
        vc.messageListVC.messageContentViewDidTapOnThread(try #require(vc.channelController.messages.last))
        backend.runUntilIdle()
        let thread = try #require(navigation.topViewController as? ChatThreadVC)
        #expect(thread.channelController === vc.channelController)
        #expect(thread.messageController?.messageId == "m0009")
        backend.close(window)

        // A custom router gets the tap instead.
        RecordingRouter.threads = []
        let custom = ChatChannelVC()
        custom.components.messageListRouter = RecordingRouter.self
        custom.channelController = client.channelController(for: cid)
        let plain = UINavigationController(rootViewController: custom)
        let second = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: plain)
        defer { backend.close(second) }
        backend.runUntilIdle()
        custom.messageListVC.messageContentViewDidTapOnThread(try #require(custom.channelController.messages.last))
        backend.runUntilIdle()
        #expect(RecordingRouter.threads == ["m0009"])
        #expect(plain.viewControllers.count == 1, "nothing pushed")
    }
}
}
