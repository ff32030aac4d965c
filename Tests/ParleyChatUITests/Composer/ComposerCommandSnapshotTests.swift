import Foundation
import Parley
import ParleyTesting
import Testing

/// Golden images of the `/` commands: the suggestions list, the command chip and the giphy
/// preview, light and dark.
extension ComposerSnapshotTests {
    @Test func commandSuggestionsAboveTheInput() {
        let hosted = HostedComposer(content: .init(text: "/"))
        hosted.composer.suggestionsVC.commands = Command.defaultCommands
        hosted.composer.suggestionsVC.highlightedIndex = 1
        hosted.layout()
        #expect(hosted.composer.suggestionsVC.isPresented)
        #expect(hosted.composer.suggestionsVC.commandCells.map(\.isHighlighted) == [false, true, false])
        assertSnapshots(hosted, named: "composer-command-suggestions")
    }

    /// `/mute` and `/unmute` take no name: their rows and the picked chip's placeholder say they
    /// act on this channel, in the UI's language.
    @Test func muteCommandsSayTheyMuteTheChannel() {
        let english = HostedComposer(content: .init(text: "/"))
        english.composer.suggestionsVC.commands = Command.defaultCommands
        english.layout()
        #expect(english.composer.suggestionsVC.commandCells.map { $0.commandView.commandNameSubtitleLabel.text } == [
            "/giphy [text]", "/mute · Mute this channel", "/unmute · Unmute this channel",
        ])
        withLanguage("de") {
            let german = HostedComposer(content: .init(text: "/"))
            german.composer.suggestionsVC.commands = [.mute, .unmute]
            german.layout()
            #expect(german.composer.suggestionsVC.commandCells.map { $0.commandView.commandNameSubtitleLabel.text } == [
                "/mute · Diesen Kanal stummschalten", "/unmute · Stummschaltung dieses Kanals aufheben",
            ])
            let picked = HostedComposer(content: .init(command: .mute))
            #expect(picked.composerView.inputTextView.placeholderLabel.text == "Diesen Kanal stummschalten")
        }
        // A channel's own command without arguments shows the description it came with.
        let custom = HostedComposer(content: .init(text: "/"))
        custom.composer.suggestionsVC.commands = [Command(name: "shrug", description: "Post a shrug", set: "fun_set", args: "")]
        custom.layout()
        #expect(custom.composer.suggestionsVC.commandCells.first?.commandView.commandNameSubtitleLabel.text == "/shrug · Post a shrug")
    }

    @Test func pickedCommandShowsItsChipBeforeTheText() {
        let hosted = HostedComposer(content: .init(text: "cats", command: .giphy))
        let chip = hosted.composerView.commandLabelView
        #expect(!chip.isHidden)
        #expect(chip.nameLabel.text == "GIPHY")
        #expect(hosted.composerView.inputTextView.leadingAccessoryWidth > 40)
        assertSnapshots(hosted, named: "composer-command-chip")

        let empty = HostedComposer(content: .init(command: .mute))
        #expect(empty.composerView.inputTextView.placeholderLabel.text == "Mute this channel")
        assertSnapshots(empty, named: "composer-command-chip-placeholder")
        // German and Arabic: in Arabic the chip and the room for it sit at the right.
        assertLocalizedSnapshots(named: "composer-command-chip") {
            let localized = HostedComposer(content: .init(command: .giphy))
            localized.host.frame.size.height = localized.layout()
            localized.layout()
            return localized.host
        }
    }

    @Test func giphyPreviewAboveTheInput() throws {
        let hosted = HostedComposer()
        hosted.composer.showGiphyPreview(for: "rocket")
        hosted.layout()
        let preview = hosted.composer.giphyPreviewView
        #expect(!preview.isHidden)
        #expect(preview.content?.picture.title == "To the moon")
        #expect(preview.cancelButton.frame.width == preview.sendButton.frame.width)
        assertSnapshots(hosted, named: "composer-giphy-preview")
        assertLocalizedSnapshots(named: "composer-giphy-preview") {
            let localized = HostedComposer()
            localized.composer.showGiphyPreview(for: "cat")
            localized.host.frame.size.height = localized.layout()
            localized.layout()
            return localized.host
        }
    }

    @Test func bundledGiphySetIsFoundByItsWords() {
        let search = GiphySearch.bundled
        #expect(search.pictures.count == 8)
        #expect(search.results(for: "").count == 8)
        #expect(search.results(for: "HAPPY").map(\.title) == ["Party", "Cat"])
        #expect(search.results(for: "happy me").map(\.title) == ["Cat"], "every word must match")
        #expect(search.results(for: "caf").isEmpty)
        #expect(search.results(for: "Launch!").map(\.title) == ["To the moon"])
        for picture in search.pictures {
            let size = UIImage(contentsOfFile: picture.url.path)?.size
            #expect(size == CGSize(width: picture.width, height: picture.height), "\(picture.title)")
        }
    }
}
