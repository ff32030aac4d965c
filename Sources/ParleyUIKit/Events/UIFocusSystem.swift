import Foundation

/// A direction focus moves in, as UIKit's `UIFocusHeading`.
public struct UIFocusHeading: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a heading from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Up (the Up arrow).
    public static let up = UIFocusHeading(rawValue: 1 << 0)
    /// Down (the Down arrow).
    public static let down = UIFocusHeading(rawValue: 1 << 1)
    /// Left (the Left arrow).
    public static let left = UIFocusHeading(rawValue: 1 << 2)
    /// Right (the Right arrow).
    public static let right = UIFocusHeading(rawValue: 1 << 3)
    /// The next region or control (Tab).
    public static let next = UIFocusHeading(rawValue: 1 << 4)
    /// The previous region or control (Shift-Tab).
    public static let previous = UIFocusHeading(rawValue: 1 << 5)
}

/// A change of the focused view, as UIKit's `UIFocusUpdateContext`.
@preconcurrency @MainActor
public final class UIFocusUpdateContext {
    /// The view that had focus.
    public private(set) weak var previouslyFocusedView: UIView?
    /// The view that has focus now.
    public private(set) weak var nextFocusedView: UIView?
    /// The direction focus moved in (empty when set directly).
    public let focusHeading: UIFocusHeading

    init(previous: UIView?, next: UIView?, heading: UIFocusHeading) {
        previouslyFocusedView = previous
        nextFocusedView = next
        focusHeading = heading
    }
}

/// The keyboard focus of a window, as UIKit's `UIFocusSystem`.
///
/// Views that return true from ``UIView/canBecomeFocused`` (enabled controls, editable text, and
/// the rows lists mark focusable) can take focus. Tab and Shift-Tab move between *regions and
/// controls*: the focusable views in the window's order, where all the views inside one focus
/// group (``UIView/focusGroupIdentifier``, a list) count as one stop that returns to the row
/// focused there last. The arrows move between the views of the focused view's group, nearest in
/// that direction first, scrolling the list when the next row is off screen. Return and Space
/// activate a focused control; Escape takes focus away. The focused view draws a ring around it
/// while focus came from the keyboard; a click hides it.
///
/// Keys the responder chain leaves unhandled reach the focus system (Parley's window asks it at
/// the end of the chain), so a text field keeps its arrows and Tab leaves it.
@preconcurrency @MainActor
public final class UIFocusSystem {
    /// The focus system of the window `view` is in.
    public static func focusSystem(for view: UIView) -> UIFocusSystem? {
        (view as? UIWindow ?? view.window)?.focusSystem
    }

    /// The window.
    public private(set) weak var window: UIWindow?
    /// The focused view.
    public private(set) weak var focusedItem: UIView? {
        didSet { if oldValue !== focusedItem { UIAccessibility.focusObserver?(oldValue, focusedItem) } }
    }
    /// Whether the ring around the focused view shows (focus moved with the keyboard).
    public private(set) var isRingVisible = false
    /// The row focused last in each group, so Tab returns to it.
    private var lastFocusedInGroup: [String: WeakView] = [:]
    /// The ring.
    let ringLayer = CALayer()
    /// The view focused last outside a presented sheet (and whether it showed the ring): focus
    /// returns to it when the sheet goes away, as UIKit restores focus after a dismissal.
    private var lastOutsideSheet: (view: WeakView, ring: Bool)?

    init(window: UIWindow) {
        self.window = window
        ringLayer.borderWidth = 3
        ringLayer.isHidden = true
        ringLayer.backgroundColor = nil
    }

    /// Focuses `view` (or clears focus with nil); `showsRing` draws the focus ring.
    public func setFocus(_ view: UIView?, showsRing: Bool = true) {
        setFocus(view, heading: [], showsRing: showsRing)
    }

