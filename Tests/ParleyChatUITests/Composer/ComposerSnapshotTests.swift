import Foundation
import Parley
import ParleyTesting
import Testing

/// Golden images of the composer in each mode, light and dark, at 2×.
@MainActor
@Suite(.serialized) struct ComposerSnapshotTests {
    func assertSnapshots(_ hosted: HostedComposer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // The host (the root, which takes the style) shrinks to the composer's own height.
        let size = CGSize(width: hosted.host.frame.width, height: hosted.layout())
        #expect(size.height > 0, sourceLocation: sourceLocation)
        hosted.host.frame.size = size
        hosted.layout()
        #expect(hosted.view.frame == CGRect(origin: .zero, size: size), sourceLocation: sourceLocation)
        Snapshot.assert(hosted.host, named: name + "-light", size: size, scale: 2, style: .light, sourceLocation: sourceLocation)
        Snapshot.assert(hosted.host, named: name + "-dark", size: size, scale: 2, style: .dark, sourceLocation: sourceLocation)
    }

    @Test func emptyComposer() {
        let hosted = HostedComposer()
        #expect(!hosted.composerView.inputTextView.placeholderLabel.isHidden)
        #expect(!hosted.composerView.sendButton.isEnabled)
        assertSnapshots(hosted, named: "composer-empty")
    }

    @Test func composerWithText() {
        let hosted = HostedComposer(content: .init(text: "Are we still on for lunch tomorrow? 🍜"))
        #expect(hosted.composerView.inputTextView.placeholderLabel.isHidden)
        #expect(hosted.composerView.sendButton.isEnabled)
        assertSnapshots(hosted, named: "composer-text")
    }

    @Test func multiLineTextStopsGrowingAtTheMaximumHeight() {
        let lines = (1...9).map { "Line \($0) of a long message" }.joined(separator: "\n")
        let hosted = HostedComposer(content: .init(text: lines))
        hosted.layout()
        let textView = hosted.composerView.inputTextView
        #expect(textView.frame.height == textView.maxHeight)
        #expect(!textView.isShowingAllLines)
        assertSnapshots(hosted, named: "composer-max-height")
    }

    @Test func quoteMode() {
        var content = ComposerVC.Content(text: "Sounds good!")
        content.quoteMessage(composerTestMessage("Shall we move the review to Thursday?"))
        let hosted = HostedComposer(content: content)
        #expect(hosted.composerView.titleLabel.text == "Reply to Alice Liddell")
        #expect(!hosted.composerView.headerView.isHidden)
        assertSnapshots(hosted, named: "composer-quote")
    }

    @Test func editMode() {
        var content = ComposerVC.Content()
        content.editMessage(composerTestMessage("See you at 10 tomorrow", author: ChatUser(id: "bob", name: "Bob")))
        let hosted = HostedComposer(content: content)
        #expect(hosted.composerView.titleLabel.text == "Edit Message")
        #expect((hosted.composerView.sendButton as? SendButton)?.mode == .edit)
        assertSnapshots(hosted, named: "composer-edit")
    }

    @Test func mentionSuggestionsAboveTheInput() {
        func suggesting() -> HostedComposer {
            let hosted = HostedComposer(content: .init(text: "Lunch with @a"))
            hosted.composer.suggestionsVC.users = [
                ChatUser(id: "alice", name: "Alice Liddell"),
                ChatUser(id: "anna", name: "Anna Karenina"),
                ChatUser(id: "arthur", name: ""),
            ]
            hosted.layout()
            return hosted
        }
        let hosted = suggesting()
        #expect(hosted.composer.suggestionsVC.isPresented)
        #expect(hosted.composer.suggestionsVC.cells.map(\.isHighlighted) == [true, false, false])
        #expect(hosted.composer.suggestionsVC.cells.last?.mentionView.usernameLabel.text == "arthur", "the id when there is no name")
        assertSnapshots(hosted, named: "composer-mention-suggestions")
        assertLocalizedSnapshots(named: "composer-mention-suggestions") {
            let localized = suggesting()
            localized.host.frame.size.height = localized.layout()
            localized.layout()
            return localized.host
        }
    }

    @Test func customSendArrowInAPinkWindow() {
        let saved = Appearance.default
        defer { Appearance.default = saved }
        Appearance.default.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!
        let hosted = HostedComposer(content: .init(text: "Sent with a custom arrow"))
        hosted.host.tintColor = .systemPink
        assertSnapshots(hosted, named: "composer-send-arrow")
    }
}
