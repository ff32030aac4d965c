import Foundation
import Parley
@testable import ParleyChat
import ParleyScenes
import ParleyTesting
import Testing

/// "Connecting…" / "Offline" in the channel list's banner and the channel header (issue 20),
/// following the client's connection status; goldens light and dark.
@MainActor
@Suite(.serialized) struct ConnectionStatusTests {
    @Test func theChannelListShowsABannerOnlyWhileNotConnected() async throws {
        let data = try ChannelListSceneData.make()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        list.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 320))
        let root: UIView = list.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
        #expect(list.connectionStatusView.isHidden)
        let listTop = list.listView.frame.minY

        data.client.syncStore.setConnectionStatus(.disconnected(error: .notConnected(reason: "test")))
        try await waitUntilTrue(timeout: .seconds(30), "the offline banner") { !list.connectionStatusView.isHidden }
        host.layoutIfNeeded()
        #expect(list.connectionStatusView.statusLabel.text == "Offline — messages will be sent when you're back online")
        #expect(list.listView.frame.minY == listTop + list.connectionStatusView.frame.height)
        #expect(list.connectionStatusView.frame.height > 0)
        for style in [UIUserInterfaceStyle.light, .dark] {
            Snapshot.assert(host, named: "channel-list-offline-\(style == .dark ? "dark" : "light")", size: host.bounds.size, scale: 2, style: style)
        }

        data.client.syncStore.setConnectionStatus(.connecting)
        try await waitUntilTrue(timeout: .seconds(30), "connecting") { list.connectionStatusView.statusLabel.text == "Connecting…" }
        data.client.syncStore.setConnectionStatus(.connected)
        try await waitUntilTrue(timeout: .seconds(30), "the banner hides") { list.connectionStatusView.isHidden }
        host.layoutIfNeeded()
        #expect(list.listView.frame.minY == listTop)
    }

    @Test func theChannelHeaderSaysConnectingInsteadOfTheMemberCount() async throws {
        let fixture = try await ChatFixtures.makeGroupChannel()
        let saved = Appearance.default
        Appearance.default = ChatFixtures.appearance(from: saved)
        defer { Appearance.default = saved }
        let channelVC = ChatChannelVC()
        channelVC.channelController = fixture.client.channelController(for: fixture.cid)
        let navigation = UINavigationController(rootViewController: channelVC)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        let root: UIView = navigation.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
        let connected = try #require(channelVC.headerView.subtitleLabel.text)
        #expect(!connected.contains("Connecting"))

        fixture.client.syncStore.setConnectionStatus(.connecting)
        try await waitUntilTrue(timeout: .seconds(30), "the header says connecting") { channelVC.headerView.subtitleLabel.text == "Connecting…" }
        host.layoutIfNeeded()
        for style in [UIUserInterfaceStyle.light, .dark] {
            Snapshot.assert(host, named: "channel-header-connecting-\(style == .dark ? "dark" : "light")", size: host.bounds.size, scale: 2, style: style)
        }
        fixture.client.syncStore.setConnectionStatus(.connected)
        try await waitUntilTrue(timeout: .seconds(30), "the header shows members again") { channelVC.headerView.subtitleLabel.text == connected }
    }
}