    private func setFocus(_ view: UIView?, heading: UIFocusHeading, showsRing: Bool) {
        let previous = focusedItem
        focusedItem = view
        isRingVisible = view != nil && showsRing
        if let view, let group = view.effectiveFocusGroupIdentifier { lastFocusedInGroup[group] = WeakView(view) }
        if let view, !view.isInPresentation { lastOutsideSheet = (WeakView(view), showsRing) }
        if let view {
            if view.canBecomeFirstResponder {
                view.becomeFirstResponder()
            } else if let first = UIResponder.currentFirstResponder as? UIView, first.window === window {
                first.resignFirstResponder()
            }
            scrollIntoView(view)
        }
        if previous !== view {
            let context = UIFocusUpdateContext(previous: previous, next: view, heading: heading)
            previous?.didUpdateFocus(in: context)
            view?.didUpdateFocus(in: context)
        }
        updateRing()
    }

    /// Moves focus in a direction; returns whether it moved.
    @discardableResult
    public func moveFocus(_ heading: UIFocusHeading) -> Bool {
        let current = currentItem
        if heading.contains(.next) || heading.contains(.previous) {
            let stops = tabStops()
            guard !stops.isEmpty else { return false }
            var index: Int
            if let current, let at = stops.firstIndex(where: { $0.contains(current) }) {
                index = heading.contains(.next) ? at + 1 : at - 1
            } else {
                index = heading.contains(.next) ? 0 : stops.count - 1
            }
            index = (index + stops.count) % stops.count
            setFocus(stops[index].target, heading: heading, showsRing: true)
            return true
        }
        guard let current, let group = current.effectiveFocusGroupIdentifier else { return false }
        if let next = nearest(from: current, in: group, heading: heading) {
            setFocus(next, heading: heading, showsRing: true)
            return true
        }
        // The next row may be off screen: scroll the list by the row's height and look again.
        guard let scrollView = current.enclosingScrollView else { return false }
        let before = scrollView.contentOffset
        let step = max(current.bounds.height, 24) * (heading.contains(.up) || heading.contains(.left) ? -1 : 1)
        let minY = -scrollView.adjustedContentInset.top
        let maxY = max(minY, scrollView.contentSize.height + scrollView.adjustedContentInset.bottom - scrollView.bounds.height)
        scrollView.setContentOffset(CGPoint(x: before.x, y: min(max(before.y + step, minY), maxY)), animated: false)
        window?.layoutIfNeeded()
        if let next = nearest(from: current, in: group, heading: heading) {
            setFocus(next, heading: heading, showsRing: true)
            return true
        }
        return scrollView.contentOffset != before
    }

    /// The focused view, or the first responder when it is a view in this window (a click put
    /// the caret in a text field).
    private var currentItem: UIView? {
        if let focusedItem, focusedItem.window === window, !focusedItem.isHiddenInTree { return focusedItem }
        if let first = UIResponder.currentFirstResponder as? UIView, first.window === window { return first }
        return nil
    }

    /// Handles a key the responder chain left: Tab, Shift-Tab, arrows and Escape.
    func handleUnhandled(_ press: UIPress) -> Bool {
        guard let key = press.key else { return false }
        let flags = key.modifierFlags.intersection([.shift, .control, .alternate, .command])
        switch key.keyCode {
        case .keyboardTab where flags.isSubset(of: .shift):
            return moveFocus(flags.contains(.shift) ? .previous : .next)
        case .keyboardUpArrow where flags.isEmpty: return moveFocus(.up)
        case .keyboardDownArrow where flags.isEmpty: return moveFocus(.down)
        case .keyboardLeftArrow where flags.isEmpty: return moveFocus(.left)
        case .keyboardRightArrow where flags.isEmpty: return moveFocus(.right)
        case .keyboardEscape where flags.isEmpty:
            if focusedItem != nil, isRingVisible {
                // Back out of a list row to its region: the ring goes, the row stays remembered.
                lastOutsideSheet = nil
                setFocus(nil, heading: [], showsRing: false)
                return true
            }
            // Escape leaves a text field (not one under a sheet: the sheet had its say).
            if let window, let first = UIResponder.currentFirstResponder as? UIView, first.window === window, first is UIKeyInput,
               window.presentedController(covering: first) == nil {
                first.resignFirstResponder()
                return true
            }
            return false
        default:
            return false
        }
    }

    /// A click: the ring goes (focus follows the pointer from here).
    func pointerDidClick() {
        lastOutsideSheet = nil
        guard focusedItem != nil || isRingVisible else { return }
        focusedItem = nil
        isRingVisible = false
        updateRing()
    }

