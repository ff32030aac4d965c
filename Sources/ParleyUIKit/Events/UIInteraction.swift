import Foundation

/// Behaviour attached to a view, as UIKit's `UIInteraction` (tooltips, pointer shapes).
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is attached to.
    var view: UIView? { get }
    /// The interaction is about to move to `view` (nil: removed).
    func willMove(to view: UIView?)
    /// The interaction moved to `view` (nil: removed).
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions attached to the view, as UIKit's `interactions`.
    public var interactions: [any UIInteraction] { attachedInteractions }

    /// Attaches an interaction, as UIKit's `addInteraction(_:)`.
    public func addInteraction(_ interaction: any UIInteraction) {
        guard !attachedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.view?.removeInteraction(interaction)
        interaction.willMove(to: self)
        attachedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches an interaction, as UIKit's `removeInteraction(_:)`.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard attachedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        attachedInteractions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}

/// A tooltip for a view, shown when the pointer rests over it, as UIKit's `UIToolTipInteraction`.
///
/// ```swift
/// button.addInteraction(UIToolTipInteraction(defaultToolTip: "Send"))   // or button.toolTip = "Send"
/// ```
@preconcurrency @MainActor
public final class UIToolTipInteraction: UIInteraction {
    /// The text shown.
    public var defaultToolTip: String?
    /// Whether the tooltip shows.
    public var isEnabled = true
    /// The view.
    public private(set) weak var view: UIView?

    /// A tooltip reading `defaultToolTip`.
    public init(defaultToolTip: String? = nil) { self.defaultToolTip = defaultToolTip }

    /// Nothing to do before moving.
    public func willMove(to view: UIView?) {}
    /// Remembers the view.
    public func didMove(to view: UIView?) { self.view = view }
}

/// A pointer shape, as UIKit's `UIPointerShape`.
public enum UIPointerShape: Sendable, Equatable {
    /// A vertical beam: the I-beam over text.
    case verticalBeam(length: CGFloat)
    /// A horizontal beam (vertical text).
    case horizontalBeam(length: CGFloat)
    /// A rounded rectangle (on the desktop: the arrow).
    case roundedRect(CGRect, radius: CGFloat)
}

/// How the pointer looks over a region, as UIKit's `UIPointerStyle`.
public struct UIPointerStyle: Sendable, Equatable {
    let cursor: PlatformCursor

    /// A style with a shape: beams are the I-beam, other shapes the arrow.
    public init(shape: UIPointerShape) {
        switch shape {
        case .verticalBeam, .horizontalBeam: cursor = .iBeam
        case .roundedRect: cursor = .arrow
        }
    }

    private init(cursor: PlatformCursor) { self.cursor = cursor }

    /// The system's pointer (the arrow).
    public static func system() -> UIPointerStyle { UIPointerStyle(cursor: .arrow) }
    /// The pointing hand of links and buttons (Parley's name: desktop pointers have one).
    public static let link = UIPointerStyle(cursor: .pointingHand)
}

/// A region of a view with its own pointer style, as UIKit's `UIPointerRegion`.
public struct UIPointerRegion: Sendable, Equatable {
    /// The region, in the view's coordinates.
    public var rect: CGRect
    /// Tells regions apart.
    public var identifier: String?
    /// A region.
    public init(rect: CGRect, identifier: String? = nil) {
        self.rect = rect
        self.identifier = identifier
    }
}

/// Where the pointer is, asking for a region, as UIKit's `UIPointerRegionRequest`.
public struct UIPointerRegionRequest: Sendable {
    /// The pointer, in the interaction's view's coordinates.
    public let location: CGPoint
    /// The keyboard modifiers held.
    public let modifiers: UIKeyModifierFlags
}

/// Decides the pointer's regions and styles, as UIKit's `UIPointerInteractionDelegate`.
@preconcurrency @MainActor
public protocol UIPointerInteractionDelegate: AnyObject {
    /// The region under the pointer (nil: none here; the default is the whole view).
    func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                            defaultRegion: UIPointerRegion) -> UIPointerRegion?
    /// The style in `region` (nil: the system's).
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle?
}

extension UIPointerInteractionDelegate {
    /// The whole view.
    public func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                                   defaultRegion: UIPointerRegion) -> UIPointerRegion? { defaultRegion }
    /// The system's style.
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? { nil }
}

/// Changes the pointer over a view, as UIKit's `UIPointerInteraction`: on the desktop it picks
/// the cursor (I-beam over text, hand over links).
@preconcurrency @MainActor
public final class UIPointerInteraction: UIInteraction {
    /// The delegate.
    public weak var delegate: (any UIPointerInteractionDelegate)?
    /// Whether the interaction applies.
    public var isEnabled = true
    /// The view.
    public private(set) weak var view: UIView?

    /// An interaction asking `delegate`.
    public init(delegate: (any UIPointerInteractionDelegate)?) { self.delegate = delegate }

    /// Nothing to do before moving.
    public func willMove(to view: UIView?) {}
    /// Remembers the view.
    public func didMove(to view: UIView?) { self.view = view }

    /// The style at `point` (the view's coordinates), or nil when the delegate has none there.
    func style(at point: CGPoint, modifiers: UIKeyModifierFlags) -> UIPointerStyle? {
        guard isEnabled, let view, let delegate else { return nil }
        let request = UIPointerRegionRequest(location: point, modifiers: modifiers)
        guard let region = delegate.pointerInteraction(self, regionFor: request, defaultRegion: UIPointerRegion(rect: view.bounds)) else { return nil }
        return delegate.pointerInteraction(self, styleFor: region)
    }
}

/// Recognizes the pointer hovering over a view, as UIKit's `UIHoverGestureRecognizer`: `.began`
/// when it enters, `.changed` as it moves, `.ended` when it leaves (or a button goes down).
/// It never takes touches, so it runs alongside every other recognizer.
@preconcurrency @MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    private var hoverState: State = .possible
    private var windowPoint: CGPoint = .zero
    private weak var hoverWindow: UIWindow?

    /// The hover state (set by the application as the pointer moves).
    open override var state: State {
        get { hoverState }
        set { hoverState = newValue }
    }

    /// A hover recognizer calling `handler` on every change.
    public override convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        addHandler(handler)
    }

    /// Where the pointer is, in `view`'s coordinates.
    open override func location(in view: UIView?) -> CGPoint {
        guard let view, let hoverWindow else { return windowPoint }
        return view.convert(windowPoint, from: hoverWindow)
    }

    /// Moves to `state` with the pointer at `point` in `window`, and calls the handlers.
    func hover(_ state: State, at point: CGPoint, in window: UIWindow) {
        hoverState = state
        windowPoint = point
        hoverWindow = window
        callHandlers()
        if state == .ended || state == .cancelled { hoverState = .possible }
    }
}
