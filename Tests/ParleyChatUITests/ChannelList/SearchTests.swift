import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// Full-text search from the channel list: typing finds messages, a result opens its channel at
/// the message, an empty query shows the channels again, and no input crashes it.
extension HeadlessWindowTests {
@MainActor
@Suite(.serialized) struct SearchTests {
    let size = CGSize(width: 390, height: 700)

    /// The scene data with a "pineapple" message in "Weekend Hiking Crew…", buried under 60
    /// newer messages (two pages) so that it is not on the channel's first page.
    private func makeData() async throws -> (ChannelListSceneData, MessageId) {
        let data = try ChannelListSceneData.make()
        let hiking = try #require(data.channels["hiking"])
        let target = try await data.send("Who packed the pineapple salsa? Pineapples everywhere", in: hiking, as: "ben", id: "pineapple")
        for index in 0..<60 { try await data.send("Filler \(index) on the trail", in: hiking, as: index % 2 == 0 ? "chloe" : "sam") }
        return (data, target)
    }

    /// A window with the channel list (search on) in a navigation controller.
    private func open(_ data: ChannelListSceneData, style: UIUserInterfaceStyle = .light) -> (HeadlessBackend, UIWindow, ChatChannelListVC, UINavigationController) {
        let backend = HeadlessBackend.install(scale: 2)
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        list.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
        list.isSearchEnabled = true
        let navigation = UINavigationController(rootViewController: list)
        let window = backend.openWindow(size: size, rootViewController: navigation)
        window.overrideUserInterfaceStyle = style
        backend.advance(by: 0.05)
        return (backend, window, list, navigation)
    }

    private func type(_ text: String, into list: ChatChannelListVC, backend: HeadlessBackend, window: UIWindow) {
        let field = list.searchField
        backend.tap(at: field.convert(CGPoint(x: field.bounds.midX, y: field.bounds.midY), to: window))
        backend.advance(by: 0.05)
        backend.type(text, in: window)
        backend.advance(by: 0.05)
    }

    private func resultRows(_ list: ChatChannelListVC) -> [ChatMessageSearchResultView] {
        list.searchResultsVC.listView.visibleViews.compactMap { $0 as? ChatMessageSearchResultView }
            .filter { !$0.isHidden }
            .sorted { $0.frame.minY < $1.frame.minY }
    }

    private func settle(_ backend: HeadlessBackend, until what: String, _ condition: () -> Bool) async throws {
        try await waitUntilTrue(timeout: .seconds(20), what) {
            backend.advance(by: 0.02)
            return condition()
        }
    }

    @Test func typingFindsAMessageAndShowsItInsteadOfTheChannels() async throws {
        let (data, target) = try await makeData()
        let (backend, window, list, _) = open(data)
        #expect(!list.searchBarView.isHidden)
        #expect(list.searchResultsVC.view.isHidden)
        // The list starts below the search bar.
        #expect(list.listView.frame.minY == list.searchBarHeight)

        type("pineap", into: list, backend: backend, window: window)
        #expect(list.searchQuery == "pineap")
        #expect(list.isShowingSearchResults)
        try await settle(backend, until: "the search finds the message") { list.searchResultsVC.results.contains { $0.id == target } }
        #expect(!list.searchResultsVC.view.isHidden)
        let row = try #require(resultRows(list).first { $0.content?.message.id == target })
        #expect(row.titleLabel.text?.hasPrefix("Weekend Hiking Crew") == true)
        #expect(row.subtitleLabel.attributedText?.string == "Ben Carter: Who packed the pineapple salsa? Pineapples everywhere")
        #expect(row.timestampLabel.text?.isEmpty == false)
        #expect(row.avatarView.content?.id == "ben")
        // Both words starting with the query are bold; the others are not.
        let text = try #require(row.subtitleLabel.attributedText)
        let bold = list.appearance.fonts.footnoteBold
        func font(at word: String) -> UIFont? {
            let range = (text.string as NSString).range(of: word)
            return text.attribute(.font, at: range.location, effectiveRange: nil) as? UIFont
        }
        #expect(font(at: "pineapple") == bold)
        #expect(font(at: "Pineapples") == bold)
        #expect(font(at: "salsa") != bold)

        // No blinking caret in the goldens.
        _ = list.searchField.resignFirstResponder()
        backend.advance(by: 0.05)
        Snapshot.assert(window, named: "channel-list-search-light", size: size, scale: 2, style: .light)
        window.overrideUserInterfaceStyle = .dark
        backend.advance(by: 0.05)
        Snapshot.assert(window, named: "channel-list-search-dark", size: size, scale: 2, style: .dark)
    }