    /// Gives focus back to the view that had it before a sheet, once the sheet went away and
    /// took the focused view with it.
    func restoreAfterDismissal() {
        guard let window, focusedItem?.window !== window || focusedItem == nil, let last = lastOutsideSheet,
              let view = last.view.view, view.window === window, !view.isHiddenInTree,
              !window.subviews.contains(where: { $0 is PresentationContainerView }) else { return }
        focusedItem = view
        isRingVisible = last.ring
        if view.canBecomeFirstResponder, UIResponder.currentFirstResponder == nil { view.becomeFirstResponder() }
        updateRing()
    }

    // MARK: Candidates

    /// One Tab stop: a control, or a whole group.
    private struct Stop {
        let members: [UIView]
        let target: UIView
        func contains(_ view: UIView) -> Bool { members.contains { $0 === view } }
    }

    /// The focusable views on screen, in the window's order (inside the sheet on top, if any).
    public func focusableViews() -> [UIView] {
        guard let window else { return [] }
        let root: UIView = window.subviews.last(where: { $0 is PresentationContainerView }) ?? window
        var result: [UIView] = []
        func walk(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { return }
            if view !== root, view.canBecomeFocused {
                if view.isVisibleOnScreen { result.append(view) }
                return
            }
            for subview in Self.readingOrder(of: view.subviews) { walk(subview) }
        }
        walk(root)
        return result
    }

    /// Siblings laid out apart from each other (columns, a bar above a list) in reading order,
    /// top to bottom then leading to trailing; siblings that overlap keep their stacking order.
    static func readingOrder(of subviews: [UIView]) -> [UIView] {
        let shown = subviews.filter { !$0.isHidden && $0.alpha > 0.01 && !$0.frame.isEmpty }
        guard shown.count > 1, shown.count <= 32 else { return subviews }
        for (index, view) in shown.enumerated() {
            for other in shown[(index + 1)...] {
                // Touching edges are not an overlap.
                let overlap = view.frame.intersection(other.frame)
                if !overlap.isNull, overlap.width > 0.5, overlap.height > 0.5 { return subviews }
            }
        }
        let rtl = shown[0].effectiveUserInterfaceLayoutDirection == .rightToLeft
        return shown.sorted { a, b in
            if abs(a.frame.minY - b.frame.minY) > 0.5, a.frame.maxY <= b.frame.minY || b.frame.maxY <= a.frame.minY {
                return a.frame.minY < b.frame.minY
            }
            return rtl ? a.frame.maxX > b.frame.maxX : a.frame.minX < b.frame.minX
        }
    }

    private func tabStops() -> [Stop] {
        var stops: [Stop] = []
        var groups: [String: Int] = [:]
        var members: [[UIView]] = []
        for view in focusableViews() {
            if let group = view.effectiveFocusGroupIdentifier {
                if let index = groups[group] { members[index].append(view); continue }
                groups[group] = members.count
                members.append([view])
            } else {
                members.append([view])
            }
        }
        for group in members {
            let identifier = group.first?.effectiveFocusGroupIdentifier
            let remembered = identifier.flatMap { lastFocusedInGroup[$0]?.view }
            let preferred = identifier.flatMap { groupOwner(of: group[0], identifier: $0)?.preferredFocusedView }
            let target = remembered.flatMap { view in group.first { $0 === view } }
                ?? preferred.flatMap { view in group.first { $0 === view } } ?? group[0]
            stops.append(Stop(members: group, target: target))
        }
        return stops
    }

    /// The view that declares `identifier` around `view`.
    private func groupOwner(of view: UIView, identifier: String) -> UIView? {
        var current: UIView? = view
        while let candidate = current {
            if candidate.focusGroupIdentifier == identifier { return candidate }
            current = candidate.superview
        }
        return nil
    }

    private func nearest(from current: UIView, in group: String, heading: UIFocusHeading) -> UIView? {
        guard let window else { return nil }
        let from = current.convert(current.bounds, to: window)
        var best: (view: UIView, score: CGFloat)?
        for view in focusableViews() where view !== current && view.effectiveFocusGroupIdentifier == group {
            let frame = view.convert(view.bounds, to: window)
            let along: CGFloat, across: CGFloat
            if heading.contains(.down) { along = frame.midY - from.midY; across = abs(frame.midX - from.midX) } else if heading.contains(.up) {
                along = from.midY - frame.midY; across = abs(frame.midX - from.midX)
            } else if heading.contains(.right) { along = frame.midX - from.midX; across = abs(frame.midY - from.midY) } else {
                along = from.midX - frame.midX; across = abs(frame.midY - from.midY)
            }
            guard along > 1 else { continue }
            let score = along + across * 2
            if best == nil || score < best!.score { best = (view, score) }
        }
        return best?.view
    }

