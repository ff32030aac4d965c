import Foundation
import Parley
import ParleyTesting
import Testing

/// Golden images of the composer holding attachments (a picture's thumbnail and a file row, each
/// with its discard button) and of the file chooser, light and dark, at 2×.
@MainActor
@Suite(.serialized) struct ComposerAttachmentSnapshotTests {
    typealias A = AttachmentFixtures

    /// A composer holding `text`, the golden picture and `file`, with `failures` on its previews,
    /// laid out at its height.
    func hostedComposer(_ text: String, file: URL, failures: [URL: String] = [:]) throws -> (HostedComposer, CGSize) {
        let picture = A.picture("composer-golden.png", width: 320, height: 240, palette: 1)
        let content = ComposerVC.Content(
            text: text,
            attachments: [
                try AnyAttachmentPayload(localFileURL: picture, attachmentType: .image, width: 320, height: 240),
                try AnyAttachmentPayload(localFileURL: file, attachmentType: .file),
            ])
        let hosted = HostedComposer(content: content) { $0.components = A.components }
        hosted.composer.attachmentsVC.failures = failures
        let size = CGSize(width: hosted.host.frame.width, height: hosted.layout())
        hosted.host.frame.size = size
        hosted.layout()
        return (hosted, size)
    }

    @Test func composerWithAPictureAndAFile() throws {
        let pdf = A.file("Quarterly report.pdf", bytes: Data(repeating: 0x25, count: 245_760))
        let (hosted, size) = try hostedComposer("Here are the slides and the photo", file: pdf)
        let previews = hosted.composer.attachmentsVC
        #expect(!hosted.composerView.attachmentsViewContainer.isHidden)
        #expect(previews.horizontalStackView.arrangedSubviews.count == 1)
        #expect(previews.verticalStackView.arrangedSubviews.count == 1)
        let thumbnail = try #require((previews.horizontalStackView.arrangedSubviews.first as? AttachmentPreviewContainer)?
            .allSubviews(of: ImageAttachmentComposerPreview.self).first)
        #expect(thumbnail.imageView.image != nil, "the thumbnail is decoded")
        #expect(size.height > 150, "the previews sit above the text")
        Snapshot.assert(hosted.host, named: "composer-attachments-light", size: size, scale: 2, style: .light)
        Snapshot.assert(hosted.host, named: "composer-attachments-dark", size: size, scale: 2, style: .dark)
    }

    @Test func aFileTooLargeToSendShowsAsFailed() throws {
        let video = A.file("Site visit.mp4", bytes: Data(repeating: 0x25, count: 64_000))
        let (hosted, size) = try hostedComposer("The photo and the walkthrough", file: video, failures: [video: "File too large (max 20 MB)"])
        let row = try #require(hosted.composer.attachmentsVC.verticalStackView.arrangedSubviews.first as? AttachmentPreviewContainer)
        #expect(row.failureLabel.text == "File too large (max 20 MB)" && row.failureLabel.frame.height > 0)
        Snapshot.assert(hosted.host, named: "composer-attachment-too-large-light", size: size, scale: 2, style: .light)
        Snapshot.assert(hosted.host, named: "composer-attachment-too-large-dark", size: size, scale: 2, style: .dark)
    }

    @Test func theFileChooserSheet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-picker-golden-\(getpid())", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Holidays"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, size) in [("budget.ods", 18_400), ("notes.txt", 812), ("sunset.png", 1_482_000)] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data(count: size)))
        }
        try "hidden".write(to: folder.appendingPathComponent(".secret"), atomically: true, encoding: .utf8)
        let picker = UIDocumentPickerViewController(directoryURL: folder)
        picker.placeFolders = [("Home", folder), ("Pictures", folder), ("Documents", folder)]
        picker.view.frame = CGRect(x: 0, y: 0, width: 600, height: 460)
        picker.didTapRow(at: 3)
        picker.view.layoutIfNeeded()
        #expect(picker.entries.map(\.url.lastPathComponent) == ["Holidays", "budget.ods", "notes.txt", "sunset.png"])
        #expect(picker.selectedURLs.map(\.lastPathComponent) == ["sunset.png"])
        // The path differs per run; the golden shows a fixed one.
        for label in picker.view.allSubviews(of: UILabel.self) where label.text == folder.path { label.text = "/home/mia/Pictures" }
        Snapshot.assert(picker.view, named: "document-picker-light", size: picker.view.frame.size, scale: 2, style: .light)
        Snapshot.assert(picker.view, named: "document-picker-dark", size: picker.view.frame.size, scale: 2, style: .dark)
    }
}

extension UIView {
    /// Every view under this one of type `T`, depth first.
    func allSubviews<T: UIView>(of type: T.Type) -> [T] {
        subviews.flatMap { ([$0 as? T].compactMap { $0 }) + $0.allSubviews(of: type) }
    }
}
