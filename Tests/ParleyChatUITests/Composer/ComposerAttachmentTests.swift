import Foundation
import Parley
import Testing

/// Attaching files in the composer as a user does on the headless backend: the attach button's
/// file chooser, a drop from the desktop, pasted paths; removing, refusing and sending them.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct ComposerAttachmentTests {
    typealias World = ComposerBehaviourTests.World

    func makeWorld(
        maxAttachmentSize: Int64 = ChatRules.defaultMaxAttachmentSize, composer: ComposerVC = ComposerVC()
    ) async throws -> World {
        let world = try await ComposerBehaviourTests().makeWorld(maxAttachmentSize: maxAttachmentSize, composer: composer)
        world.composer.components.imageLoader = ChatImageLoader(decodesSynchronously: true)
        return world
    }

    /// A folder with a picture, a text file and a sub-folder holding a PDF.
    func makeFiles(in world: World) throws -> (folder: URL, picture: URL, notes: URL, report: URL) {
        let folder = world.directory.appendingPathComponent("files", isDirectory: true)
        let sub = folder.appendingPathComponent("reports", isDirectory: true)
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let picture = folder.appendingPathComponent("sunset.png")
        try FileManager.default.copyItem(at: AttachmentFixtures.picture("composer-sunset.png", width: 320, height: 200), to: picture)
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("Buy milk\n".utf8).write(to: notes)
        let report = sub.appendingPathComponent("q3.pdf")
        try Data(repeating: 0x25, count: 2048).write(to: report)
        return (folder, picture, notes, report)
    }

    @Test func theAttachButtonOpensAFileChooserThatNavigatesAndAttachesThePickedFiles() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        world.composer.attachmentsPickerDirectory = files.folder
        #expect(!world.composer.composerView.attachmentButton.isHidden)
        world.tap(world.composer.composerView.attachmentButton)
        world.backend.advance(by: 0.5)
        let picker = try #require(world.composer.presentedViewController as? UIDocumentPickerViewController)
        // Folders first, then files by name.
        #expect(picker.entries.map(\.url.lastPathComponent) == ["reports", "notes.txt", "sunset.png"])
        picker.didTapRow(at: 0)
        #expect(picker.entries.map(\.url.lastPathComponent) == ["q3.pdf"])
        picker.openParent()
        #expect(picker.entries.count == 3)
        picker.didTapRow(at: 1)
        picker.didTapRow(at: 2)
        #expect(picker.selectedURLs.map(\.lastPathComponent) == ["notes.txt", "sunset.png"])
        world.backend.press(.keyboardReturnOrEnter)
        world.backend.advance(by: 0.5)
        #expect(world.composer.presentedViewController == nil)
        #expect(world.composer.content.attachments.map(\.type) == [.file, .image])
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["notes.txt", "sunset.png"])
        guard case .image(let image) = world.composer.content.attachments[1].payload else { Issue.record("not an image"); return }
        #expect(image.width == 320 && image.height == 200, "the pixel size comes from the header")
        #expect(world.composer.composerView.sendButton.isEnabled, "attachments alone can be sent")

        // Escape cancels the chooser and attaches nothing.
        world.tap(world.composer.composerView.attachmentButton)
        world.backend.advance(by: 0.5)
        #expect(world.composer.presentedViewController is UIDocumentPickerViewController)
        world.backend.press(.keyboardEscape)
        world.backend.advance(by: 0.5)
        #expect(world.composer.presentedViewController == nil)
        #expect(world.composer.content.attachments.count == 2)
    }

    @Test func filesDroppedOnTheWindowAreAttachedWithRemovablePreviews() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        // Dropped on the top of the window, outside the composer: it still reaches the composer.
        world.backend.drop(files: [files.picture, files.report], at: CGPoint(x: 20, y: 10), in: world.window)
        world.backend.advance(by: 0.05)
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["sunset.png", "q3.pdf"])
        let previews = world.composer.attachmentsVC
        #expect(!world.composer.composerView.attachmentsViewContainer.isHidden)
        #expect(previews.horizontalStackView.arrangedSubviews.count == 1)
        #expect(previews.verticalStackView.arrangedSubviews.count == 1)
        let fileRow = try #require(previews.verticalStackView.arrangedSubviews.first as? AttachmentPreviewContainer)
        #expect(fileRow.frame.height > 30, "the file row is laid out")

        world.tap(fileRow.discardButton)
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["sunset.png"])
        world.backend.advance(by: 0.05)
        #expect(previews.verticalStackView.arrangedSubviews.isEmpty)
        let imagePreview = try #require(previews.horizontalStackView.arrangedSubviews.first as? AttachmentPreviewContainer)
        world.tap(imagePreview.discardButton)
        #expect(world.composer.content.attachments.isEmpty)
        world.backend.advance(by: 0.05)
        #expect(world.composer.composerView.attachmentsViewContainer.isHidden)
        #expect(!world.composer.composerView.sendButton.isEnabled)
    }

    @Test func pastedFilePathsAndURIsAreAttachedAndOtherTextPastesAsText() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        world.backend.type("see ")
        UIPasteboard.general.string = files.picture.absoluteString + "\n" + files.notes.path + "\n"
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["sunset.png", "notes.txt"])
        #expect(world.composer.content.text == "see ", "the paths are not pasted as text")

        UIPasteboard.general.string = "/ is the root"
        world.backend.press(.letter("v")!, modifiers: .control)
        #expect(world.composer.content.text == "see / is the root")
        #expect(world.composer.content.attachments.count == 2)
    }

    @Test func oversizedUnreadableAndTooManyFilesAreRefusedAndNothingIsLost() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        world.backend.type("draft")
        world.composer.addAttachments(from: [files.notes])

        // A 2 GB file (sparse: nothing is written or read) is refused by its size.
        let huge = world.directory.appendingPathComponent("backup.tar")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        world.backend.drop(files: [huge], at: CGPoint(x: 20, y: 10), in: world.window)
        // The embedded backend's limit (ChatClientConfig.maxAttachmentSize, 20 MB by default).
        #expect(world.composer.maxAttachmentSize(for: .file) == ChatRules.defaultMaxAttachmentSize)
        let limit = Appearance.default.formatters.fileSize.format(ChatRules.defaultMaxAttachmentSize)
        #expect(world.composer.errorMessage == "backup.tar is larger than \(limit), so it wasn't attached.")
        #expect(limit == "20 MB")
        world.backend.advance(by: 0.05)
        #expect(!world.composer.composerView.bottomContainer.isHidden)
        #expect(world.composer.composerView.errorLabel.text == world.composer.errorMessage)

        // A folder, a missing file: unreadable.
        world.composer.addAttachments(from: [files.folder])
        #expect(world.composer.errorMessage == "files can't be read, so it wasn't attached.")
        world.composer.addAttachments(from: [world.directory.appendingPathComponent("gone\u{202E}gpj.exe")])
        #expect(world.composer.errorMessage == "gone\u{FFFD}gpj.exe can't be read, so it wasn't attached.", "direction overrides are shown safely")

        // The eleventh file is refused.
        world.composer.addAttachments(from: Array(repeating: files.picture, count: 10))
        #expect(world.composer.content.attachments.count == 10)
        #expect(world.composer.errorMessage == "A message can carry at most 10 attachments.")
        #expect(world.composer.content.text == "draft")
        #expect(world.composer.content.attachments.first?.localFileURL == files.notes)
    }

    @Test func sendingCopiesTheFilesIntoTheEmbeddedBackendsAttachmentsFolder() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        world.composer.addAttachments(from: [files.picture, files.report])
        world.backend.type("Q3 and a sunset")
        world.backend.press(.keyboardReturnOrEnter)
        #expect(world.composer.content.attachments.isEmpty)
        #expect(world.composer.content.text.isEmpty)
        await world.composer.pendingTask?.value
        #expect(world.composer.errorMessage == nil)
        let sent = try #require(try world.messages().last)
        #expect(sent.text == "Q3 and a sunset")
        #expect(sent.localState == .synced)
        let storage = try #require(world.alice.embeddedBackend?.attachmentsDirectory)
        #expect(storage.path == world.directory.appendingPathComponent("chat.sqlite.attachments").path)
        #expect(sent.attachments.map(\.type) == [.image, .file])
        for (attachment, original) in zip(sent.attachments, [files.picture, files.report]) {
            let url = try #require(attachment.imagePayload?.localURL ?? attachment.filePayload?.localURL)
            #expect(url.path.hasPrefix(storage.path + "/"), "copied into the backend's folder")
            #expect(FileManager.default.contents(atPath: url.path) == FileManager.default.contents(atPath: original.path))
        }
        // The originals can go: the message keeps its copies.
        try FileManager.default.removeItem(at: files.folder)
        let again = try #require(try world.messages().last)
        #expect(again.attachments.allSatisfy { FileManager.default.fileExists(atPath: ($0.imagePayload?.localURL ?? $0.filePayload!.localURL).path) })

        // A message with attachments and no text sends too.
        let picture = AttachmentFixtures.picture("composer-only.png")
        world.composer.addAttachments(from: [picture])
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let onlyPicture = try #require(try world.messages().last)
        #expect(onlyPicture.text == "")
        #expect(onlyPicture.attachments.count == 1)
    }

    @Test func aFileOverTheBackendsLimitIsRefusedWhenAttachedAndTheOthersStay() async throws {
        // The embedded backend takes files of at most 10 KB: the composer knows it before sending.
        let world = try await makeWorld(maxAttachmentSize: 10_000)
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        let big = files.folder.appendingPathComponent("site-plan.pdf")
        try Data(repeating: 0x25, count: 45_000).write(to: big)
        world.backend.type("plans")
        world.composer.addAttachments(from: [files.report, big])
        #expect(world.composer.maxAttachmentSize(for: .file) == 10_000)
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["q3.pdf"])
        #expect(world.composer.errorMessage == "site-plan.pdf is larger than 10 KB, so it wasn't attached.")
        #expect(world.composer.content.text == "plans")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        let sent = try #require(try world.messages().last)
        #expect(sent.text == "plans" && sent.attachments.map(\.type) == [.file])
    }

    /// A composer that lets larger files be attached than its backend takes (an app's override).
    final class LenientComposerVC: ComposerVC {
        override func maxAttachmentSize(for attachmentType: AttachmentType) -> Int64 {
            AttachmentValidationError.fileSizeMaxLimitFallback
        }
    }

    @Test func aFileOverTheBackendsLimitShowsAsFailedOnItsPreviewAndTheRestSendsOnceItIsRemoved() async throws {
        // The embedded backend takes files of at most 10 KB; this composer allows 100 MB, so the
        // backend's limit applies when sending (as for a server whose limit is not known yet).
        let world = try await makeWorld(maxAttachmentSize: 10_000, composer: LenientComposerVC())
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        let big = files.folder.appendingPathComponent("site-plan.pdf")
        try Data(repeating: 0x25, count: 45_000).write(to: big)
        world.composer.addAttachments(from: [files.report, big])
        #expect(world.composer.content.attachments.count == 2, "attaching is not refused: the backend's limit applies when sending")
        world.backend.type("plans")
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value

        // Nothing was kept; the text and both files are back, the big one marked on its preview.
        #expect(try world.messages().isEmpty, "nothing was sent or stored")
        #expect(world.composer.content.text == "plans")
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["q3.pdf", "site-plan.pdf"])
        #expect(world.composer.errorMessage == "site-plan.pdf is too large to send (max 10 KB). Remove it to send the rest.")
        world.backend.advance(by: 0.05)
        let previews = world.composer.attachmentsVC
        #expect(previews.failures == [big: "File too large (max 10 KB)"])
        let rows = previews.verticalStackView.arrangedSubviews.compactMap { $0 as? AttachmentPreviewContainer }
        #expect(rows.map(\.failureText) == [nil, "File too large (max 10 KB)"])
        let failed = try #require(rows.last)
        #expect(failed.failureLabel.window != nil && failed.failureLabel.superview?.isHidden == false && failed.failureLabel.frame.height > 0)
        #expect(rows[0].failureLabel.superview?.isHidden == true, "no line under a file that is fine")
        #expect(failed.layer.borderWidth == 1 && rows[0].layer.borderWidth == 0)

        // Sending again as it is fails the same way; removing the big file lets the rest go.
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(try world.messages().isEmpty && world.composer.content.attachments.count == 2)
        world.backend.advance(by: 0.05)
        let again = try #require(world.composer.attachmentsVC.verticalStackView.arrangedSubviews.last as? AttachmentPreviewContainer)
        world.tap(again.discardButton)
        #expect(world.composer.content.attachments.map { $0.localFileURL?.lastPathComponent } == ["q3.pdf"])
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(world.composer.errorMessage == nil && world.composer.attachmentsVC.failures.isEmpty)
        let sent = try #require(try world.messages().last)
        #expect(sent.text == "plans" && sent.attachments.map(\.type) == [.file])
    }

    @Test func aFileDeletedAfterItWasAttachedStopsTheSendAndKeepsTheContent() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        let files = try makeFiles(in: world)
        world.composer.addAttachments(from: [files.notes])
        world.backend.type("the list")
        try FileManager.default.removeItem(at: files.notes)
        world.backend.press(.keyboardReturnOrEnter)
        await world.composer.pendingTask?.value
        #expect(world.composer.errorMessage == "notes.txt can't be read, so it wasn't attached.")
        #expect(world.composer.content.text == "the list")
        #expect(world.composer.content.attachments.count == 1)
        #expect(try world.messages().isEmpty, "nothing was sent or stored")
    }

    @Test func theAttachButtonHidesWhereUploadsAreOffAndWhileEditing() async throws {
        let world = try await makeWorld()
        defer { world.cleanUp() }
        var content = ComposerVC.Content()
        content.editMessage(composerTestMessage("fix me"))
        world.composer.content = content
        world.backend.advance(by: 0.05)
        #expect(world.composer.composerView.attachmentButton.isHidden)
        world.composer.cancelReplyOrEdit()
        world.backend.advance(by: 0.05)
        #expect(!world.composer.composerView.attachmentButton.isHidden)
    }
}
}

