import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyUIKit

/// A client acting as alice on an in-memory store, with bob and carol, and `messageCount`
/// messages from bob and carol 20 s apart (ids `m0000`…); returns the client, channel and clock.
func makeChatChannel(messageCount: Int, readAll: Bool = true) async throws -> (ChatClient, ChannelId, ManualChatClock) {
    let clock = ManualChatClock(now: Date(timeIntervalSince1970: 1_741_737_600))
    let client = try ChatClient(opening: ChatClientConfig(currentUserId: "alice", clock: clock, randomSeed: 3))
    try await client.upsertUsers([
        ChatUser(id: "alice", name: "Alice Liddell", isOnline: true),
        ChatUser(id: "bob", name: "Bob Builder", isOnline: true),
        ChatUser(id: "carol", name: "Carol Danvers"),
    ])
    let cid = ChannelId(type: .messaging, id: "general")
    try await client.createChannel(ChannelCreationRequest(cid: cid, name: "General", memberIds: ["bob", "carol"]))
    for index in 0..<messageCount {
        try await sendAs(index % 4 == 0 ? "carol" : "bob", "Message \(index)" + String(repeating: " and more", count: index % 7),
                         id: String(format: "m%04d", index), in: client, cid: cid, clock: clock, advance: 20)
    }
    if readAll { try await client.markRead(cid) }
    return (client, cid, clock)
}

/// Sends as another user through the embedded backend, `advance` seconds after the last.
func sendAs(_ user: UserId, _ text: String, id: MessageId, in client: ChatClient, cid: ChannelId, clock: ManualChatClock,
            advance: TimeInterval = 1, parent: MessageId? = nil) async throws {
    clock.advance(by: advance)
    try await client.embeddedBackend!.sendMessage(
        OutgoingMessage(id: id, cid: cid, text: text, parentMessageId: parent, createdAt: clock.now()), by: user)
}

/// Waits (letting the main actor run) until `condition` holds; records an issue after 20 s (the
/// machine is shared and other suites run meanwhile).
@MainActor
func waitUntil(_ message: String = "condition", sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(20)
    while ContinuousClock.now < deadline {
        if condition() { return }
        try? await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("timed out waiting for \(message)", sourceLocation: sourceLocation)
}

/// A channel screen with fixed-height rows inside a navigation controller, in a view of `size`.
@MainActor
func makeHostedChannelVC<VC: ChatChannelVC>(_ client: ChatClient, _ cid: ChannelId, size: CGSize = CGSize(width: 390, height: 700),
                                           type: VC.Type = ChatChannelVC.self) -> (VC, UINavigationController, UIView) {
    let vc = VC()
    vc.components.messageContentView = FixedHeightMessageView.self
    vc.channelController = client.channelController(for: cid)
    let navigation = UINavigationController(rootViewController: vc)
    let host = UIView(frame: CGRect(origin: .zero, size: size))
    let root: UIView = navigation.view
    root.frame = host.bounds
    host.addSubview(root)
    host.layoutIfNeeded()
    return (vc, navigation, host)
}

/// Records, at the moment the list asks for older messages (before they load), the first
/// visible message and where it is on screen.
@MainActor
final class PagingRecordingChannelVC: ChatChannelVC {
    var recorded: [(id: MessageId, y: CGFloat)] = []

    override func chatMessageListVCDidScrollNearTop(_ vc: ChatMessageListVC) {
        if let id = vc.firstVisibleMessageId(), let y = vc.screenY(of: id) { recorded.append((id, y)) }
        super.chatMessageListVCDidScrollNearTop(vc)
    }
}

/// Runs layout passes until the list is done loading pages and measuring rows near the screen
/// (a window would run them frame after frame).
@MainActor
func settle(_ host: UIView, _ list: ChatMessageListVC, passes: Int = 30) {
    for _ in 0..<passes {
        list.listView.setNeedsLayout()
        host.layoutIfNeeded()
    }
}
