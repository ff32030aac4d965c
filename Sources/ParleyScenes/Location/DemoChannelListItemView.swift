import Foundation
import Parley

/// The demo app's channel list row: a shared place previews as "📍 Alfama flat" (the SDK knows
/// nothing of locations and would say "📎 Attachment"), through the row's hook for an app's own
/// attachment kinds.
@MainActor
public final class DemoChannelListItemView: ChatChannelListItemView {
    /// "📍 " and the place's name for a location (its text when the payload does not decode),
    /// else the SDK's preview.
    public override func previewMessageTextForCustomAttachment(_ attachment: ChatMessageAttachment, messageText: String) -> String {
        guard attachment.type == .location else {
            return super.previewMessageTextForCustomAttachment(attachment, messageText: messageText)
        }
        let name = attachment.attachment(payloadType: LocationAttachmentPayload.self)?.payload.name.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return "📍 " + (name.isEmpty ? messageText : name)
    }
}

/// The channel list's previews of messages with attachments (issue 22): a picture alone and with
/// text, several pictures, a file, a link and the demo's location, as ``DemoChannelListItemView``
/// rows.
enum ChannelListAttachmentsScene {
    static let scene = RenderScene(
        name: "channel-list-attachments",
        summary: "Channel list previews of attachment messages: photo, photos, file, link, a custom location",
        defaultSize: CGSize(width: 390, height: 432)
    ) { size in
        ChannelListAttachmentsScene.makeColumn(size: size)
    }

    static let now = Date(timeIntervalSince1970: 1_741_788_000)
    static let me = ChatUser(id: "jordan", name: "Jordan Lee")
    static let ana = ChatUser(id: "ana", name: "Ana Lopez", isOnline: true)
    static let chloe = ChatUser(id: "chloe", name: "Chloé Martin")
    static let maya = ChatUser(id: "maya", name: "Maya Patel")
    static let ben = ChatUser(id: "ben", name: "Ben Carter")

    /// The rows, newest first: each channel's last message carries attachments.
    @MainActor
    static var channels: [ChatChannel] {
        let place = (try? AnyAttachmentPayload(payload: LocationScene.flat).payload)
            ?? .custom(CustomAttachmentPayload(received: .location, data: Data("{}".utf8)))
        let link = ChatMessageAttachment.Payload.link(LinkAttachmentPayload(
            url: URL(string: "https://example.com/pasteis") ?? URL(fileURLWithPath: "/"), title: "Pastéis de nata, the real recipe"))
        return [
            channel("dm-ana", nil, [ana], minutesAgo: 3, message("", by: ana, [AttachmentScenes.picture(0)])),
            channel("design", "Design Team", [chloe, ben], minutesAgo: 25,
                    message("New mockups for the onboarding", by: chloe, [AttachmentScenes.picture(1), AttachmentScenes.picture(2)])),
            channel("hiking", "Weekend Hiking Crew", [ben, chloe], minutesAgo: 50,
                    message("", by: ben, [AttachmentScenes.picture(3), AttachmentScenes.picture(4), AttachmentScenes.picture(0)])),
            channel("books", "Book Club", [chloe, ana], minutesAgo: 90,
                    message("", by: me, [AttachmentScenes.file("reading-list-2025.pdf", size: 482_000, mime: "application/pdf")])),
            channel("lisbon", "Lisbon Trip", [maya, ana], minutesAgo: 120, message("Here's where it is", by: maya, [place])),
            channel("family", "Family", [ana, ben], minutesAgo: 180,
                    message("Recipe for tonight https://example.com/pasteis", by: ana, [link])),
        ]
    }

    static func message(_ text: String, by author: ChatUser, _ payloads: [ChatMessageAttachment.Payload]) -> ChatMessage {
        ChatMessage(id: "preview-\(author.id)-\(payloads.count)", cid: AttachmentScenes.cid, text: text, author: author, createdAt: now,
                    attachments: payloads.enumerated().map { ChatMessageAttachment(id: $0.offset, payload: $0.element) },
                    isSentByCurrentUser: author.id == me.id)
    }

    static func channel(_ id: String, _ name: String?, _ others: [ChatUser], minutesAgo: Double, _ preview: ChatMessage) -> ChatChannel {
        var preview = preview
        preview.createdAt = now.addingTimeInterval(-minutesAgo * 60)
        let members = ([me] + others).map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: now) }
        return ChatChannel(cid: ChannelId(type: .messaging, id: id), name: name, members: members, memberCount: members.count,
                           lastMessageAt: preview.createdAt, previewMessage: preview)
    }

    /// The rows stacked in a column of `size`, 72 points each.
    @MainActor
    static func makeColumn(size: CGSize) -> UIView {
        let column = UIView(frame: CGRect(origin: .zero, size: size))
        column.backgroundColor = .systemBackground
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let environment = FormattingEnvironment(calendar: calendar, now: { now })
        for (index, channel) in channels.enumerated() {
            let row = DemoChannelListItemView(frame: CGRect(x: 0, y: CGFloat(index) * 72, width: size.width, height: 72))
            row.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: environment)
            column.addSubview(row)
            row.content = ChatChannelListItemView.Content(channel: channel, currentUserId: me.id)
        }
        column.layoutIfNeeded()
        return column
    }
}