    private func scrollIntoView(_ view: UIView) {
        guard let scrollView = view.enclosingScrollView else { return }
        let frame = view.convert(view.bounds, to: scrollView)
        let visible = CGRect(origin: scrollView.contentOffset, size: scrollView.bounds.size)
            .inset(by: UIEdgeInsets(top: scrollView.adjustedContentInset.top, left: 0, bottom: scrollView.adjustedContentInset.bottom, right: 0))
        var offset = scrollView.contentOffset
        if frame.minY < visible.minY { offset.y -= visible.minY - frame.minY } else if frame.maxY > visible.maxY {
            offset.y += min(frame.maxY - visible.maxY, frame.minY - visible.minY)
        }
        if offset != scrollView.contentOffset { scrollView.setContentOffset(offset, animated: false) }
    }

    // MARK: Ring

    /// Puts the ring around the focused view (every frame, after layout).
    func updateRing() {
        guard let window else { return }
        if ringLayer.superlayer !== window.layer || window.layer.sublayers?.last !== ringLayer {
            ringLayer.removeFromSuperlayer()
            window.layer.addSublayer(ringLayer)
        }
        guard isRingVisible, let view = focusedItem, view.window === window, !view.isHiddenInTree else {
            if !ringLayer.isHidden { ringLayer.isHidden = true }
            return
        }
        let frame = view.convert(view.bounds, to: window).insetBy(dx: -3, dy: -3)
        if ringLayer.frame != frame { ringLayer.frame = frame }
        let radius = max(6, view.layer.cornerRadius + 3)
        if ringLayer.cornerRadius != radius { ringLayer.cornerRadius = radius }
        let color = view.focusRingColor
        if ringLayer.borderColor !== color { ringLayer.borderColor = color }
        if ringLayer.isHidden { ringLayer.isHidden = false }
    }
}

/// A weak reference to a view.
struct WeakView {
    weak var view: UIView?
    init(_ view: UIView) { self.view = view }
}

extension UIView {
    /// Whether the view has keyboard focus, as UIKit's `isFocused`.
    public var isFocused: Bool { UIFocusSystem.focusSystem(for: self)?.focusedItem === self }

    /// The focus group of the view: its own ``focusGroupIdentifier`` or its nearest ancestor's.
    var effectiveFocusGroupIdentifier: String? {
        var view: UIView? = self
        while let current = view {
            if let identifier = current.focusGroupIdentifier { return identifier }
            view = current.superview
        }
        return nil
    }

    /// The innermost scroll view around the view.
    var enclosingScrollView: UIScrollView? {
        var view = superview
        while let current = view {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled { return scrollView }
            view = current.superview
        }
        return nil
    }

    /// Whether the view is inside a presented controller's container.
    var isInPresentation: Bool {
        var view: UIView? = superview
        while let current = view {
            if current is PresentationContainerView { return true }
            view = current.superview
        }
        return false
    }

    /// Whether the view or an ancestor is hidden.
    var isHiddenInTree: Bool {
        var view: UIView? = self
        while let current = view {
            if current.isHidden || current.alpha <= 0.01 { return true }
            view = current.superview
        }
        return false
    }

    /// Whether some of the view shows inside its window and the scroll views around it.
    var isVisibleOnScreen: Bool {
        guard let window else { return false }
        var visible = convert(bounds, to: window).intersection(window.bounds)
        var view = superview
        while let current = view, !visible.isNull {
            if current is UIScrollView || current.clipsToBounds { visible = visible.intersection(current.convert(current.bounds, to: window)) }
            view = current.superview
        }
        return !visible.isNull && visible.height >= 4 && visible.width >= 4
    }

    /// The colour of the focus ring: the view's tint.
    var focusRingColor: UIColor { tintColor ?? .systemBlue }
}
