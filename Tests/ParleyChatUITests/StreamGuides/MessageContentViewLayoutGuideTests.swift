import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message" component, "Complex Layout Changes": a `ChatMessageContentView`
// subclass whose `layout(options:)` calls `super` and then moves parts, here the author's name
// and the time into a header above the bubble (as Slack shows them).

final class HeaderChatMessageContentView: ChatMessageContentView {
    private(set) lazy var headerContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 6)

    override func layout(options: ChatMessageLayoutOptions) {
        super.layout(options: options)
        var header: [UIView] = []
        if let authorNameLabel {
            footnoteContainer?.removeArrangedSubview(authorNameLabel)
            header.append(authorNameLabel)
        }
        if let timestampLabel {
            footnoteContainer?.removeArrangedSubview(timestampLabel)
            header.append(timestampLabel)
        }
        guard !header.isEmpty else { return }
        if let footnoteContainer, footnoteContainer.arrangedSubviews.isEmpty {
            bubbleThreadFootnoteContainer.removeArrangedSubview(footnoteContainer)
        }
        headerContainer.removeAllArrangedSubviews()
        headerContainer.addArrangedSubviews(header)
        bubbleThreadFootnoteContainer.insertArrangedSubview(headerContainer, at: 0)
    }
}

@MainActor
@Suite struct MessageContentViewLayoutGuideTests {
    typealias H = StreamGuideHarness

    @Test func theNameAndTimeMoveAboveTheBubble() throws {
        let (vc, _, _) = H.list(H.conversation) { components in
            components.messageContentView = HeaderChatMessageContentView.self
        }
        let row = try #require(vc.contentView(forMessageId: "g1") as? HeaderChatMessageContentView)
        let name = try #require(H.frame(of: row.authorNameLabel, in: row))
        let time = try #require(H.frame(of: row.timestampLabel, in: row))
        let bubble = try #require(H.frame(of: row.bubbleView, in: row))
        #expect(name.maxY <= bubble.minY + 0.5, "the name is above the bubble")
        #expect(time.maxY <= bubble.minY + 0.5)
        #expect(time.minX >= name.maxX, "the time follows the name")
        #expect(row.authorNameLabel?.text == "Alice Liddell")
        #expect(row.authorNameLabel?.superview === row.headerContainer)
        // A row without a name or time (inside a group) keeps its plain layout.
        let inGroup = try #require(vc.contentView(forMessageId: "g0") as? HeaderChatMessageContentView)
        #expect(inGroup.timestampLabel == nil && inGroup.headerContainer.superview == nil)
    }
}