    @Test func tappingAResultOpensTheChannelWithTheMessageVisible() async throws {
        let (data, target) = try await makeData()
        let (backend, window, list, navigation) = open(data)
        type("pineapple", into: list, backend: backend, window: window)
        try await settle(backend, until: "a result row") { resultRows(list).contains { $0.content?.message.id == target } }
        let row = try #require(resultRows(list).first { $0.content?.message.id == target })
        backend.tap(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: window))
        backend.advance(by: 0.5)

        let channelVC = try #require(navigation.topViewController as? ChatChannelVC)
        #expect(channelVC.channelController.cid == data.channels["hiking"])
        try await settle(backend, until: "the message is on screen") {
            guard let view = channelVC.messageListVC.contentView(forMessageId: target) else { return false }
            let frame = view.convert(view.bounds, to: window)
            return window.bounds.intersects(frame) && frame.minY >= 0 && frame.maxY <= window.bounds.height
        }
        // It was not on the newest page: the channel opened around it, not at its bottom.
        #expect(channelVC.messageListVC.contentView(forMessageId: "scene-sam-\(Int(data.clock.now().timeIntervalSince1970 * 1000))") == nil)
    }

    @Test func anEmptyQueryShowsTheChannelsAgain() async throws {
        let (data, _) = try await makeData()
        let (backend, window, list, _) = open(data)
        let channelsBefore = visibleCells(list).map { $0.content?.channel.cid }
        list.listView.setContentOffset(CGPoint(x: 0, y: 60), animated: false)
        backend.advance(by: 0.05)
        type("trail", into: list, backend: backend, window: window)
        try await settle(backend, until: "results") { !list.searchResultsVC.results.isEmpty }
        #expect(!list.searchResultsVC.view.isHidden)

        for _ in 0..<"trail".count { backend.press(.keyboardDeleteOrBackspace, in: window) }
        backend.advance(by: 0.05)
        #expect(list.searchQuery.isEmpty)
        #expect(!list.isShowingSearchResults)
        #expect(list.searchResultsVC.view.isHidden)
        #expect(list.searchResultsVC.results.isEmpty)
        // Leaving the results shows the top of the channels again.
        #expect(list.listView.contentOffset.y == -list.listView.adjustedContentInset.top)
        #expect(visibleCells(list).map { $0.content?.channel.cid } == channelsBefore)
    }

    @Test func noResultsSaysSo() async throws {
        let data = try ChannelListSceneData.make()
        let (backend, window, list, _) = open(data)
        type("zzqxv", into: list, backend: backend, window: window)
        try await settle(backend, until: "the search finished") { !list.searchResultsVC.isSearching }
        #expect(list.searchResultsVC.results.isEmpty)
        #expect(!list.searchResultsVC.statusLabel.isHidden)
        #expect(list.searchResultsVC.statusLabel.text == "No results for “zzqxv”")
        _ = list.searchField.resignFirstResponder()
        backend.advance(by: 0.05)
        Snapshot.assert(window, named: "channel-list-search-empty", size: size, scale: 2, style: .light)
    }

    @Test(arguments: ["\"", "\"pine", "*", "pine*", "a\0b", "\0", "مرحبا", "🎉", "NEAR(a b)", "-", "OR", "a AND", "'); DROP TABLE message; --", String(repeating: "x", count: 5_000)])
    func weirdInputNeverCrashes(_ query: String) async throws {
        let data = try ChannelListSceneData.make()
        let (backend, window, list, _) = open(data)
        list.search(query)
        try await settle(backend, until: "the search finished") { !list.searchResultsVC.isSearching }
        #expect(list.searchResultsVC.lastError == nil)
        _ = backend.snapshot(of: window)
        if query == "مرحبا" {
            #expect(list.searchResultsVC.results.contains { $0.text.contains("مرحبا") })
        }
    }

    @Test func matchRangesFoldCaseAndDiacriticsAndTreatTheLastWordAsAPrefix() {
        let text: Substring = "Chloé said CAFE and café, not cafeteria"
        let words = ChatMessageSearchResultView.matchRanges(of: "cafe", in: text).map { String(text[$0]) }
        #expect(words == ["CAFE", "café", "cafeteria"])
        let exact = ChatMessageSearchResultView.matchRanges(of: "cafe ", in: text).map { String(text[$0]) }
        #expect(exact == ["CAFE", "café"])
        #expect(ChatMessageSearchResultView.matchRanges(of: "\"*", in: text).isEmpty)
    }
}
}
