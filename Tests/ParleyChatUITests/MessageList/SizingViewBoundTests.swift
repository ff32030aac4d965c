import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// A source whose every message has layout options of its own kind (`kind-N`, N = index % kinds):
/// a history with more kinds of rows than the list keeps sizing views for.
@MainActor
final class ManyKindsMessageListSource: ChatMessageListVCDataSource {
    let source: StaticMessageListSource
    let kinds: Int
    init(_ source: StaticMessageListSource, kinds: Int) {
        self.source = source
        self.kinds = kinds
    }

    func channel(for vc: ChatMessageListVC) -> ChatChannel? { source.channel }
    func messages(for vc: ChatMessageListVC) -> [ChatMessage] { source.messages }
    func typingUsers(for vc: ChatMessageListVC) -> [ChatUser] { [] }
    func chatMessageListVC(_ vc: ChatMessageListVC, messageLayoutOptionsAt indexPath: IndexPath) -> ChatMessageLayoutOptions {
        [.bubble, .text, ChatMessageLayoutOption(rawValue: "kind-\(indexPath.item % kinds)")]
    }
}

@MainActor
@Suite struct SizingViewBoundTests {
    typealias F = MessageListFixtures

    /// Each reuse key (layout options and injector) used to keep its sizing view, a whole row with
    /// its Auto Layout solver, for the list's lifetime: 75 of them after scrolling the benchmark's
    /// history. The least recently used one goes when a new key comes past the bound.
    @Test func keepsAtMostTheBoundLeastRecentlyUsedFirst() {
        let (vc, _) = makeHostedList(StaticMessageListSource(channel: F.channel(), messages: F.messages(3)))
        let bound = SizingViewCache.capacity
        vc.sizingViews.removeAll()
        #expect(vc.sizingContainer.subviews.isEmpty)
        let first = vc.sizingView("kept") { UIView() }
        for index in 0..<(bound * 3) {
            _ = vc.sizingView("key-\(index)") { UIView() }
            // Used between the others: the most recently used stays.
            #expect(vc.sizingView("kept") { UIView() } === first)
            #expect(vc.sizingViews.views.count <= bound)
        }
        #expect(vc.sizingViews.views.count == bound)
        #expect(vc.sizingContainer.subviews.count == bound, "dropped sizing views leave the container")
        #expect(vc.sizingViews.views["key-0"] == nil)
        #expect(vc.sizingViews.views["key-\(bound * 3 - 1)"] != nil)
    }

    /// A history of more kinds of rows than the bound: scrolled through, the list keeps at most
    /// the bound, and rows measured by a sizing view made again measure as before.
    @Test func aHistoryOfManyKindsKeepsTheBoundAndItsHeights() throws {
        let kinds = SizingViewCache.capacity * 2 + 5
        let source = StaticMessageListSource(channel: F.channel(), messages: F.messages(kinds * 4, step: 1))
        let manyKinds = ManyKindsMessageListSource(source, kinds: kinds)
        let (vc, host) = makeHostedList(source, dataSource: manyKinds)
        let messages = source.messages
        for message in messages.reversed() {
            _ = vc.listView.scrollTo(id: message.id, position: .top)
            host.layoutIfNeeded()
            #expect(vc.sizingViews.views.count <= SizingViewCache.capacity)
        }
        #expect(vc.sizingViews.made > SizingViewCache.capacity, "more kinds than the bound: some were made again")
        for (index, message) in messages.enumerated() {
            let frame = try #require(vc.listView.frame(id: message.id))
            // FixedHeightMessageView's height, plus the spacing above the row (no row continues a group).
            let height = FixedHeightMessageView.height(for: message) + (index == 0 ? 0 : vc.spacingBetweenGroups)
            #expect(frame.height == height, "\(message.id): \(frame.height) for \(height)")
        }
    }
}
