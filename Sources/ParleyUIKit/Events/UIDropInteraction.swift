import Foundation

/// What a drop does, as UIKit's `UIDropOperation`.
public enum UIDropOperation: Int, Sendable {
    /// The drop is refused (nothing happens).
    case cancel = 0
    /// The drop is not allowed here.
    case forbidden = 1
    /// The items are copied (files dropped from the desktop stay where they are).
    case copy = 2
    /// The items are moved.
    case move = 3
}

/// The answer to a drop session, as UIKit's `UIDropProposal`.
public struct UIDropProposal: Sendable, Equatable {
    /// What the drop would do.
    public var operation: UIDropOperation
    /// A proposal for `operation`.
    public init(operation: UIDropOperation) { self.operation = operation }
}

/// One dropped item, as UIKit's `UIDragItem`. A desktop drop carries files: on Linux the window
/// system hands over paths, so the item has its ``fileURL`` (Parley's addition: UIKit loads the file
/// through `itemProvider`, which has no counterpart here).
@preconcurrency @MainActor
public final class UIDragItem {
    /// The dropped file.
    public let fileURL: URL
    /// The file's name, as UIKit's `itemProvider.suggestedName`.
    public var suggestedName: String? { fileURL.lastPathComponent }
    /// Anything the app attaches to the item, as UIKit's `localObject`.
    public var localObject: Any?

    /// An item for the file at `fileURL`.
    public init(fileURL: URL) { self.fileURL = fileURL }
}

/// A drop in progress, as UIKit's `UIDropSession`: the items and where the pointer is.
@preconcurrency @MainActor
public final class UIDropSession {
    /// The dropped items, in the order the desktop listed them.
    public let items: [UIDragItem]
    private let windowLocation: CGPoint
    private weak var window: UIWindow?

    /// A session dropping `items` at `location` in `window`'s coordinates.
    public init(items: [UIDragItem], location: CGPoint, in window: UIWindow?) {
        self.items = items
        self.windowLocation = location
        self.window = window
    }

    /// Where the drop is, in `view`'s coordinates.
    public func location(in view: UIView) -> CGPoint {
        guard let window else { return windowLocation }
        return view.convert(windowLocation, from: window)
    }

    /// Whether the session holds files (every desktop drop does), as UIKit's
    /// `hasItemsConforming(toTypeIdentifiers:)` asked for `public.file-url`.
    public var hasFileURLs: Bool { !items.isEmpty }
}

/// Decides and performs drops on a view, as UIKit's `UIDropInteractionDelegate`.
@preconcurrency @MainActor
public protocol UIDropInteractionDelegate: AnyObject {
    /// Whether the interaction takes the session at all (default: yes).
    func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool
    /// What the drop would do (default: copy).
    func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal
    /// Takes the dropped items.
    func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession)
}

extension UIDropInteractionDelegate {
    /// Takes every session.
    public func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool { true }
    /// Copies.
    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
        UIDropProposal(operation: .copy)
    }
}

/// Lets a view take files dropped from the desktop, as UIKit's `UIDropInteraction`.
///
/// ```swift
/// view.addInteraction(UIDropInteraction(delegate: self))
/// ```
///
/// The drop goes to the deepest view under the pointer with an interaction that takes it, then up
/// its superviews; when none there does, to the first interaction in the window that does (so a
/// file dropped anywhere on a chat window reaches its composer).
@preconcurrency @MainActor
public final class UIDropInteraction: UIInteraction {
    /// The delegate.
    public weak var delegate: (any UIDropInteractionDelegate)?
    /// Whether the interaction takes drops.
    public var isEnabled = true
    /// The view.
    public private(set) weak var view: UIView?

    /// An interaction asking `delegate`.
    public init(delegate: (any UIDropInteractionDelegate)?) { self.delegate = delegate }

    /// Nothing to do before moving.
    public func willMove(to view: UIView?) {}
    /// Remembers the view.
    public func didMove(to view: UIView?) { self.view = view }

    /// Performs `session` when the delegate takes it and proposes copy or move; returns whether it did.
    func performIfAccepted(_ session: UIDropSession) -> Bool {
        guard isEnabled, let delegate, delegate.dropInteraction(self, canHandle: session) else { return false }
        let proposal = delegate.dropInteraction(self, sessionDidUpdate: session)
        guard proposal.operation == .copy || proposal.operation == .move else { return false }
        delegate.dropInteraction(self, performDrop: session)
        return true
    }
}

extension UIApplication {
    /// Delivers files dropped on a window (see ``UIDropInteraction``); returns whether a view took them.
    @discardableResult
    func deliverDrop(of paths: [String], at location: CGPoint, in window: UIWindow) -> Bool {
        let items = paths.map { UIDragItem(fileURL: URL(fileURLWithPath: $0)) }
        guard !items.isEmpty else { return false }
        let point = CGPoint(x: location.x - window.frame.minX, y: location.y - window.frame.minY)
        let session = UIDropSession(items: items, location: point, in: window)
        var view = deepestView(in: window, at: point)
        while let current = view {
            for case let interaction as UIDropInteraction in current.interactions where interaction.performIfAccepted(session) {
                return true
            }
            view = current.superview
        }
        return firstDropTarget(in: window, session: session)
    }

    private func firstDropTarget(in root: UIView, session: UIDropSession) -> Bool {
        guard !root.isHidden else { return false }
        for case let interaction as UIDropInteraction in root.interactions where interaction.performIfAccepted(session) {
            return true
        }
        return root.subviews.contains { firstDropTarget(in: $0, session: session) }
    }
}
