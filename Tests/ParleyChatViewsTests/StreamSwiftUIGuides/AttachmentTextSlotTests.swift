import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// A message's text under its attachments as a grey quoted caption; plain messages keep the
/// message text view.
final class QuotedCaptionFactory: ViewFactory {
    func makeAttachmentTextView(options: AttachmentTextViewOptions) -> some View {
        Text("“\(options.message.text)”")
            .font(.footnote)
            .foregroundColor(.gray)
            .padding(.horizontal, 12)
    }
}

@MainActor
@Suite(.serialized) struct AttachmentTextSlotTests {
    let withFile = ChatMessage(
        id: "f1", cid: Fixtures.cid, text: "The minutes of Tuesday's review", author: Fixtures.ana, createdAt: Fixtures.start,
        attachments: [ChatMessageAttachment(id: 0, payload: .file(FileAttachmentPayload(
            localURL: URL(fileURLWithPath: "/tmp/minutes.pdf"), title: "Minutes.pdf", fileSize: 182_400, mimeType: "application/pdf")))])
    let plain = ChatMessage(id: "p1", cid: Fixtures.cid, text: "No attachment here", author: Fixtures.ana, createdAt: Fixtures.start)

    func row(_ factory: some ViewFactory, _ message: ChatMessage) -> some View {
        factory.makeMessageContainerView(
            channel: Fixtures.channel, message: message, width: 390, showsAllInfo: false, isInThread: false,
            scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: false)
    }

    func texts(_ factory: some ViewFactory, _ message: ChatMessage) -> [String] {
        let view: UIView = UIHostingController(rootView: row(factory, message)).view
        view.frame = CGRect(x: 0, y: 0, width: 390, height: 200)
        view.layoutIfNeeded()
        return guideLabelTexts(in: view)
    }

    @Test func theRowDrawsTheAttachmentTextSlotUnderAttachmentsOnly() {
        let captioned = texts(QuotedCaptionFactory(), withFile)
        #expect(captioned.last == "“The minutes of Tuesday's review”", "\(captioned)")
        #expect(!captioned.contains("The minutes of Tuesday's review"))
        #expect(texts(QuotedCaptionFactory(), plain).contains("No attachment here"), "a message without attachments keeps its text view")
        // The default slot is the message text view.
        #expect(texts(DefaultViewFactory.shared, withFile).contains("The minutes of Tuesday's review"))
        renderHostedGolden(VStack(spacing: 0) {
            row(QuotedCaptionFactory(), withFile)
            row(QuotedCaptionFactory(), plain)
            Spacer()
        }, named: "attachment-text-slot", size: CGSize(width: 390, height: 170))
    }
}
