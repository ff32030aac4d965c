import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

extension HeadlessWindowTests {
/// The channel screen with the real rows and composer, driven by pointer and keyboard in a
/// headless window.
@MainActor
@Suite struct ChannelInteractionTests {
    func open(_ client: ChatClient, _ cid: ChannelId) -> (HeadlessBackend, ChatChannelVC, UINavigationController) {
        let backend = HeadlessBackend.install()
        let vc = ChatChannelVC()
        vc.channelController = client.channelController(for: cid)
        let navigation = UINavigationController(rootViewController: vc)
        backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: navigation)
        backend.runUntilIdle()
        return (backend, vc, navigation)
    }

    func center(of view: UIView) -> CGPoint {
        let frame = view.convert(view.bounds, to: nil)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    @Test func tappingThreeRepliesPushesTheThread() async throws {
        let (client, cid, clock) = try await makeChatChannel(messageCount: 10)
        for index in 0..<3 {
            try await sendAs(index == 1 ? "carol" : "bob", "Reply \(index)", id: "r\(index)", in: client, cid: cid, clock: clock, parent: "m0009")
        }
        let (backend, vc, navigation) = open(client, cid)
        let row = try #require(vc.messageListVC.contentView(forMessageId: "m0009"))
        let button = try #require(row.threadReplyCountButton)
        #expect(!button.isHidden)
        backend.tap(at: center(of: button))
        backend.runUntilIdle()
        let thread = try #require(navigation.topViewController as? ChatThreadVC)
        #expect(thread.messageListVC.messages.map(\.id) == ["m0009", "r0", "r1", "r2"])
        #expect(thread.messageListVC.contentView(forMessageId: "r2") != nil, "the newest reply is on screen")
        #expect(thread.messageComposerVC.content.threadMessage?.id == "m0009")
        #expect(thread.messageComposerVC.channelController != nil, "the composer can reply")
    }

    @Test func swipingAMessageQuotesItInTheComposer() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 10)
        let (backend, vc, _) = open(client, cid)
        let row = try #require(vc.messageListVC.contentView(forMessageId: "m0008"))
        let bubbleView = try #require(row.bubbleView)
        let bubble = bubbleView.convert(bubbleView.bounds, to: nil)
        // A finger's swipe (a mouse drag that starts on the text selects it instead).
        let start = CGPoint(x: bubble.minX + 20, y: bubble.midY)
        backend.finger(1, .began, at: start)
        for step in 1...12 {
            backend.advance(by: 0.025)
            backend.finger(1, .moved, at: CGPoint(x: start.x + CGFloat(step) * 100 / 12, y: start.y + 3))
        }
        backend.finger(1, .ended, at: CGPoint(x: start.x + 100, y: start.y + 3))
        backend.runUntilIdle()
        #expect(vc.messageComposerVC.content.quotingMessage?.id == "m0008")
        #expect(row.transform.isIdentity)
    }

    @Test func typingAndEnterSendsAndTheMessageAppearsAtTheBottom() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 40)
        let (backend, vc, _) = open(client, cid)
        let list = vc.messageListVC
        let input = vc.messageComposerVC.composerView.inputTextView
        backend.tap(at: center(of: input))
        backend.type("Hello from the composer")
        backend.press(.keyboardReturnOrEnter)
        await waitUntil("the message is in the list") { list.messages.last?.text == "Hello from the composer" }
        backend.runUntilIdle()
        let sent = try #require(list.messages.last)
        #expect(sent.isSentByCurrentUser)
        #expect(list.isScrolledToBottom)
        #expect(list.idsOnScreen.last == sent.id)
        let row = try #require(list.contentView(forMessageId: sent.id))
        let rowFrame = row.convert(row.bounds, to: nil)
        let composerFrame = vc.messageComposerVC.view.convert(vc.messageComposerVC.view.bounds, to: nil)
        #expect(rowFrame.maxY <= composerFrame.minY + 0.5, "the new message sits above the composer")
        #expect(vc.messageComposerVC.content.text.isEmpty)
    }
}
}
