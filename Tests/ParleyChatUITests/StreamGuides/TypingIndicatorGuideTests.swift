import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Typing Indicator": the row under the newest message while others type
// is `Components.typingIndicatorView`; a subclass writes its own sentence in `updateContent`,
// and `Components.typingAnimationView` (a `TypingAnimationView` subclass) changes the dots.

final class CountingTypingIndicatorView: TypingIndicatorView {
    override func updateContent() {
        super.updateContent()
        textLabel.text = content.count == 1 ? "Someone is writing" : "\(content.count) people are writing"
    }
}

final class FiveDotsTypingAnimationView: TypingAnimationView {
    override var numberOfDots: Int { 5 }
    override var dotSize: CGFloat { 4 }
}

@MainActor
@Suite struct TypingIndicatorGuideTests {
    typealias H = StreamGuideHarness
    typealias L = MessageListFixtures

    @Test func theListShowsTheAppsIndicatorWhileOthersType() throws {
        let (vc, source, host) = H.list(H.conversation) { components in
            components.typingIndicatorView = CountingTypingIndicatorView.self
            components.typingAnimationView = FiveDotsTypingAnimationView.self
        }
        #expect(vc.listView.visibleViews.compactMap { $0 as? TypingIndicatorView }.isEmpty)
        source.typing = [L.alice, L.bob]
        vc.reloadData()
        host.layoutIfNeeded()
        let indicator = try #require(vc.listView.visibleViews.compactMap { $0 as? CountingTypingIndicatorView }.first)
        #expect(!indicator.isHidden)
        #expect(indicator.textLabel.text == "2 people are writing")
        #expect(indicator.typingAnimationView is FiveDotsTypingAnimationView)
        let dots = indicator.dotsView.arrangedSubviews
        #expect(dots.count == 5)
        #expect(dots.allSatisfy { $0.frame.size == CGSize(width: 4, height: 4) })
        source.typing = [L.bob]
        vc.reloadData()
        host.layoutIfNeeded()
        #expect(vc.listView.visibleViews.compactMap { ($0 as? CountingTypingIndicatorView)?.textLabel.text } == ["Someone is writing"])
    }
}
