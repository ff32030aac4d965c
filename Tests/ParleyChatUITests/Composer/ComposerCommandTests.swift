import Foundation
import Parley
import Testing

/// `/` commands driven by typing in a focused composer: "/" at the start lists the channel's
/// commands, arrows and Enter pick one, the chip shows it, and sending runs it on this machine.
extension HeadlessWindowTests.ComposerBehaviourTests {
    private func suggestedCommands(_ world: World) -> [String] {
        world.composer.suggestionsVC.isPresented ? world.composer.suggestionsVC.commands.map(\.name) : []
    }

    @Test func typingTheCommandSymbolAtTheStartListsTheChannelsCommands() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("/")
        #expect(suggestedCommands(world) == ["giphy", "mute", "unmute"])
        world.backend.advance(by: 0.05)
        let rows = world.composer.suggestionsVC.commandCells
        #expect(rows.map { $0.commandView.commandNameSubtitleLabel.text } == ["/giphy [text]", "/mute · Mute this channel", "/unmute · Unmute this channel"])
        #expect(rows.first?.commandView.commandNameLabel.text == "Giphy")
        #expect(rows.first?.accessibilityLabel == "Command /giphy")
        #expect(world.composer.suggestionsVC.cells.isEmpty, "no mention rows")
        world.backend.type("mu")
        #expect(suggestedCommands(world) == ["mute"])
        world.backend.type("x")
        #expect(suggestedCommands(world).isEmpty, "nothing matches")
        world.backend.press(.keyboardDeleteOrBackspace)
        world.backend.type(" ")
        #expect(suggestedCommands(world).isEmpty, "a space ends the command's name")
        world.composer.content.text = ""
        world.backend.type("hi /gi")
        #expect(suggestedCommands(world).isEmpty, "only at the start of the text")
    }

    @Test func arrowsMoveTheHighlightAndEnterPicksTheCommandIntoAChip() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("/")
        let list = world.composer.suggestionsVC
        #expect(list.highlightedIndex == 0)
        world.backend.press(.keyboardDownArrow)
        #expect(list.highlightedIndex == 1)
        world.backend.press(.keyboardDownArrow)
        world.backend.press(.keyboardDownArrow)
        #expect(list.highlightedIndex == 0, "wraps around")
        world.backend.press(.keyboardUpArrow)
        #expect(list.highlightedIndex == 2)
        #expect(list.commandCells.map(\.isHighlighted) == [false, false, true])
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.content.command == .unmute)
        #expect(world.composer.content.text == "")
        #expect(!list.isPresented)
        world.backend.advance(by: 0.05)
        let chip = world.composer.composerView.commandLabelView
        #expect(!chip.isHidden)
        #expect(chip.nameLabel.text == "UNMUTE")
        #expect(world.textView.placeholderLabel.text == "Unmute this channel")
        // The chip sits in the field, and the text starts after it.
        let chipFrame = chip.convert(chip.bounds, to: world.window)
        let fieldFrame = world.textView.convert(world.textView.bounds, to: world.window)
        let placeholderFrame = world.textView.placeholderLabel.convert(world.textView.placeholderLabel.bounds, to: world.window)
        #expect(chipFrame.width > 60 && chipFrame.height == 22)
        #expect(fieldFrame.contains(chipFrame))
        #expect(placeholderFrame.minX >= chipFrame.maxX)
        #expect(try world.messages().isEmpty, "Enter picked the command instead of sending")

        world.backend.press(.keyboardEscape)
        #expect(world.composer.content.command == nil)
        world.backend.advance(by: 0.05)
        #expect(chip.isHidden)
        #expect(world.textView.placeholderLabel.text == "Send a message")

        // A tap on the chip removes the command too.
        world.backend.type("/gi")
        world.backend.press(.keyboardReturnOrEnter)
        world.backend.advance(by: 0.05)
        #expect(chip.accessibilityLabel == "Remove the /giphy command")
        world.tap(chip)
        #expect(world.composer.content.command == nil)
    }

    @Test func giphyPreviewsShufflesAndSendsTheBundledPictureAsAnImage() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("/gi")
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.content.command == .giphy)
        #expect(world.textView.placeholderLabel.text == "Search GIFs")
        world.backend.type("happy")
        world.backend.press(.keyboardReturnOrEnter)
        world.backend.advance(by: 0.05)
        let preview = world.composer.giphyPreviewView
        #expect(world.composer.isShowingGiphyPreview)
        #expect(preview.content?.picture.title == "Party")
        #expect(preview.queryLabel.text == "/giphy happy")
        #expect(preview.imageView.image?.size == CGSize(width: 160, height: 120))
        #expect(world.composer.content.command == nil && world.composer.content.text.isEmpty)
        #expect(preview.frame.maxY <= world.composer.composerView.frame.minY, "above the input")
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty, "nothing is posted before Send")

        world.tap(preview.shuffleButton)
        #expect(preview.content?.picture.title == "Cat")
        world.tap(preview.shuffleButton)
        #expect(preview.content?.picture.title == "Party", "wraps to the first match")
        world.tap(preview.shuffleButton)
        world.tap(preview.sendButton)
        #expect(!world.composer.isShowingGiphyPreview)
        await world.composer.pendingTask?.value
        let sent = try #require(try world.messages().last)
        #expect(sent.text == "")
        let image = try #require(sent.attachments.first?.imagePayload)
        #expect(sent.attachments.count == 1)
        #expect(image.width == 160 && image.height == 120)
        #expect(image.title == "cat.gif")
        #expect(FileManager.default.contents(atPath: image.localURL.path)?.prefix(6) == Data("GIF89a".utf8))
    }

    @Test func giphyTypedInFullWithoutMatchesKeepsTheTextAndEscapeCancelsAPreview() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("/giphy zebra")
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.errorMessage == "No GIFs match “zebra”.")
        #expect(world.composer.content.text == "/giphy zebra")
        #expect(!world.composer.isShowingGiphyPreview)

        world.composer.content.text = ""
        world.backend.type("/giphy coffee")
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.giphyPreviewView.content?.picture.title == "Coffee")
        #expect(world.composer.errorMessage == nil)
        world.backend.press(.keyboardEscape)
        #expect(!world.composer.isShowingGiphyPreview)
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty, "cancelled")

        // Enter in an empty composer sends a showing preview.
        world.backend.type("/giphy rocket")
        world.backend.press(.keyboardReturnOrEnter)
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(try world.messages().last?.attachments.first?.imagePayload?.title == "rocket.gif")
    }

    @Test func muteAndUnmuteMuteTheChannelAndNameMembersClearly() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        world.backend.type("/mute")
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.content.command == .mute, "Enter picked the suggestion")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        try world.channelController.synchronize()
        #expect(world.channelController.channel?.isMuted == true)
        #expect(world.composer.content.text == "")
        #expect(try world.messages().isEmpty, "a command is no message")

        world.backend.type("/unm")
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.content.command == .unmute)
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        try world.channelController.synchronize()
        #expect(world.channelController.channel?.isMuted == false)

        world.composer.content = .init(text: "@Bob Builder", command: .mute)
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.errorMessage == "Bob Builder can't be muted here: only whole channels can. /mute alone mutes this channel.")
        world.composer.content = .init(text: "@nobody", command: .mute)
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.errorMessage == "Nobody in this channel is called nobody.")
        #expect(world.composer.content.command == .mute, "the command stays to correct")
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty)
    }
}
