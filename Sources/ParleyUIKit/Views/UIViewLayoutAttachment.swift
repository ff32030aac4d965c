import Foundation

/// An object that lays out with a view it is attached to (``UIView/layoutAttachment``), told of
/// the view's layout passes and bounds changes and asked for its fitting size.
@preconcurrency @MainActor
public protocol UIViewLayoutAttachment: AnyObject {
    /// The view ran `layoutSubviews()` (called right after it, in every layout pass).
    func viewDidLayoutSubviews(_ view: UIView)
    /// The view's bounds or frame were set.
    func viewBoundsDidChange(_ view: UIView)
    /// The view's fitting size within `size` when its class does not override `sizeThatFits`;
    /// `nil` keeps the default (the current size).
    func sizeThatFits(_ size: CGSize, of view: UIView) -> CGSize?
}
