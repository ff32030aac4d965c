import CCairoPango
import Foundation

/// The base of everything on screen, with UIKit's names and semantics: geometry, hierarchy,
/// appearance, tint and trait inheritance, layout, drawing and hit testing. Each view is backed
/// by a `CALayer` that the compositor draws.
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the backing layer; override to back a view with a `CAShapeLayer`.
    open class var layerClass: CALayer.Type { CALayer.self }

    /// The backing layer.
    public let layer: CALayer

    /// The sentinel for "no intrinsic size along this axis".
    public static let noIntrinsicMetric: CGFloat = -1

    /// A view with a frame.
    public init(frame: CGRect) {
        layer = Self.layerClass.init()
        super.init()
        layer.delegate = self
        layer.frame = frame
    }

    /// A view decoded from an archive, as UIKit's. Parley has no nibs or storyboards, so nothing
    /// is decoded and the result is `nil`; the initializer is here so that UIKit subclasses
    /// compile unchanged — a subclass with its own designated initializer writes
    /// `required init?(coder: NSCoder)` (usually `fatalError("init(coder:) has not been implemented")`),
    /// as UIKit asks.
    public required init?(coder: NSCoder) { return nil }

    /// A view with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    // MARK: Geometry

    /// The frame in the superview's coordinates.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let oldSize = layer.bounds.size
            layer.frame = newValue
            boundsDidChange(from: oldSize)
            layoutAttachment?.viewBoundsDidChange(self)
        }
    }

    /// The view's own coordinate space (its origin scrolls the content of scroll views).
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let oldSize = layer.bounds.size
            layer.bounds = newValue
            boundsDidChange(from: oldSize)
            layoutAttachment?.viewBoundsDidChange(self)
        }
    }

    /// The centre in the superview's coordinates.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// An affine transform around the centre.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    func boundsDidChange(from oldSize: CGSize) {
        guard oldSize != layer.bounds.size else { return }
        setNeedsLayout()
        if contentMode == .redraw { setNeedsDisplay() }
        autoresizeSubviews(from: oldSize)
        boundsSizeDidChange(from: oldSize)
    }

    /// Hook for subclasses in this module that react to size changes (e.g. constraint roots).
    func boundsSizeDidChange(from oldSize: CGSize) {}

    // MARK: Hierarchy

    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view this one is a subview of.
    public private(set) weak var superview: UIView?

    /// The window the view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// The next responder: the view controller that owns this view, else the superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    /// Set by a view controller for its root view.
    public internal(set) weak var owningViewController: UIResponder?

    /// Adds a subview on top.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a subview at an index (clamped to the valid range).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) || view.superview === self else { return }
        if view.superview === self {
            // Reorder only.
            guard let from = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: from)
            let target = min(max(0, index > from ? index - 1 : index), subviews.count)
            subviews.insert(view, at: target)
            view.layer.removeFromSuperlayer()
            layer.insertSublayer(view.layer, at: UInt32(sublayerIndex(forSubviewAt: target)))
            setNeedsLayout()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.propagateWillMove(toWindow: newWindow) }
        view.detachFromSuperview(notify: false)
        let target = min(max(0, index), subviews.count)
        subviews.insert(view, at: target)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(sublayerIndex(forSubviewAt: target)))
        view.updateTraitsIfNeeded()
        view.inheritedTintMayHaveChanged()
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.propagateDidMoveToWindow() }
        didAddSubview(view)
        autoLayoutSubviewWasAdded(view)
        setNeedsLayout()
    }

    private func sublayerIndex(forSubviewAt index: Int) -> Int {
        // Sublayers may include layers that are not views' layers; keep view order among them.
        guard let sublayers = layer.sublayers else { return 0 }
        if index >= subviews.count - 1 && index > 0 {
            if let previous = sublayers.firstIndex(where: { $0 === subviews[index - 1].layer }) { return previous + 1 }
            return sublayers.count
        }
        if index + 1 < subviews.count, let next = sublayers.firstIndex(where: { $0 === subviews[index + 1].layer }) { return next }
        return sublayers.count
    }

    /// Inserts a subview just above a sibling.
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: index + 1)
    }

    /// Inserts a subview just below a sibling.
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: index)
    }

    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Swaps two subviews' positions in the stacking order.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        let a = subviews[index1], b = subviews[index2]
        insertSubview(a, at: index2)
        insertSubview(b, at: index1)
    }

    /// Removes the view from its superview.
    open func removeFromSuperview() {
        guard superview != nil else { return }
        detachFromSuperview(notify: true)
    }

    private func detachFromSuperview(notify: Bool) {
        guard let parent = superview else { return }
        let oldWindow = window
        if notify {
            willMove(toSuperview: nil)
            if oldWindow != nil { propagateWillMove(toWindow: nil) }
        }
        parent.willRemoveSubview(self)
        if let responder = UIResponder.currentFirstResponder as? UIView, responder.isDescendant(of: self) {
            UIResponder.currentFirstResponder = nil
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
        parent.setNeedsLayout()
        parent.subviewWasRemoved(self)
        if notify {
            // Like UIKit, a view leaving the hierarchy keeps its traits and is not told of a
            // change (which would run every chat view's appearance again on the way out); it
            // compares and is told when it joins a hierarchy again.
            inheritedTintMayHaveChanged()
            didMoveToSuperview()
            if oldWindow != nil { propagateDidMoveToWindow() }
        }
    }

    /// Hook for this module's containers (stack views) that track removed subviews.
    func subviewWasRemoved(_ view: UIView) { autoLayoutSubviewWasRemoved(view) }

    /// Whether this view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The first view in the subtree (self included) with this tag.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    /// A number to find the view by.
    open var tag = 0

    /// Called before the view moves to a new superview (nil when removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview.
    open func didMoveToSuperview() {}
    /// Called before the view moves into or out of a window.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view moved into or out of a window.
    open func didMoveToWindow() {}
    /// Called after a subview was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    private func propagateWillMove(toWindow window: UIWindow?) {
        willMove(toWindow: window)
        for subview in subviews { subview.propagateWillMove(toWindow: window) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.propagateDidMoveToWindow() }
    }

    // MARK: Appearance

    /// The colour behind the content.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor }
        set { layer.backgroundColor = newValue }
    }

    /// Opacity of the view and its subviews.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue.isFinite ? min(1, max(0, newValue)) : 1) }
    }

    /// Hidden views are not drawn and do not receive touches.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let old = layer.isHidden
            layer.isHidden = newValue
            // Stack views collapse hidden arranged subviews.
            if old != newValue { autoLayoutHiddenDidChange() }
        }
    }

    /// A hint that the view fills its bounds with opaque content.
    open var isOpaque = true

    /// Clips subviews to the bounds (rounded by the layer's corner radius).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// How content is laid out when the bounds change.
    open var contentMode: UIViewContentMode = .scaleToFill { didSet { if contentMode != oldValue { setNeedsDisplay() } } }

    /// Whether the view receives touches.
    open var isUserInteractionEnabled = true

    /// An identifier for tests and automation.
    open var accessibilityIdentifier: String?
    /// What assistive technologies read.
    open var accessibilityLabel: String?
    /// Whether assistive technologies treat the view as one element.
    open var isAccessibilityElement = false

    // MARK: Tint

    private var explicitTintColor: UIColor?

    /// The brand colour, inherited from the superview unless set; the window's default is system blue.
    open var tintColor: UIColor! {
        get { explicitTintColor ?? superview?.tintColor ?? UIColor.systemBlue }
        set {
            let old = tintColor
            explicitTintColor = newValue
            if old != tintColor || newValue?.isDynamic == true { tintDidChangeRecursively() }
        }
    }

    /// Called when the effective tint colour changes; redraws by default.
    open func tintColorDidChange() {}

    private var lastTint: UIColor?

    func inheritedTintMayHaveChanged() {
        guard explicitTintColor == nil else { return }
        if lastTint != tintColor { tintDidChangeRecursively() }
    }

    private func tintDidChangeRecursively() {
        lastTint = tintColor
        setNeedsDisplay()
        tintColorDidChange()
        for subview in subviews where subview.explicitTintColor == nil {
            subview.tintDidChangeRecursively()
        }
    }

    // MARK: Traits

    /// The traits a view without a superview starts from (a window sets its display's).
    var rootTraitCollection: UITraitCollection = .default {
        didSet { if rootTraitCollection != oldValue { updateTraitsIfNeeded() } }
    }

    /// Forces light or dark for this view and its subviews.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { updateTraitsIfNeeded() } }
    }

    /// Traits this view and its subviews have whatever their superview's are (UIKit's iOS 17
    /// name): a view outside any window that sizes cells for one sets the window's scale here.
    open var traitOverrides = UITraitOverrides() {
        didSet { if traitOverrides != oldValue { updateTraitsIfNeeded() } }
    }

    private var cachedTraits: UITraitCollection? {
        // The layer keeps them too: the compositor reads them there, once per frame and layer.
        didSet { layer.viewTraits = cachedTraits }
    }

    /// The environment's traits: appearance, scale, layout direction, text size.
    open var traitCollection: UITraitCollection {
        if let cachedTraits { return cachedTraits }
        let traits = computeTraits()
        cachedTraits = traits
        return traits
    }

    private func computeTraits() -> UITraitCollection {
        var base = superview?.traitCollection ?? rootTraitCollection
        // A root without a direction of its own takes the app's (UIKit: the app's localization).
        if superview == nil, base.layoutDirection == .unspecified, UIApplication.preferredLayoutDirection == .rightToLeft {
            base = base.modifying(layoutDirection: .rightToLeft)
        }
        if traitOverrides != UITraitOverrides() { base = traitOverrides.applied(to: base) }
        guard overrideUserInterfaceStyle != .unspecified else { return base }
        return base.modifying(userInterfaceStyle: overrideUserInterfaceStyle)
    }

    /// Called after the traits changed (light/dark, scale, direction, text size).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    func updateTraitsIfNeeded() {
        let previous = cachedTraits
        let current = computeTraits()
        cachedTraits = current
        guard previous != current else { return }
        if previous?.userInterfaceStyle != current.userInterfaceStyle || previous?.layoutDirection != current.layoutDirection {
            setNeedsDisplay()
        }
        for subview in subviews { subview.updateTraitsIfNeeded() }
        if previous != nil {
            traitCollectionDidChange(previous)
            (owningViewController as? UIViewController)?.traitCollectionDidChange(previous)
        }
    }

    /// Whether leading/trailing content flips.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { setNeedsLayout(); setNeedsDisplay() }
    }

    /// Left to right or right to left, from the semantic content attribute and the traits.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        case .unspecified:
            if let superview, superview.semanticContentAttribute != .unspecified {
                return superview.effectiveUserInterfaceLayoutDirection
            }
            return traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }

    // MARK: Margins and safe area

    /// Margins for content; the default is 8 points on every side.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { layoutMarginsDidChange() } }
    }

    /// Margins by leading and trailing (flipped in right-to-left layouts).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            return effectiveUserInterfaceLayoutDirection == .rightToLeft
                ? NSDirectionalEdgeInsets(top: m.top, leading: m.right, bottom: m.bottom, trailing: m.left)
                : NSDirectionalEdgeInsets(top: m.top, leading: m.left, bottom: m.bottom, trailing: m.right)
        }
        set { layoutMargins = newValue.edgeInsets(for: effectiveUserInterfaceLayoutDirection) }
    }

    /// Whether the layout margins grow to include the safe area insets.
    open var insetsLayoutMarginsFromSafeArea = true
    /// Whether subviews use this view's margins when laying out.
    open var preservesSuperviewLayoutMargins = false

    /// Margins plus, when asked, the safe area.
    public var effectiveLayoutMargins: UIEdgeInsets {
        guard insetsLayoutMarginsFromSafeArea else { return layoutMargins }
        let s = safeAreaInsets, m = layoutMargins
        return UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }

    /// Called when the layout margins change.
    open func layoutMarginsDidChange() { setNeedsLayout() }

    var ownSafeAreaInsets: UIEdgeInsets = .zero

    /// Insets of the area not covered by window decorations, bars or other views.
    open var safeAreaInsets: UIEdgeInsets {
        if let superview {
            let parent = superview.safeAreaInsets
            guard parent != .zero else { return .zero }
            let f = frame, b = superview.bounds
            return UIEdgeInsets(
                top: max(0, parent.top - (f.minY - b.minY)), left: max(0, parent.left - (f.minX - b.minX)),
                bottom: max(0, parent.bottom - (b.maxY - f.maxY)), right: max(0, parent.right - (b.maxX - f.maxX))
            )
        }
        return ownSafeAreaInsets
    }

    /// Called when the safe area changes.
    open func safeAreaInsetsDidChange() {}

    // MARK: Layout

    private(set) var needsLayoutFlag = true

    /// Marks the view for `layoutSubviews()` before the next frame.
    open func setNeedsLayout() {
        needsLayoutFlag = true
        markAncestorsForLayout()
        UIView.layoutIsPending = true
        Compositor.setNeedsFrame()
    }

    /// Whether some descendant needs layout: `layoutIfNeeded()` descends only into such subtrees.
    private(set) var descendantNeedsLayout = false

    private func markAncestorsForLayout() {
        var view = superview
        while let current = view, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            view = current.superview
        }
    }

    /// Whether a layout pass is pending anywhere (the run loop checks it before rendering).
    static var layoutIsPending = true

    /// Lays out the subtree now if it needs it.
    open func layoutIfNeeded() {
        guard needsLayoutFlag || descendantNeedsLayout else { return }
        if needsLayoutFlag {
            needsLayoutFlag = false
            runLayoutPass()
        }
        descendantNeedsLayout = false
        for subview in subviews where subview.needsLayoutFlag || subview.descendantNeedsLayout {
            subview.layoutIfNeeded()
        }
    }

    /// Runs the layout of this view (Auto Layout hooks in here).
    func runLayoutPass() {
        // A view controller's root view brackets its layout with the controller's hooks, as UIKit's.
        let controller = owningViewController as? UIViewController
        controller?.rootViewWillLayout()
        // A layout root solves its constraints first, so layoutSubviews() sees the solved frames.
        autoLayoutWillLayoutSubviews()
        layoutSubviews()
        layoutAttachment?.viewDidLayoutSubviews(self)
        autoLayoutDidLayoutSubviews()
        controller?.rootViewDidLayout()
    }

    /// Positions subviews; the default does nothing (Auto Layout and stacks override behaviour).
    open func layoutSubviews() {}

    /// The size that best fits `size`; the default is the attachment's answer (a component's
    /// size, for a view showing one through `componentEngine`), else the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { layoutAttachment?.sizeThatFits(size, of: self) ?? bounds.size }

    /// What lays out with this view beside its own `layoutSubviews()`: set by modules above the
    /// toolkit (the component engine behind `UIView.componentEngine`), where UIKit extensions
    /// would attach through the Objective-C runtime. Retained by the view; `nil` by default.
    public var layoutAttachment: (any UIViewLayoutAttachment)?

    /// Resizes to `sizeThatFits(bounds.size)`.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }

    /// The natural size of the content, `noIntrinsicMetric` along axes without one.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    /// Tells the layout system the intrinsic size changed.
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        setNeedsLayout()
        intrinsicContentSizeDidChange()
    }

    /// Hook for this module's layout engine.
    func intrinsicContentSizeDidChange() { autoLayoutIntrinsicContentSizeDidChange() }

    /// Which margins stretch when the superview resizes.
    open var autoresizingMask: UIViewAutoresizing = []
    /// Whether subviews resize by their masks when this view resizes.
    open var autoresizesSubviews = true

    private func autoresizeSubviews(from oldSize: CGSize) {
        guard autoresizesSubviews, oldSize != .zero else { return }
        let dw = bounds.width - oldSize.width, dh = bounds.height - oldSize.height
        for subview in subviews where !subview.autoresizingMask.isEmpty && subview.usesAutoresizing {
            subview.frame = UIView.autoresize(subview.frame, mask: subview.autoresizingMask, dw: dw, dh: dh, oldSize: oldSize)
        }
    }

    /// Whether autoresizing applies (false once Auto Layout positions the view).
    var usesAutoresizing: Bool { translatesAutoresizingMaskIntoConstraints }

    static func autoresize(_ frame: CGRect, mask: UIViewAutoresizing, dw: CGFloat, dh: CGFloat, oldSize: CGSize) -> CGRect {
        func distribute(_ delta: CGFloat, lead: Bool, size: Bool, trail: Bool, leadValue: CGFloat, sizeValue: CGFloat, trailValue: CGFloat) -> (CGFloat, CGFloat) {
            let parts = [lead ? leadValue : 0, size ? sizeValue : 0, trail ? trailValue : 0]
            let total = parts.reduce(0, +)
            let flexible = [lead, size, trail].filter { $0 }.count
            guard flexible > 0 else { return (0, 0) }
            if total == 0 {
                let share = delta / CGFloat(flexible)
                return (lead ? share : 0, size ? share : 0)
            }
            return (delta * parts[0] / total, delta * parts[1] / total)
        }
        var f = frame
        let (dx, dwidth) = distribute(dw, lead: mask.contains(.flexibleLeftMargin), size: mask.contains(.flexibleWidth), trail: mask.contains(.flexibleRightMargin),
                                      leadValue: frame.minX, sizeValue: frame.width, trailValue: oldSize.width - frame.maxX)
        let (dy, dheight) = distribute(dh, lead: mask.contains(.flexibleTopMargin), size: mask.contains(.flexibleHeight), trail: mask.contains(.flexibleBottomMargin),
                                       leadValue: frame.minY, sizeValue: frame.height, trailValue: oldSize.height - frame.maxY)
        f.origin.x += dx; f.size.width += dwidth
        f.origin.y += dy; f.size.height += dheight
        return f
    }

    // MARK: - Auto Layout (owned by the Auto Layout engineer: the API lives in Layout/AutoLayout/)

    /// Whether the view's frame is set from outside (code, its superview, a list, its
    /// autoresizing mask) rather than by constraints. True for views created in code; turn it off
    /// for views that constraints position. A view with it on is the layout root of its subtree:
    /// its subviews with it off are solved in its system before its `layoutSubviews()`.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { autoLayoutTranslatesAutoresizingDidChange() } }
    }

    /// Constraints, priorities, guides and the layout engine, made on first use (nil for views
    /// that never meet Auto Layout).
    var autoLayoutStorage: AutoLayoutState?

    /// Override to add or change constraints in the constraint pass (after
    /// `setNeedsUpdateConstraints()`), before the layout pass; call `super` last.
    open func updateConstraints() {}

    /// The smallest size that satisfies the view's constraints (`systemLayoutSizeFitting` with
    /// `fittingSizeLevel` priorities): pass `UIView.layoutFittingCompressedSize` or
    /// `layoutFittingExpandedSize`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        autoLayoutFittingSize(targetSize, horizontal: .fittingSizeLevel, vertical: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its width and height are asked to be the
    /// target's at these priorities: for a list row, a fixed width (`.required`) and a free
    /// height (`.fittingSizeLevel`). Multi-line labels wrap at their solved width (UIKit's second
    /// pass). The result is rounded up to whole pixels; frames are not changed.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        autoLayoutFittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }

    /// The view whose first baseline is this view's (self; containers name a subview).
    open var forFirstBaselineLayout: UIView { self }

    /// The view whose last baseline is this view's (self; containers name a subview).
    open var forLastBaselineLayout: UIView { self }

    // MARK: Drawing

    var defaultDrawCalled = false

    /// Draws the view's content in its bounds coordinates; the default draws nothing.
    open func draw(_ rect: CGRect) {
        defaultDrawCalled = true
    }

    /// The part of the bounds `draw(_:)` paints, when a view knows it is smaller than the bounds
    /// (labels, image views); the backing surface then covers only that. Nil means the bounds.
    var contentDrawingRect: CGRect? { nil }

    /// Marks the content for redrawing.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the content for redrawing (the whole content is redrawn).
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }

    /// Draws the view's content for its layer.
    public func draw(_ layer: CALayer, in context: CGContext) {
        draw(CGRect(origin: .zero, size: self.layer.bounds.size))
    }

    // MARK: Hit testing and coordinates

    /// The deepest visible, interactive descendant containing `point` (in this view's space).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // As in UIKit, a point outside a view's bounds misses its subviews too, clipped or not.
        guard isUserInteractionEnabled, !isHidden, alpha > 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            let local = subview.convert(point, from: self)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's space) is inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Converts a point from this view's space to another view's (or the root's, for nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer ?? rootView.layer)
    }

    /// Converts a point from another view's space (or the root's, for nil) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: view?.layer ?? rootView.layer)
    }

    /// Converts a rectangle to another view's space (the bounding box of its corners).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .map { convert($0, to: view) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Converts a rectangle from another view's space.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        (view ?? rootView).convert(rect, to: self)
    }

    var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    // MARK: - Events (owned by the events engineer: the API lives in Gestures/UIView+Gestures.swift)

    /// The gesture recognizers attached to this view, in the order they were added.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    /// The interactions attached to this view (Events/UIInteraction.swift).
    var attachedInteractions: [any UIInteraction] = []

    // MARK: - Focus (Events/UIFocusSystem.swift)

    /// Whether the view can take keyboard focus, as UIKit's `canBecomeFocused`: false for plain
    /// views; enabled controls, editable text and list rows say true.
    open var canBecomeFocused: Bool { false }

    /// The focus group the view and its subviews belong to (a list sets one, so Tab stops at the
    /// list once and the arrows move between its rows), as UIKit's `focusGroupIdentifier`.
    open var focusGroupIdentifier: String?

    /// The view that should take focus when focus enters this view's focus group and none of
    /// its views had it before, as UIKit's `preferredFocusedView` (nil: the first one).
    open var preferredFocusedView: UIView? { nil }

    /// The view gained or lost focus (see `context`), as UIKit's `didUpdateFocus(in:with:)`.
    open func didUpdateFocus(in context: UIFocusUpdateContext) {}

    // MARK: Rendering to images

    /// The view and its subviews laid out and drawn into an image of its bounds' size.
    ///
    /// - Parameters:
    ///   - scale: pixels per point.
    ///   - userInterfaceStyle: renders a view without a window in light or dark (it is applied as
    ///     the root traits, so `traitCollectionDidChange` runs as on a real appearance change).
    public func renderImage(scale: CGFloat = 2, userInterfaceStyle: UIUserInterfaceStyle? = nil) -> UIImage {
        guard let surface = renderSurface(scale: scale, userInterfaceStyle: userInterfaceStyle) else { return UIImage.empty }
        return UIImage(surface: surface, scale: scale)
    }

    /// The view rendered as PNG data.
    public func pngData(scale: CGFloat = 2, userInterfaceStyle: UIUserInterfaceStyle? = nil) -> Data? {
        renderSurface(scale: scale, userInterfaceStyle: userInterfaceStyle)?.pngData()
    }

    /// The view drawn into a new surface by `compositor` (a fresh one by default: an image is a
    /// target of its own).
    func renderSurface(scale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle?, background: UIColor? = nil,
                       compositor: Compositor = Compositor()) -> Surface? {
        let root = rootView
        if root === self {
            var traits = rootTraitCollection.modifying(displayScale: scale)
            if let userInterfaceStyle { traits = traits.modifying(userInterfaceStyle: userInterfaceStyle) }
            rootTraitCollection = traits
        }
        root.layoutIfNeeded()
        let pw = Int((bounds.width * scale).rounded(.up)), ph = Int((bounds.height * scale).rounded(.up))
        guard let surface = Surface(pixelWidth: pw, pixelHeight: ph), let cr = cairo_create(surface.raw) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(scale), Double(scale))
        if let background {
            let c = background.components(for: traitCollection)
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
            cairo_paint(cr)
        }
        compositor.renderFrame(layer, into: cr, scale: scale, traits: traitCollection)
        cairo_surface_flush(surface.raw)
        return surface
    }
}


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
