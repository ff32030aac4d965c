import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// A message row of known height (36, 48 or 60 pt by text length), so list behaviour is tested
/// apart from the real row's layout. Overrides every sizing path the list may use.
@MainActor
final class FixedHeightMessageView: ChatMessageContentView {
    let label = UILabel()

    static func height(for message: ChatMessage?) -> CGFloat {
        36 + CGFloat((message?.text.count ?? 0) % 3) * 12
    }

    override func setUpLayout() { addSubview(label) }
    override func setUpAppearance() { label.font = .systemFont(ofSize: 15) }
    override func updateContent() { label.text = content?.text }
    override func setUpLayoutIfNeeded(options: ChatMessageLayoutOptions) {}
    override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height(for: content)) }
    override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority h: UILayoutPriority,
                                          verticalFittingPriority v: UILayoutPriority) -> CGSize {
        CGSize(width: targetSize.width, height: Self.height(for: content))
    }
    override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height(for: content)) }
    override func layoutSubviews() { label.frame = bounds.insetBy(dx: 16, dy: 4) }
}

/// A data source and delegate over fixed arrays, recording what the list reports.
@MainActor
final class StaticMessageListSource: ChatMessageListVCDataSource, ChatMessageListVCDelegate {
    var channel: ChatChannel?
    var messages: [ChatMessage]
    var typing: [ChatUser] = []
    var nearTopCount = 0
    var swipedToReply: [MessageId] = []
    var threadTaps: [MessageId] = []
    var bottomReached = 0

    init(channel: ChatChannel?, messages: [ChatMessage]) {
        self.channel = channel
        self.messages = messages
    }

    func channel(for vc: ChatMessageListVC) -> ChatChannel? { channel }
    func messages(for vc: ChatMessageListVC) -> [ChatMessage] { messages }
    func typingUsers(for vc: ChatMessageListVC) -> [ChatUser] { typing }
    func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) { nearTopCount += 1 }
    func chatMessageListVC(_ vc: ChatMessageListVC, didSwipeToReplyTo message: ChatMessage) { swipedToReply.append(message.id) }
    func chatMessageListVC(_ vc: ChatMessageListVC, didTapOnThreadOf message: ChatMessage) { threadTaps.append(message.id) }
    func chatMessageListVCDidScrollToBottom(_ vc: ChatMessageListVC) { bottomReached += 1 }
}

enum MessageListFixtures {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    static let alice = ChatUser(id: "alice", name: "Alice Liddell", isOnline: true)
    static let bob = ChatUser(id: "bob", name: "Bob Builder")
    static let me = ChatUser(id: "me", name: "Me Myself")
    static let cid = ChannelId(type: .messaging, id: "list-tests")
    /// 2025-03-12 00:00 UTC.
    static let day = Date(timeIntervalSince1970: 1_741_737_600)

    static func channel(unread: Int = 0, lastReadAt: Date? = nil, typing: Set<ChatUser> = []) -> ChatChannel {
        let members = [me, alice, bob].map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: day, lastReadAt: $0 == me ? lastReadAt : nil) }
        return ChatChannel(cid: cid, name: "List tests", members: members, memberCount: 3,
                           unreadCount: ChannelUnreadCount(messages: unread, mentions: 0),
                           membership: members[0], currentlyTypingUsers: typing)
    }

    /// `count` messages from alice, bob and me in turn, `step` seconds apart, ending at `end`.
    static func messages(_ count: Int, step: TimeInterval = 30, end: Date = day.addingTimeInterval(12 * 3_600)) -> [ChatMessage] {
        (0..<count).map { index in
            let author = [alice, bob, me][index % 3]
            return ChatMessage(
                id: String(format: "msg-%06d", index), cid: cid, text: "Message \(index)" + String(repeating: "!", count: index % 5),
                author: author, createdAt: end.addingTimeInterval(-Double(count - 1 - index) * step),
                isSentByCurrentUser: author == me)
        }
    }
}

/// A list controller with `contentView` rows (`FixedHeightMessageView` by default) in a view of `size`, laid out.
@MainActor
/// `configure` changes its components (after `contentView`) before it loads; `dataSource`, when
/// given, replaces `source` as the data source (`source` stays the delegate).
func makeHostedList(_ source: StaticMessageListSource, size: CGSize = CGSize(width: 390, height: 640),
                    contentView: ChatMessageContentView.Type = FixedHeightMessageView.self,
                    dataSource: (any ChatMessageListVCDataSource)? = nil,
                    configure: (inout Components) -> Void = { _ in }) -> (ChatMessageListVC, UIView) {
    let vc = ChatMessageListVC()
    vc.components.messageContentView = contentView
    configure(&vc.components)
    vc.appearance.formatters.messageDateSeparator = DefaultMessageDateSeparatorFormatter(
        environment: FormattingEnvironment(calendar: MessageListFixtures.utc, now: { MessageListFixtures.day.addingTimeInterval(12 * 3_600) }))
    vc.dataSource = dataSource ?? source
    vc.delegate = source
    let host = UIView(frame: CGRect(origin: .zero, size: size))
    let root: UIView = vc.view
    root.frame = host.bounds
    host.addSubview(root)
    host.layoutIfNeeded()
    return (vc, host)
}

extension ChatMessageListVC {
    /// The ids of the rows whose frames intersect the visible area, top to bottom.
    var idsOnScreen: [String] {
        let visible = CGRect(origin: listView.contentOffset, size: listView.bounds.size)
        return listView.visibleViews.compactMap { view -> String? in
            guard !view.isHidden, view.frame.intersects(visible) else { return nil }
            return (view as? ChatMessageContentView)?.content?.id
        }
    }

    /// Where the row with `id` is on screen (its frame's top minus the offset).
    func screenY(of id: String) -> CGFloat? {
        listView.frame(id: id).map { $0.minY - listView.contentOffset.y }
    }

    /// The first message row whose bottom is below the top of the viewport.
    func firstVisibleMessageId() -> MessageId? {
        let top = listView.contentOffset.y
        return messages.first { (listView.frame(id: $0.id)?.maxY ?? -.infinity) > top + 1 }?.id
    }
}
