import Foundation
import Parley
import Testing

/// Leaving a channel frees its screen: the controllers, the list and the rows.
@MainActor
@Suite(.serialized) struct ChannelLifetimeTests {
    @Test func aClosedChannelScreenIsFreed() async throws {
        let (client, cid, _) = try await makeChatChannel(messageCount: 30)
        weak var weakVC: ChatChannelVC?
        weak var weakList: ChatMessageListVC?
        weak var weakComposer: ComposerVC?
        weak var weakRow: ChatMessageContentView?
        weak var weakListView: UIView?
        weak var weakBubble: UIView?
        weak var weakText: UIView?
        do {
            let vc = ChatChannelVC()
            vc.channelController = client.channelController(for: cid)
            let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
            let root: UIView = vc.view
            root.frame = host.bounds
            host.addSubview(root)
            host.layoutIfNeeded()
            weakVC = vc
            weakList = vc.messageListVC
            weakComposer = vc.messageComposerVC
            weakRow = vc.messageListVC.contentView(forMessageId: "m0029")
            weakListView = vc.messageListVC.listView
            weakBubble = weakRow?.bubbleView
            weakText = weakRow?.textView
            #expect(weakRow != nil)
            root.removeFromSuperview()
        }
        // Let pending main-actor work (controller updates, timers) run out.
        for _ in 0..<5 { await Task.yield() }
        #expect(weakVC == nil, "ChatChannelVC leaked")
        #expect(weakList == nil, "ChatMessageListVC leaked")
        #expect(weakComposer == nil, "ComposerVC leaked")
        #expect(weakListView == nil, "the list view leaked")
        #expect(weakBubble == nil, "the bubble leaked")
        #expect(weakText == nil, "the text view leaked")
        #expect(weakRow == nil, "a message row leaked")
    }
}
