import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Message Composer": a `ComposerVC` subclass overriding
// `publishMessage(sender:)` to change the text before the composer sends it.

final class CleanComposerVC: ComposerVC {
    private(set) var senders: [UIButton] = []

    override func publishMessage(sender: UIButton) {
        senders.append(sender)
        content.text = content.text.replacingOccurrences(of: "darn", with: "****")
        super.publishMessage(sender: sender)
    }
}

@MainActor
@Suite struct ComposerPublishGuideTests {
    @Test func theSendButtonAndEnterGoThroughTheOverride() {
        let composer = CleanComposerVC()
        StreamGuideHarness.host(composer)

        composer.content.text = "darn it"
        composer.composerView.sendButton.sendActions(for: .primaryActionTriggered)
        #expect(composer.senders.count == 1 && composer.senders.first === composer.composerView.sendButton)
        #expect(composer.content.text == "**** it", "the override ran before super")
        // Super ran too: without a channel it refuses and keeps the text.
        #expect(composer.errorMessage == "This conversation is not available.")

        // Enter sends through the same method, with the send button as sender.
        _ = composer.textView(composer.composerView.inputTextView, shouldReturnWith: [])
        #expect(composer.senders.count == 2 && composer.senders.last === composer.composerView.sendButton)
    }
}
