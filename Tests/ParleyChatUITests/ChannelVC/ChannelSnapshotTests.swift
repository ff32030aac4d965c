import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyScenes
import ParleyTesting
import ParleyUIKit

/// Golden images of the channel scene (every kind of message) and of a thread, light and dark.
@MainActor
@Suite(.serialized) struct ChannelSnapshotTests {
    @Test func channelScene() throws {
        let scene = try #require(SceneCatalog.scene(named: "channel"))
        for style in [UIUserInterfaceStyle.light, .dark] {
            let view = SceneCatalog.makeView(scene)
            Snapshot.assert(view, named: "channel-\(style == .dark ? "dark" : "light")", size: scene.defaultSize, scale: 2, style: style)
        }
    }

    @Test func channelSceneOnADesktopWindow() throws {
        let scene = try #require(SceneCatalog.scene(named: "channel"))
        let size = CGSize(width: 1280, height: 800)
        Snapshot.assert(SceneCatalog.makeView(scene, size: size), named: "channel-1280x800-light", size: size, scale: 1, style: .light)
    }

    @Test func thread() async throws {
        let fixture = try await ChatFixtures.makeGroupChannel()
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let threadVC = ChatThreadVC()
        threadVC.channelController = fixture.client.channelController(for: fixture.cid)
        try threadVC.channelController?.synchronize()
        threadVC.messageController = fixture.client.messageController(cid: fixture.cid, messageId: ChatFixtures.threadRootId)
        let navigation = UINavigationController(rootViewController: threadVC)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 560))
        let root: UIView = navigation.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
        #expect(threadVC.messageListVC.messages.map(\.id) == [ChatFixtures.threadRootId, "r1-alice", "r2-bob", "r3-sam"])
        for style in [UIUserInterfaceStyle.light, .dark] {
            Snapshot.assert(host, named: "thread-\(style == .dark ? "dark" : "light")", size: host.bounds.size, scale: 2, style: style)
        }
    }
}
