import Foundation
import ParleyUIKit

/// The sizing views of a message list, by reuse key (layout options and attachment injector):
/// at most ``capacity``, the least recently used one dropped (and taken out of its container)
/// when a new key needs one past it.
///
/// A sizing view holds a whole row's views and its Auto Layout solver, 150-250 KB for a message.
/// A screen shows a handful of kinds of rows, but a long history has dozens (the benchmark's
/// 100,000 messages have 75 once links, quotes, threads, reactions and emoji-only messages
/// combine), and keeping one of each for the list's lifetime cost 17 MB.
@MainActor
struct SizingViewCache {
    /// The most sizing views kept.
    static let capacity = 16

    private(set) var views: [String: UIView] = [:]
    /// When each kept view was last asked for (``clock`` at the time).
    private var lastUse: [String: Int] = [:]
    private var clock = 0
    /// How many views were made (tests: a capacity too small for a screen makes them again and again).
    private(set) var made = 0

    /// The view for `key`, made by `make` if none is kept, after dropping the least recently
    /// used one if ``capacity`` views are kept.
    mutating func view(for key: String, make: () -> UIView) -> UIView {
        clock += 1
        if let view = views[key] {
            lastUse[key] = clock
            return view
        }
        if views.count >= Self.capacity, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            views.removeValue(forKey: oldest)?.removeFromSuperview()
            lastUse.removeValue(forKey: oldest)
        }
        let view = make()
        views[key] = view
        lastUse[key] = clock
        made += 1
        return view
    }

    /// Drops every view (taken out of its container).
    mutating func removeAll() {
        for view in views.values { view.removeFromSuperview() }
        views = [:]
        lastUse = [:]
    }
}
