import Foundation
import Parley
import Testing

/// Part of a message's text is selected with the mouse and copied; a drag elsewhere on the row,
/// or with a finger, still swipes to reply.
@MainActor
@Suite struct MessageTextSelectionTests {
    typealias F = MessageListFixtures

    func openList(_ source: StaticMessageListSource) -> (HeadlessBackend, ChatMessageListVC) {
        let backend = HeadlessBackend.install()
        let vc = ChatMessageListVC()
        vc.dataSource = source
        vc.delegate = source
        backend.openWindow(size: CGSize(width: 600, height: 640), rootViewController: vc)
        backend.runUntilIdle()
        return (backend, vc)
    }

    func source() -> StaticMessageListSource {
        var messages = F.messages(12)
        messages[11].text = "The two hero shots, light and dark"
        return StaticMessageListSource(channel: F.channel(), messages: messages)
    }

    /// Before: the drag across the text became a swipe to reply (seen in a driven session), so
    /// nothing could be selected and copied but the whole message.
    @Test func aMouseDragAcrossTheTextSelectsPartOfItAndCopiesIt() throws {
        let source = source()
        let (backend, vc) = openList(source)
        let row = try #require(vc.contentView(forMessageId: source.messages[11].id))
        let text = try #require(row.textView)
        let frame = text.convert(text.bounds, to: nil)
        let start = CGPoint(x: frame.minX + frame.width * 0.2, y: frame.midY)
        let end = CGPoint(x: frame.minX + frame.width * 0.55, y: frame.midY + 1)
        backend.drag(from: start, to: end, duration: 0.3, steps: 12)
        backend.runUntilIdle()

        #expect(source.swipedToReply.isEmpty, "a mouse drag on the text does not reply")
        #expect(row.transform.isIdentity)
        let selected = text.selectedRange
        #expect(selected.length > 0 && selected.length < text.text.utf16.count, "part of the text: \(selected)")
        UIPasteboard.general.string = nil
        backend.press(.keyboardC, modifiers: .control)
        backend.runUntilIdle()
        let copied = try #require(UIPasteboard.general.string)
        #expect(copied == (text.text as NSString).substring(with: selected))
        #expect(text.text.contains(copied) && copied != text.text)
    }

    @Test func aMouseDragBesideTheTextAndAFingerOnItStillReply() throws {
        let source = source()
        let (backend, vc) = openList(source)
        let target = source.messages[11]
        let row = try #require(vc.contentView(forMessageId: target.id))
        let rowFrame = row.convert(row.bounds, to: nil)
        let text = try #require(row.textView)
        let textFrame = text.convert(text.bounds, to: nil)

        // Beside the bubble, on the row's empty side.
        let leftRoom = textFrame.minX - rowFrame.minX, rightRoom = rowFrame.maxX - textFrame.maxX
        let beside = CGPoint(x: leftRoom > rightRoom ? rowFrame.minX + leftRoom / 3 : textFrame.maxX + rightRoom / 3, y: rowFrame.midY)
        #expect(rowFrame.contains(beside) && !textFrame.contains(beside))
        backend.drag(from: beside, to: CGPoint(x: beside.x + 90, y: beside.y + 2), duration: 0.3, steps: 12)
        backend.runUntilIdle()
        #expect(source.swipedToReply == [target.id])

        // A finger on the text.
        let start = CGPoint(x: textFrame.minX + 4, y: textFrame.midY)
        backend.finger(1, .began, at: start)
        for step in 1...12 {
            backend.advance(by: 0.025)
            backend.finger(1, .moved, at: CGPoint(x: start.x + CGFloat(step) * 8, y: start.y + 1))
        }
        backend.finger(1, .ended, at: CGPoint(x: start.x + 96, y: start.y + 1))
        backend.runUntilIdle()
        #expect(source.swipedToReply == [target.id, target.id])
    }
}
