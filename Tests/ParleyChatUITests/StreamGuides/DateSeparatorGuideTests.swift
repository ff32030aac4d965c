import Foundation
import Parley
import Testing

// Stream v4 UIKit `ChatMessageListDateSeparatorView`: its `content` is the formatted day
// (`String?`); a subclass set in `Components` restyles what the list formatted.

final class UppercaseDateSeparatorView: ChatMessageListDateSeparatorView {
    override func updateContent() {
        super.updateContent()
        textLabel.text = content?.uppercased()
    }
}

@MainActor
@Suite struct DateSeparatorGuideTests {
    typealias H = StreamGuideHarness

    @Test func theListHandsTheSeparatorItsFormattedDay() {
        let (vc, _, _) = H.list(H.conversation) { components in
            components.messageListDateSeparatorView = UppercaseDateSeparatorView.self
        }
        let separators = vc.listView.visibleViews.compactMap { $0 as? UppercaseDateSeparatorView }
        #expect(separators.count == 1)
        #expect(separators.first?.content == "Today")
        #expect(separators.first?.textLabel.text == "TODAY")
    }
}
