import Foundation
import Parley
import ParleyScenes
import Testing

/// A channel list over the scene data (or `data`), laid out at `size` without a window.
@MainActor
func makeChannelList(
    _ data: ChannelListSceneData, size: CGSize = CGSize(width: 390, height: 700)
) -> ChatChannelListVC {
    let list = ChatChannelListVC.make(with: data.client.channelListController())
    list.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
    list.view.frame = CGRect(origin: .zero, size: size)
    list.view.layoutIfNeeded()
    return list
}

/// The list's cells on screen, top to bottom.
@MainActor
func visibleCells(_ list: ChatChannelListVC) -> [ChatChannelListCollectionViewCell] {
    list.listView.visibleViews.compactMap { $0 as? ChatChannelListCollectionViewCell }
        .filter { !$0.isHidden }
        .sorted { $0.frame.minY < $1.frame.minY }
}

/// The visible cell showing `cid`.
@MainActor
func visibleCell(_ list: ChatChannelListVC, _ cid: ChannelId?) -> ChatChannelListCollectionViewCell? {
    visibleCells(list).first { $0.content?.channel.cid == cid }
}

/// Waits (letting the main actor run the controllers' updates) until `condition` holds; records
/// an issue after `timeout`.
@MainActor
func waitUntilTrue(
    timeout: Duration = .seconds(5), _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
}

/// A client acting as `me` on an in-memory store with a manual clock, with `count` group
/// channels named "Channel 1" … (channel `n` the `n`th most recent) and users `me` and `pat`.
func makeClientWithChannels(_ count: Int) async throws -> (ChatClient, ManualChatClock) {
    let clock = ManualChatClock(now: ChannelListSceneData.now.addingTimeInterval(-Double(count) * 60))
    let client = try ChatClient(opening: ChatClientConfig(currentUserId: "me", clock: clock, randomSeed: 3))
    try await client.upsertUsers([ChatUser(id: "me", name: "Me"), ChatUser(id: "pat", name: "Pat Doe")])
    for index in stride(from: count, through: 1, by: -1) {
        clock.advance(by: 60)
        let cid = ChannelId(type: .messaging, id: "c\(index)")
        try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Channel \(index)", memberIds: ["pat"]))
        try await client.sendMessage("Message in channel \(index)", in: cid)
    }
    return (client, clock)
}
