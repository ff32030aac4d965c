import Foundation
import Parley
import ParleyTesting
import Testing

/// Attachments on their way: an outgoing message's picture and file mid-upload, and a received
/// remote file mid-download (golden images, light and dark), and how the rows follow the states.
@MainActor
@Suite struct TransferSnapshotTests {
    typealias A = AttachmentFixtures
    typealias F = MessageRowFixtures

    static let remoteFile = URL(string: "http://127.0.0.1:8080/v1/uploads/5f0c2d7e-download")!
    static let remoteFailed = URL(string: "http://127.0.0.1:8080/v1/uploads/5f0c2d7e-failed")!

    /// The rows, with their transfer states recorded in `transfers` (ids unique to this suite).
    static func messages(_ transfers: ChatAttachmentTransfers, suffix: String) -> [ChatMessage] {
        let picture = A.picture("upload-sunset.png", width: 320, height: 240, palette: 0)
        let report = A.file("upload-report.pdf", bytes: Data([1]))
        let uploading = A.message("up-\(suffix)", "Uploading these", by: F.me, at: 0, [
            A.image(picture, width: 320, height: 240),
            .file(FileAttachmentPayload(localURL: report, title: "Q4 report.pdf", fileSize: 2_345_678, mimeType: "application/pdf")),
        ])
        transfers.setUploadingState(
            AttachmentUploadingState(localFileURL: picture, state: .uploading(progress: 0.62)), messageId: uploading.id, attachmentId: 0)
        transfers.setUploadingState(
            AttachmentUploadingState(localFileURL: report, state: .uploading(progress: 0.25)), messageId: uploading.id, attachmentId: 1)
        let downloading = A.message("down-\(suffix)", "The slides", by: F.ana, at: 100, [
            .file(FileAttachmentPayload(
                localURL: remoteFile, title: "Kickoff slides.pdf", fileSize: 8_400_000, mimeType: "application/pdf", remoteURL: remoteFile)),
            .file(FileAttachmentPayload(
                localURL: remoteFailed, title: "budget.csv", fileSize: 12_000, mimeType: "text/csv", remoteURL: remoteFailed)),
        ])
        transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: nil, state: .downloading(progress: 0.4)), for: remoteFile)
        transfers.setDownloadingState(AttachmentDownloadingState(localFileURL: nil, state: .downloadingFailed), for: remoteFailed)
        return [uploading, downloading]
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func uploadAndDownloadProgress(style: UIUserInterfaceStyle) {
        let view = A.column(Self.messages(.shared, suffix: "golden"))
        Snapshot.assert(
            view, named: "attachments_transfers_\(style == .dark ? "dark" : "light")", size: view.frame.size, scale: 2, style: style)
    }

    @Test func rowsShowTheStateAndFollowItsChanges() async throws {
        let transfers = ChatAttachmentTransfers()
        let messages = Self.messages(transfers, suffix: "follow")
        var components = A.components
        components.imageLoader = ChatImageLoader(decodesSynchronously: true)
        let row = A.row(0, in: messages, components: components)
        let mixed = try #require(row.attachmentViewInjector as? MixedAttachmentViewInjector)
        let files = try #require(mixed.injectors.compactMap { $0 as? FilesAttachmentViewInjector }.first)
        let gallery = try #require(mixed.injectors.compactMap { $0 as? GalleryAttachmentViewInjector }.first)
        let fileRow = try #require(files.fileAttachmentView.containerStackView.arrangedSubviews.first as? ChatMessageFileAttachmentListView.ItemView)
        let tile = try #require(gallery.imagePreviews.first)
        // The rows were made with the shared registry: point them at this test's own.
        fileRow.progressView.transfers = transfers
        tile.progressView.transfers = transfers
        #expect(fileRow.fileSizeLabel.text == "Uploading 25%")
        #expect(fileRow.progressView.progress == 0.25 && !fileRow.progressView.isHidden)
        #expect(tile.progressView.progress == 0.62 && !tile.progressView.isHidden)

        // The backend moves on: the rows follow the notification.
        transfers.setUploadingState(
            AttachmentUploadingState(localFileURL: URL(fileURLWithPath: "/r.pdf"), state: .uploading(progress: 0.8)),
            messageId: messages[0].id, attachmentId: 1)
        try await waitUntil { fileRow.fileSizeLabel.text == "Uploading 80%" }
        transfers.setUploadingState(
            AttachmentUploadingState(localFileURL: URL(fileURLWithPath: "/r.pdf"), state: .uploaded), messageId: messages[0].id, attachmentId: 1)
        transfers.setUploadingState(
            AttachmentUploadingState(localFileURL: URL(fileURLWithPath: "/p.png"), state: .uploadingFailed), messageId: messages[0].id,
            attachmentId: 0)
        try await waitUntil { fileRow.progressView.isHidden && tile.progressView.isFailed }
        #expect(fileRow.fileSizeLabel.text == F.appearance.formatters.fileSize.format(2_345_678))

        // A remote file being downloaded shows its progress; a failed one says so.
        let received = A.row(1, in: messages, components: components)
        let list = try #require((received.attachmentViewInjector as? FilesAttachmentViewInjector)?.fileAttachmentView)
        let remoteRows = list.containerStackView.arrangedSubviews.compactMap { $0 as? ChatMessageFileAttachmentListView.ItemView }
        for remoteRow in remoteRows { remoteRow.progressView.transfers = transfers }
        #expect(remoteRows.map { $0.fileSizeLabel.text ?? "" } == ["Downloading 40%", "Download failed"])
        #expect(remoteRows[1].progressView.isFailed)
    }

    /// Polls `condition` on the main actor for up to two seconds.
    func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<200 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
