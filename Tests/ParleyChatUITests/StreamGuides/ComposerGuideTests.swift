import Foundation
import Parley
import Testing

// Stream v4 UIKit guide "Composer": the composer's view is `Components.messageComposerView`; a
// `ComposerView` subclass adds a button to `leadingContainer` in `setUpLayout`, and the send
// button is `Components.sendButton`, a `SendButton` subclass restyled in `setUpAppearance`.

final class EmojiComposerView: ComposerView {
    private(set) lazy var emojiButton: UIButton = {
        let button = UIButton(type: .system)
        button.setImage(appearance.images.smiley, for: .normal)
        return button
    }()

    override func setUpLayout() {
        super.setUpLayout()
        leadingContainer.addArrangedSubview(emojiButton)
        leadingContainer.isHidden = false
        NSLayoutConstraint.activate([
            emojiButton.widthAnchor.constraint(equalToConstant: 38),
            emojiButton.heightAnchor.constraint(equalToConstant: 38),
        ])
    }
}

final class FilledSendButton: SendButton {
    override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background6
        layer.cornerRadius = 19
    }
}

@MainActor
@Suite struct ComposerGuideTests {
    @Test func theComposerViewSubclassAddsAButtonBeforeTheInput() throws {
        let hosted = HostedComposer { $0.components.messageComposerView = EmojiComposerView.self }
        let view = try #require(hosted.composerView as? EmojiComposerView)
        let emoji = view.emojiButton
        #expect(emoji.isDescendant(of: hosted.view))
        let emojiFrame = emoji.convert(emoji.bounds, to: hosted.view)
        let inputFrame = view.inputTextView.convert(view.inputTextView.bounds, to: hosted.view)
        #expect(emojiFrame.width == 38 && emojiFrame.height == 38)
        #expect(emojiFrame.maxX <= inputFrame.minX, "leading, before the text input")
        let plain = HostedComposer()
        let plainInput = plain.composerView.inputTextView
        #expect(inputFrame.minX > plainInput.convert(plainInput.bounds, to: plain.view).minX, "the input made room for it")
    }

    @Test func theSendButtonIsTheSubclass() throws {
        let hosted = HostedComposer(content: .init(text: "Hi")) { $0.components.sendButton = FilledSendButton.self }
        let send = try #require(hosted.composerView.sendButton as? FilledSendButton)
        #expect(send.isDescendant(of: hosted.composerView.trailingContainer))
        #expect(send.backgroundColor == hosted.composer.appearance.colorPalette.background6 && send.layer.cornerRadius == 19)
        #expect(!(HostedComposer().composerView.sendButton is FilledSendButton))
    }
}
