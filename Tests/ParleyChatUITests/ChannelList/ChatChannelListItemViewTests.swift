import Foundation
import Parley
import ParleyTesting
import Testing

@MainActor
@Suite struct ChatChannelListItemViewTests {
    let me = ChatUser(id: "me", name: "Me Myself")
    let ana = ChatUser(id: "ana", name: "Ana Lopez", isOnline: true)
    let ben = ChatUser(id: "ben", name: "Ben Carter")
    let date = Date(timeIntervalSince1970: 1_741_788_000)

    func member(_ user: ChatUser) -> ChatChannelMember {
        ChatChannelMember(user: user, role: .member, memberCreatedAt: date)
    }

    func group(_ preview: ChatMessage?, name: String? = "Team", typing: Set<ChatUser> = []) -> ChatChannel {
        ChatChannel(cid: ChannelId(type: .messaging, id: "team"), name: name, members: [member(me), member(ana), member(ben)],
                    memberCount: 3, lastMessageAt: preview?.createdAt, previewMessage: preview, currentlyTypingUsers: typing)
    }

    func dm(_ preview: ChatMessage?) -> ChatChannel {
        ChatChannel(cid: ChannelId(type: .messaging, id: "dm"), members: [member(me), member(ana)], memberCount: 2,
                    lastMessageAt: preview?.createdAt, previewMessage: preview)
    }

    func message(_ text: String, by author: ChatUser, type: MessageType = .regular, deleted: Bool = false,
                 attachments: [ChatMessageAttachment] = []) -> ChatMessage {
        ChatMessage(id: "m-\(text.utf8.count)", cid: ChannelId(type: .messaging, id: "team"), text: text, type: type, author: author,
                    createdAt: date, deletedAt: deleted ? date : nil, attachments: attachments, isSentByCurrentUser: author.id == "me")
    }

    /// An item view in a 390 × 72 container, showing `channel`.
    func row(_ channel: ChatChannel?) -> ChatChannelListItemView {
        rowInContainer(channel).row
    }