/// The embedded backend's attachments folder keeps every copy inside it, whatever the names.
@Suite struct EmbeddedAttachmentStorageTests {
    @Test func hostileFileNamesStayInsideTheAttachmentsFolder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-blobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try ChatClient(opening: ChatClientConfig(currentUserId: "alice", databaseURL: directory.appendingPathComponent("db/chat.sqlite"), randomSeed: 3))
        let cid = ChannelId(type: .messaging, id: "files")
        try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Files"))
        let source = directory.appendingPathComponent("src", isDirectory: true)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let names = ["..", "..\u{0}etc", "report\u{202E}fdp.exe", ".hidden", "ok name.txt"]
        var attachments: [ChatMessageAttachment] = []
        for (index, name) in names.enumerated() {
            // The names as an app might have been handed them; the files themselves sit in `src`.
            let file = source.appendingPathComponent("f\(index)")
            try Data("file \(index)".utf8).write(to: file)
            let renamed = URL(fileURLWithPath: source.path + "/" + name.replacingOccurrences(of: "\u{0}", with: ""))
            if name != ".." { try? FileManager.default.moveItem(at: file, to: renamed) }
            let url = name == ".." ? file : renamed
            attachments.append(ChatMessageAttachment(payload: .file(FileAttachmentPayload(localURL: url, title: name, fileSize: 6))))
        }
        let id = try await client.sendMessage("files", in: cid, attachments: attachments)
        let stored = try #require(try client.message(id: id))
        let storage = try #require(client.embeddedBackend?.attachmentsDirectory).standardizedFileURL.path
        #expect(stored.attachments.count == names.count)
        for attachment in stored.attachments {
            let path = try #require(attachment.filePayload?.localURL).standardizedFileURL.path
            #expect(path.hasPrefix(storage + "/"), "\(path) is inside \(storage)")
            #expect(!path.contains("\u{202E}") && !path.contains("/.."))
            #expect(FileManager.default.fileExists(atPath: path))
        }
        // The titles are kept as given; the views show them safely.
        #expect(stored.attachments.map { $0.filePayload?.title } == names)
        // Sending again with the same id (a retry) copies nothing new.
        let before = try FileManager.default.subpathsOfDirectory(atPath: storage).count
        _ = try await client.sendMessage("again", in: cid, attachments: [stored.attachments[4]])
        #expect(try FileManager.default.subpathsOfDirectory(atPath: storage).count == before, "a file already stored is not copied")
    }
}
