import Foundation
import ParleyChat
import ParleyUIKit

// The search field above the list and its results.
extension ChatChannelListVC {
    /// Searches for `query` (the search field calls it as the user types); an empty query
    /// shows the channels again.
    public func search(_ query: String) {
        let shown = query.replacingOccurrences(of: "\0", with: "")
        if searchField.text != shown { searchField.text = shown }
        searchResultsVC.client = controller?.client
        searchResultsVC.search(query)
        updateSearchVisibility()
    }

    /// Shows the results or the channels, following the query; leaving the results shows the
    /// top of the channels (the most recent).
    public func updateSearchVisibility() {
        searchBarView.isHidden = !isSearchEnabled
        let showing = isShowingSearchResults
        if wasShowingSearchResults && !showing {
            listView.layoutIfNeeded()
            listView.setContentOffset(CGPoint(x: 0, y: -listView.adjustedContentInset.top), animated: false)
        }
        wasShowingSearchResults = showing
        searchResultsVC.view.isHidden = !showing
        // The rows under the results are out of reach (Tab and the arrows skip them).
        listView.isHidden = showing || channels.isEmpty
    }

    /// Opens the channel of a search result, scrolled to the message, through ``router``.
    public func didSelectSearchResult(_ message: ChatMessage) {
        router.showChannel(for: message.cid, at: message.id)
    }

    /// Lays out the connection banner (when shown) and the search bar at the top and everything
    /// else below them.
    public func layoutSearch() {
        let bounds = view.bounds
        let banner = connectionStatusView.isHidden ? 0 : connectionStatusView.sizeThatFits(bounds.size).height
        connectionStatusView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: banner)
        let searchHeight = isSearchEnabled ? searchBarHeight : 0
        let top = banner + searchHeight
        let below = CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
        searchBarView.frame = CGRect(x: 0, y: banner, width: bounds.width, height: searchHeight)
        searchFieldContainer.frame = CGRect(x: 12, y: 8, width: max(0, bounds.width - 24), height: max(0, searchHeight - 16))
        let fieldBounds = searchFieldContainer.bounds
        let iconSize: CGFloat = 16
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        searchIconView.frame = CGRect(x: rtl ? fieldBounds.width - 10 - iconSize : 10, y: (fieldBounds.height - iconSize) / 2, width: iconSize, height: iconSize)
        let textInset: CGFloat = 10 + iconSize + 6
        searchField.frame = CGRect(x: rtl ? 8 : textInset, y: 0, width: max(0, fieldBounds.width - textInset - 8), height: fieldBounds.height)
        for subview in [listView, emptyView, loadingView, errorView, searchResultsVC.view] as [UIView] where subview.superview === view {
            subview.frame = below
        }
    }

    /// Puts the caret in the search field (with the focus ring).
    public func focusSearch() {
        guard isSearchEnabled else { return }
        if let focus = UIFocusSystem.focusSystem(for: view) { focus.setFocus(searchField) } else { searchField.becomeFirstResponder() }
    }
}
