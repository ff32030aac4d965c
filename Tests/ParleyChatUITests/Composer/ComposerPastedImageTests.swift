import Foundation
import Parley
import ParleyTesting
import Testing

/// A picture copied in another app (the clipboard's `image/png`, set here at the backend's seam as
/// the X11 CLIPBOARD selection's owner would offer it) and pasted into the composer.
extension HeadlessWindowTests.ComposerAttachmentTests {
    /// The clipboard's other types, as the X11 selection offers them.
    func setClipboard(_ world: World, text: String?, png: Data?) {
        world.backend.clipboardText = text
        world.backend.clipboardItems = png.map { ["image/png": $0] } ?? [:]
    }

    @Test func aPastedPictureIsAttachedAsAPNGFileAndTextStillPastes() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let png = try #require(AttachmentFixtures.pictureData(width: 64, height: 40, palette: 1))
        setClipboard(world, text: nil, png: png)
        #expect(UIPasteboard.general.hasImages)
        #expect(UIPasteboard.general.data(forPasteboardType: "public.png") == png)
        world.backend.type("look ")
        world.backend.press(.letter("v")!, modifiers: .control)
        let attachment = try #require(world.composer.content.attachments.first)
        #expect(world.composer.content.attachments.count == 1)
        #expect(attachment.type == .image)
        #expect(attachment.localFileURL?.lastPathComponent == "Pasted image.png")
        let written = try Data(contentsOf: try #require(attachment.localFileURL))
        #expect(UIImage.pixelSize(ofImageData: written) == CGSize(width: 64, height: 40))
        if case .image(let image) = attachment.payload {
            #expect(image.width == 64 && image.height == 40, "sized from the header, so the row does not jump")
        } else {
            Issue.record("not an image payload: \(attachment.payload)")
        }
        #expect(world.composer.content.text == "look ", "nothing is pasted as text")

        // A second paste is a second file, not the first one overwritten.
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(world.composer.content.attachments.count == 2)
        #expect(Set(world.composer.content.attachments.compactMap(\.localFileURL)).count == 2)

        // A copied picture that also offers text (a browser's "Copy image") pastes as the picture,
        // as Stream's composer does; text alone pastes as text.
        setClipboard(world, text: "https://example.invalid/cat.png", png: png)
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(world.composer.content.attachments.count == 3)
        setClipboard(world, text: "words", png: nil)
        #expect(!UIPasteboard.general.hasImages)
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(world.composer.content.text == "look words")
        #expect(world.composer.content.attachments.count == 3)
    }

    /// The application that copied a picture may take its time to answer (X11 waits up to a
    /// second): the paste returns at once, the window keeps drawing, and the picture is attached
    /// when the answer arrives; a clipboard with only text still pastes the text, after the wait.
    @Test func aSlowClipboardAnswerDoesNotHoldTheMainThread() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let png = try #require(AttachmentFixtures.pictureData(width: 48, height: 30, palette: 2))
        setClipboard(world, text: nil, png: png)
        world.backend.clipboardAnswerDelay = .milliseconds(300)
        let started = ContinuousClock.now
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(ContinuousClock.now - started < .milliseconds(250), "the paste did not wait for the answer")
        #expect(world.composer.content.attachments.isEmpty)
        for _ in 0..<200 where world.composer.content.attachments.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(world.composer.content.attachments.count == 1)
        #expect(world.composer.content.attachments.first?.type == .image)

        setClipboard(world, text: "later", png: nil)
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(world.composer.content.text.isEmpty)
        for _ in 0..<200 where world.composer.content.text.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(world.composer.content.text == "later")
        #expect(world.composer.content.attachments.count == 1)
    }

    /// Bad pictures on the clipboard (corrupt bytes, an empty answer, a 30,000 × 30,000 header)
    /// attach nothing and do not crash: the text, if any, is pasted instead.
    @Test func corruptEmptyAndBombPicturesOnTheClipboardAttachNothing() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let good = try #require(AttachmentFixtures.pictureData(width: 32, height: 32, palette: 0))
        let bomb = BadImages.pngHeader(width: 30_000, height: 30_000)
        for (name, bytes) in [("corrupt", Data(good.prefix(60)) + Data(repeating: 0xAB, count: 200)), ("empty", Data()), ("bomb", bomb)] {
            setClipboard(world, text: name, png: bytes)
            world.backend.press(.letter("v")!, modifiers: .control)
            #expect(world.composer.content.attachments.isEmpty, "\(name)")
        }
        #expect(world.composer.content.text == "corruptemptybomb")
    }
}
