import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

extension HeadlessWindowTests {
/// Keyboard focus through the channel search: Tab from the search field reaches the results (the
/// first one, with the ring), Enter opens it, Shift+Tab goes back to the field.
@MainActor
@Suite(.serialized) struct SearchFocusTests {
    @Test
    func tabFromTheSearchFieldGoesToTheFirstResult() async throws {
        try await DesktopInteractionTests.withDemoAsync { demo in
            demo.backend.press(.letter("f")!, modifiers: .control)
            #expect(demo.list.searchField.isFirstResponder)
            demo.backend.type("lunch")
            let results = demo.list.searchResultsVC
            try await waitUntilTrue(timeout: .seconds(20), "the results") {
                demo.backend.advance(by: 0.02)
                return !results.results.isEmpty && !results.isSearching
            }
            demo.settle()
            demo.backend.press(.keyboardTab)
            let focused = demo.focus?.focusedItem
            let row = try #require(focused as? ChatMessageSearchResultView, "focused: \(String(describing: focused))")
            #expect(row.content?.message.id == results.results.first?.id)
            #expect(demo.focus?.isRingVisible == true)

            // Shift+Tab: back to the field.
            demo.backend.press(.keyboardTab, modifiers: .shift)
            #expect(demo.focus?.focusedItem === demo.list.searchField || demo.list.searchField.isFirstResponder)

            // Tab, Enter: the result's channel opens at the message.
            demo.backend.press(.keyboardTab)
            demo.backend.press(.keyboardReturnOrEnter)
            demo.settle()
            let first = try #require(results.results.first)
            #expect(demo.list.selectedChannelId == first.cid)
        }
    }
}
}
