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

    /// Hook for subclasses in this module that react to size changes (e.g. constraint roots).
    func boundsSizeDidChange(from oldSize: CGSize) {}

    // MARK: Hierarchy

    /// The subviews, back to front.
    public internal(set) var subviews: [UIView] = []
    /// The view this one is a subview of.
    public internal(set) weak var superview: UIView?

    /// The window the view is in, if any.
    open var window: UIWindow? { enclosingWindow }

    /// The next responder: the view controller that owns this view, else the superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    /// Set by a view controller for its root view.
    public internal(set) weak var owningViewController: UIResponder?

    /// Adds a subview on top.
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts a subview at an index (clamped to the valid range).
    open func insertSubview(_ view: UIView, at index: Int) { placeSubview(view, at: index) }

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

    /// Hook for this module's containers (stack views) that track removed subviews.
    func subviewWasRemoved(_ view: UIView) { autoLayoutSubviewWasRemoved(view) }

    /// Whether this view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool { isInSubtree(of: view) }

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
    /// The frame in window coordinates: the bounds converted, unless set.
    open override var accessibilityFrame: CGRect {
        get { accessibilityStore?.frame ?? convert(bounds, to: nil) }
        set { super.accessibilityFrame = newValue }
    }

    // MARK: Tint

    var explicitTintColor: UIColor?

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

    var lastTint: UIColor?

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

    var cachedTraits: UITraitCollection? {
        // The layer keeps them too: the compositor reads them there, once per frame and layer.
        didSet { layer.viewTraits = cachedTraits }
    }

    /// The environment's traits: appearance, scale, layout direction, text size.
    open var traitCollection: UITraitCollection { cachedOrComputedTraits }

    /// Called after the traits changed (light/dark, scale, direction, text size).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Whether leading/trailing content flips.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { setNeedsLayout(); setNeedsDisplay() }
    }

    /// Left to right or right to left, from the semantic content attribute and the traits.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { resolvedLayoutDirection }

    // MARK: Margins and safe area

    /// Margins for content; the default is 8 points on every side.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { layoutMarginsDidChange() } }
    }

    /// Margins by leading and trailing (flipped in right-to-left layouts).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { layoutMarginsByDirection }
        set { layoutMargins = newValue.edgeInsets(for: effectiveUserInterfaceLayoutDirection) }
    }

    /// Whether the layout margins grow to include the safe area insets.
    open var insetsLayoutMarginsFromSafeArea = true
    /// Whether subviews use this view's margins when laying out.
    open var preservesSuperviewLayoutMargins = false

    /// Called when the layout margins change.
    open func layoutMarginsDidChange() { setNeedsLayout() }

    var ownSafeAreaInsets: UIEdgeInsets = .zero

    /// Insets of the area not covered by window decorations, bars or other views.
    open var safeAreaInsets: UIEdgeInsets { inheritedSafeAreaInsets }

    /// Called when the safe area changes.
    open func safeAreaInsetsDidChange() {}

    // MARK: Layout

    var needsLayoutFlag = true

    /// Marks the view for `layoutSubviews()` before the next frame.
    open func setNeedsLayout() { markNeedsLayout() }

    /// Whether some descendant needs layout: `layoutIfNeeded()` descends only into such subtrees.
    var descendantNeedsLayout = false

    /// Lays out the subtree now if it needs it.
    open func layoutIfNeeded() { layoutSubtreeIfNeeded() }

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
    open func draw(_ rect: CGRect) { defaultDrawCalled = true }

    /// The part of the bounds `draw(_:)` paints, when a view knows it is smaller than the bounds
    /// (labels, image views); the backing surface then covers only that. Nil means the bounds.
    var contentDrawingRect: CGRect? { nil }

    /// Marks the content for redrawing.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }

    /// Marks part of the content for redrawing (the whole content is redrawn).
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay() }

    // MARK: Hit testing and coordinates

    /// The deepest visible, interactive descendant containing `point` (in this view's space).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { deepestHit(point, with: event) }

    /// Whether `point` (in this view's space) is inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// Converts a point from this view's space to another view's (or the root's, for nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer ?? rootView.layer) }

    /// Converts a point from another view's space (or the root's, for nil) to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer ?? rootView.layer) }

    /// Converts a rectangle to another view's space (the bounding box of its corners).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { boundingBox(of: rect, convertedTo: view) }

    /// Converts a rectangle from another view's space.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { (view ?? rootView).convert(rect, to: self) }

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
}
