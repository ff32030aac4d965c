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

    @Test func pickedCommandShowsItsChipBeforeTheText() {
        let hosted = HostedComposer(content: .init(text: "cats", command: .giphy))
        let chip = hosted.composerView.commandLabelView
        #expect(!chip.isHidden)
        #expect(chip.nameLabel.text == "GIPHY")
        #expect(hosted.composerView.inputTextView.leadingAccessoryWidth > 40)
        assertSnapshots(hosted, named: "composer-command-chip")

        let empty = HostedComposer(content: .init(command: .mute))
        #expect(empty.composerView.inputTextView.placeholderLabel.text == "[@username]")
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