    /// The row and the container it was laid out in (the caller keeps the container alive).
    func rowInContainer(_ channel: ChatChannel?) -> (row: ChatChannelListItemView, container: UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 72))
        let view = ChatChannelListItemView(frame: container.bounds)
        view.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(
            environment: FormattingEnvironment(calendar: { var c = Calendar(identifier: .gregorian); c.timeZone = TimeZone(identifier: "UTC")!; return c }(),
                                               now: { [date] in date }))
        container.addSubview(view)
        view.content = channel.map { ChatChannelListItemView.Content(channel: $0, currentUserId: "me") }
        container.layoutIfNeeded()
        return (view, container)
    }

    @Test func previewsFollowTheSeedsRules() {
        #expect(row(group(message("Hello", by: ana))).subtitleLabel.text == "Ana Lopez: Hello")
        #expect(row(group(message("Hi all", by: me))).subtitleLabel.text == "You: Hi all")
        #expect(row(dm(message("Just us", by: ana))).subtitleLabel.text == "Just us")
        #expect(row(dm(message("Mine", by: me))).subtitleLabel.text == "You: Mine")
        #expect(row(dm(message("Mine", by: me))).titleLabel.text == "Ana Lopez")
        #expect(row(group(message("Ana joined the channel", by: ana, type: .system))).subtitleLabel.text == "Ana joined the channel")
        #expect(row(group(message("secret", by: ana, deleted: true))).subtitleLabel.text == "Message deleted")
        #expect(row(group(nil)).subtitleLabel.text == "No messages")
        #expect(row(group(nil)).timestampLabel.isHidden)
        #expect(row(group(message("Hello", by: ana))).timestampLabel.text == "14:00")

        let file = ChatMessageAttachment(payload: .file(FileAttachmentPayload(
            localURL: URL(fileURLWithPath: "/tmp/report.pdf"), title: "report.pdf", fileSize: 1_000)))
        #expect(row(group(message("", by: ana, attachments: [file]))).subtitleLabel.text == "Ana Lopez: 📄 report.pdf")
        let image = ChatMessageAttachment(payload: .image(ImageAttachmentPayload(localURL: URL(fileURLWithPath: "/tmp/a.png"))))
        #expect(row(dm(message("", by: ana, attachments: [image]))).subtitleLabel.text == "📷 Photo")
        #expect(row(dm(message("Look", by: ana, attachments: [image]))).subtitleLabel.text == "📷 Look")

        #expect(row(group(message("x", by: ana), typing: [ana])).subtitleLabel.text == "Ana Lopez is typing…")
        #expect(row(group(message("x", by: ana), typing: [ana, ben])).subtitleLabel.text == "Ana Lopez and Ben Carter are typing…")
        // The current user's own typing never shows.
        #expect(row(group(message("x", by: ana), typing: [me])).subtitleLabel.text == "Ana Lopez: x")
    }

    @Test func badDataNeverCrashesAndStaysOnOneLine() {
        let huge = String(repeating: "lorem ipsum ", count: 100_000)
        let view = row(group(message(huge, by: ana), name: String(repeating: "Very long name ", count: 1000)))
        #expect(view.titleLabel.text!.count <= 300)
        #expect(view.subtitleLabel.text!.count <= 300 + "Ana Lopez: ".count)
        #expect(view.titleLabel.isTruncated && view.subtitleLabel.isTruncated)

        let nul = row(group(message("a\u{0}b\nc\td", by: ana), name: "Na\u{0}me"))
        #expect(nul.subtitleLabel.text == "Ana Lopez: ab c d")
        #expect(nul.titleLabel.text == "Name")

        // A name of only whitespace falls back to the members; no members at all, to the id.
        let nameless = ChatChannel(cid: ChannelId(type: .messaging, id: "lonely"), name: "   ")
        #expect(row(nameless).titleLabel.text == "lonely")
        #expect(row(nameless).subtitleLabel.text == "No messages")
        // A direct message whose other member is missing.
        let broken = ChatChannel(cid: ChannelId(type: .messaging, id: "dm2"), members: [member(me)], memberCount: 2)
        #expect(row(broken).titleLabel.text == "dm2")
        let nobody = ChatUser(id: "ghost", name: "")
        #expect(row(group(message("boo", by: nobody))).subtitleLabel.text == "ghost: boo")

        let empty = row(nil)
        #expect(empty.titleLabel.text == nil && empty.subtitleLabel.text == nil)
        #expect(empty.unreadCountView.isHidden)
        #expect(empty.avatarView.avatarView.content == nil)
    }

    @Test func groupAvatarsShowTheChannelsInitialsAndDMsTheOtherMember() {
        let dmRow = row(dm(message("hi", by: ana)))
        #expect(dmRow.avatarView.avatarView.content?.id == "ana")
        #expect(!dmRow.avatarView.onlineIndicatorView.isHidden)
        let groupRow = row(group(message("hi", by: ana)))
        #expect(groupRow.avatarView.avatarView.content?.initials == "T")
        #expect(groupRow.avatarView.onlineIndicatorView.isHidden)
    }

    @Test func rowGoldens() {
        let channel = ChatChannel(
            cid: ChannelId(type: .messaging, id: "team"), name: "Design Team", members: [member(me), member(ana), member(ben)],
            memberCount: 3, lastMessageAt: date, unreadCount: ChannelUnreadCount(messages: 12, mentions: 0),
            previewMessage: message("I pushed the new mockups to the shared folder", by: ana))
        // The container is rendered: a view inside a hierarchy takes its traits from it.
        let container = rowInContainer(channel).container
        Snapshot.assert(container, named: "channel-list-row", style: .light)
        Snapshot.assert(container, named: "channel-list-row-dark", style: .dark)
    }
}
