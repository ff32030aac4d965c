import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

extension HeadlessWindowTests {
/// Swipe, tap and wheel on a message list in a headless window.
@MainActor
@Suite struct MessageListInteractionTests {
    typealias F = MessageListFixtures

    func openList(_ source: StaticMessageListSource) -> (HeadlessBackend, ChatMessageListVC, UIWindow) {
        let backend = HeadlessBackend.install()
        let vc = ChatMessageListVC()
        vc.components.messageContentView = FixedHeightMessageView.self
        vc.dataSource = source
        vc.delegate = source
        let window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: vc)
        backend.runUntilIdle()
        return (backend, vc, window)
    }

    func rowCenter(_ vc: ChatMessageListVC, _ id: MessageId) throws -> CGPoint {
        let row = try #require(vc.contentView(forMessageId: id))
        let frame = row.convert(row.bounds, to: nil)
        return CGPoint(x: frame.minX + 40, y: frame.midY)
    }

    @Test func draggingAMessageToTheRightRepliesToIt() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(30))
        let (backend, vc, _) = openList(source)
        let target = source.messages[27]
        let start = try rowCenter(vc, target.id)
        let before = vc.listView.contentOffset
        backend.drag(from: start, to: CGPoint(x: start.x + 90, y: start.y + 4), duration: 0.3, steps: 12, release: false)
        let row = try #require(vc.contentView(forMessageId: target.id))
        #expect(row.transform.tx > 40, "the row follows the finger")
        #expect(!vc.swipeToReplyIconView.isHidden && vc.swipeToReplyIconView.alpha == 1, "past the threshold the arrow shows")
        #expect(vc.swipeToReplyIconView.frame.maxX <= row.transform.tx + 1, "in the space the row left")
        backend.pointerUp(at: CGPoint(x: start.x + 90, y: start.y + 4))
        backend.runUntilIdle()
        #expect(source.swipedToReply == [target.id])
        #expect(row.transform.isIdentity, "the row slides back")
        #expect(vc.swipeToReplyIconView.isHidden)
        #expect(vc.listView.contentOffset == before, "a horizontal drag does not scroll")
    }

    @Test func aShortOrVerticalDragDoesNotReply() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(30))
        let (backend, vc, _) = openList(source)
        let start = try rowCenter(vc, source.messages[27].id)
        backend.drag(from: start, to: CGPoint(x: start.x + 35, y: start.y), duration: 0.3, steps: 8)
        backend.runUntilIdle()
        #expect(source.swipedToReply.isEmpty, "35 pt is below the 60 pt threshold")
        backend.drag(from: CGPoint(x: 200, y: 150), to: CGPoint(x: 230, y: 450), duration: 0.3, steps: 8)
        backend.runUntilIdle()
        #expect(source.swipedToReply.isEmpty, "a vertical drag scrolls")
        #expect(!vc.isScrolledToBottom)
    }

    @Test func theScrollToBottomButtonShowsWhenScrolledUpAndTakesYouBack() throws {
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(80))
        let (backend, vc, window) = openList(source)
        #expect(vc.scrollToBottomButton.isHidden)
        for _ in 0..<5 { backend.scroll(by: CGPoint(x: 0, y: -150), at: CGPoint(x: 200, y: 300)) }
        backend.runUntilIdle()
        #expect(!vc.isScrolledToBottom)
        #expect(!vc.scrollToBottomButton.isHidden)
        let button = vc.scrollToBottomButton.convert(vc.scrollToBottomButton.bounds, to: nil)
        #expect(button.maxX <= window.bounds.maxX - 15 && button.maxY <= window.bounds.maxY - 15)
        backend.tap(at: CGPoint(x: button.midX, y: button.midY))
        backend.runUntilIdle()
        #expect(vc.isScrolledToBottom)
        #expect(vc.scrollToBottomButton.isHidden)
        #expect(vc.idsOnScreen.last == source.messages.last?.id)
    }
}
}
