import Foundation

/// Hears a split view controller's changes, as UIKit's `UISplitViewControllerDelegate`. Every
/// method has a default implementation.
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// The display mode is about to change.
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode)
    /// A column is about to show.
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    /// A column is about to hide.
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
    /// The split view collapsed to one navigation stack (the window became narrow).
    func splitViewControllerDidCollapse(_ svc: UISplitViewController)
    /// The split view expanded to its columns (the window became wide).
    func splitViewControllerDidExpand(_ svc: UISplitViewController)
    /// Which column is on top when the split view collapses; `proposedTopColumn` is `.secondary`
    /// when the secondary column shows something, else `.primary`.
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column
    /// Return `true` to show `vc` yourself instead of the split view's `showDetailViewController(_:sender:)`.
    func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool
    /// Return `true` to show `vc` yourself instead of the split view's `show(_:sender:)`.
    func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool
}

extension UISplitViewControllerDelegate {
    /// Does nothing by default.
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {}
    /// Does nothing by default.
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    /// Does nothing by default.
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
    /// Does nothing by default.
    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
    /// Does nothing by default.
    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
    /// Keeps the proposed column by default.
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        proposedTopColumn
    }
    /// Lets the split view show it by default.
    public func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?) -> Bool { false }
    /// Lets the split view show it by default.
    public func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool { false }
}
