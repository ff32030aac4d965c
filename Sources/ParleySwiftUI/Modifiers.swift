import Foundation
import ParleyComponent
import ParleyUIKit

extension LongPressable: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}

// MARK: - Frames

/// A frame around a view (SwiftUI's `frame(width:height:alignment:)` and
/// `frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`): fixed or bounded sides, the
/// content placed inside by `alignment`.
public struct FrameView<Content: Component>: PrimitiveView {
    let content: Content
    var width: CGFloat?
    var height: CGFloat?
    var minWidth: CGFloat?
    var maxWidth: CGFloat?
    var minHeight: CGFloat?
    var maxHeight: CGFloat?
    let alignment: Alignment

    /// Lays the content out inside the frame and places it.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        func side(_ fixed: CGFloat?, _ low: CGFloat?, _ high: CGFloat?, _ minimum: CGFloat, _ maximum: CGFloat) -> (CGFloat, CGFloat) {
            if let fixed {
                let value = min(max(fixed, minimum), maximum)
                return (value, value)
            }
            let lower = max(minimum, min(low ?? 0, maximum))
            let upper = max(lower, min(high ?? maximum, maximum))
            return (lower, upper)
        }
        let (wLow, wHigh) = side(width, minWidth, maxWidth, constraint.minSize.width, constraint.maxSize.width)
        let (hLow, hHigh) = side(height, minHeight, maxHeight, constraint.minSize.height, constraint.maxSize.height)
        let child = AnyComponent(content).layout(Constraint(minSize: .zero, maxSize: CGSize(width: wHigh, height: hHigh)))
        func resolve(_ fixed: CGFloat?, _ high: CGFloat?, _ childSide: CGFloat, _ low: CGFloat, _ upper: CGFloat) -> CGFloat {
            if fixed != nil { return low }
            // An infinite maximum fills what the parent offers (when it offers a bound).
            if let high, high == .infinity, upper.isFinite { return upper }
            return min(max(childSide, low), upper)
        }
        let size = CGSize(width: resolve(width, maxWidth, child.size.width, wLow, wHigh),
                          height: resolve(height, maxHeight, child.size.height, hLow, hHigh))
        return SlowRenderNode(size: size, children: [child], positions: [alignment.origin(of: child.size, in: size)])
    }
}

extension View {
    /// A frame of fixed `width` and/or `height` (a `nil` side is the content's), the content
    /// placed by `alignment`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> FrameView<Self> {
        FrameView(content: self, width: width, height: height, alignment: alignment)
    }

    /// A frame between minimum and maximum sides; `.infinity` takes all the room offered.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> FrameView<Self> {
        FrameView(content: self, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
                  alignment: alignment)
    }

    /// Padding on every side (SwiftUI's default, 16 points).
    public func padding() -> Insets<Self> { padding(.all, 16) }

    /// The view moved by `offset` without changing its layout.
    public func offset(_ offset: CGSize) -> Offset<Self> { self.offset(x: offset.width, y: offset.height) }

    /// The view identified by `id` (scroll targets, view identity).
    public func id<ID: Hashable>(_ id: ID) -> ModifiedComponent<Self> { self.id(String(describing: id)) }
}

// MARK: - Text style inherited by a container

/// Gives the texts inside a view a font and/or colour (those that set none themselves).
public struct TextStyleView<Content: Component>: PrimitiveView, FlexibilityForwarding {
    let content: Content
    let font: UIFont?
    let color: UIColor?

    /// The content (a styled spacer is a spacer; styled text wraps in an overflowing row).
    public var flexibilityTarget: (any Component)? { content }

    /// Lays the content out with the style inherited.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        InheritedTextStyle.with(font: font, color: color) { AnyComponent(content).layout(constraint) }
    }
}

extension View {
    /// The texts inside the view in `font`.
    public func font(_ font: Font?) -> TextStyleView<Self> { TextStyleView(content: self, font: font?.uiFont, color: nil) }
    /// The texts inside the view in `font` (a toolkit font, as the chat screens' `Fonts` hold).
    public func font(_ font: UIFont) -> TextStyleView<Self> { TextStyleView(content: self, font: font, color: nil) }
    /// The texts inside the view in `color`.
    public func foregroundColor(_ color: Color?) -> TextStyleView<Self> { TextStyleView(content: self, font: nil, color: color?.uiColor) }
    /// The texts inside the view in `color`.
    public func foregroundStyle(_ color: Color) -> TextStyleView<Self> { foregroundColor(color) }
    /// The view's tint (the texts inside it take it).
    public func tint(_ color: Color?) -> TextStyleView<Self> { foregroundColor(color) }
}

// MARK: - Drawing: clipping, corners, opacity, accessibility

/// How a view's own view is drawn: rounded, clipped, faded, labelled for accessibility.
struct ViewStyle {
    var shape: (any Shape)?
    var opacity: CGFloat?
    var accessibilityLabel: String?
    var borderColor: UIColor?
    var borderWidth: CGFloat = 0
}

/// A view drawn with a ``ViewStyle``: a view that draws (text, image, shape) gets the style on
/// its own view; a container is drawn in a view of its own that carries the style.
public struct StyledView<Content: Component>: PrimitiveView {
    let content: Content
    let style: ViewStyle

    /// The content's layout, with the style applied where the content's view is made. A shape
    /// drawn in part of the frame (a circle in a frame that is not square) clips to that part: a
    /// view of that part's size, at its place, shows the content laid out as before.
    public func layout(_ constraint: Constraint) -> StyledRenderNode {
        let node = AnyComponent(content).layout(constraint)
        if let shape = style.shape {
            let drawn = shape.drawnRect(in: node.size)
            if drawn.size != node.size, drawn.width > 0, drawn.height > 0 {
                let clipped = ClippedContent(content: content, size: node.size, origin: drawn.origin)
                let part = StyledRenderNode(content: clipped.node(node), component: clipped, style: style)
                return StyledRenderNode(content: node, component: content, style: style, clip: (part, drawn.origin))
            }
        }
        return StyledRenderNode(content: node, component: content, style: style)
    }
}

/// The part of a view a shape clips it to: the view laid out at its own size, shifted so that
/// the part's top-left corner is at the origin (hosted in a view of the part's size).
struct ClippedContent<Content: Component>: Component {
    let content: Content
    let size: CGSize
    let origin: CGPoint

    /// The content, laid out at `size`, shifted by the part's origin (a container, so it is hosted).
    func node(_ contentNode: any RenderNode) -> SlowRenderNode {
        let drawn = CGSize(width: size.width - 2 * origin.x, height: size.height - 2 * origin.y)
        return SlowRenderNode(size: drawn, children: [contentNode], positions: [CGPoint(x: -origin.x, y: -origin.y)])
    }

    /// Lays the content out at its size (whatever the host's bounds) and shifts it.
    func layout(_ constraint: Constraint) -> SlowRenderNode {
        node(AnyComponent(content).layout(Constraint(tightSize: size)))
    }
}

/// The render node of ``StyledView``.
public struct StyledRenderNode: RenderNode {
    let content: any RenderNode
    let component: any Component
    let style: ViewStyle
    /// The clipped part and where it is, for a shape drawn in part of the frame.
    let clip: (part: any RenderNode, origin: CGPoint)?

    init(content: any RenderNode, component: any Component, style: ViewStyle, clip: (part: any RenderNode, origin: CGPoint)? = nil) {
        self.content = content
        self.component = component
        self.style = style
        self.clip = clip
    }

    /// The content's size.
    public var size: CGSize { content.size }
    /// The clipped part; else the content's children, for a leaf; none for a container (its
    /// own view hosts them).
    public var children: [any RenderNode] {
        if let clip { return [clip.part] }
        return content.shouldRenderView ? content.children : []
    }
    /// The clipped part's place; else the content's positions, for a leaf.
    public var positions: [CGPoint] {
        if let clip { return [clip.origin] }
        return content.shouldRenderView ? content.positions : []
    }
    /// A view of its own (the clipped part's, when the shape is drawn in part of the frame).
    public var shouldRenderView: Bool { clip == nil }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// The leaf's id.
    public var id: String? { content.id }

    /// The leaf's view, or a host view for a container.
    public func makeView() -> UIView {
        content.shouldRenderView ? content.makeView() : IsolatedHostView()
    }

    /// Updates the content's view (or hosts the container) and applies the style.
    public func updateView(_ view: UIView) {
        if let host = view as? IsolatedHostView {
            host.host = ViewGraph.currentHost
            host.component = component
        } else {
            content.updateView(view)
        }
        if let shape = style.shape {
            view.layer.cornerRadius = shape.cornerRadius(in: size)
            view.layer.masksToBounds = true
        }
        if let opacity = style.opacity { view.alpha = opacity }
        if let label = style.accessibilityLabel { view.accessibilityLabel = label }
        if style.borderWidth > 0 {
            view.layer.borderWidth = style.borderWidth
            view.layer.borderColor = style.borderColor
        }
    }
}

/// A component view without scrolling that hosts a part of a screen in a view of its own (to
/// clip, round or fade it as one).
final class IsolatedHostView: ComponentView {
    weak var host: (any ViewHost)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isScrollEnabled = false
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        clipsToBounds = true
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        if let host { ViewGraph.withHost(host) { super.layoutSubviews() } } else { super.layoutSubviews() }
    }
}

extension View {
    /// The view clipped to `shape`.
    public func clipShape<S: Shape>(_ shape: S) -> StyledView<Self> {
        StyledView(content: self, style: ViewStyle(shape: shape))
    }
    /// The view with its corners rounded by `radius` (and clipped).
    public func cornerRadius(_ radius: CGFloat) -> StyledView<Self> {
        StyledView(content: self, style: ViewStyle(shape: RoundedRectangle(cornerRadius: radius)))
    }
    /// The view at `opacity` (0 transparent, 1 opaque).
    public func opacity(_ opacity: Double) -> StyledView<Self> {
        StyledView(content: self, style: ViewStyle(opacity: CGFloat(max(0, min(1, opacity)))))
    }
    /// The label assistive technologies read for the view.
    public func accessibilityLabel(_ label: String) -> StyledView<Self> {
        StyledView(content: self, style: ViewStyle(accessibilityLabel: label))
    }
    /// An outline of the view's frame in `color`.
    public func border(_ color: Color, width: CGFloat = 1) -> StyledView<Self> {
        StyledView(content: self, style: ViewStyle(borderColor: color.uiColor, borderWidth: width))
    }
    /// `view` behind this view, placed by `alignment` (SwiftUI's `background(alignment:content:)`).
    public func background(alignment: Alignment, @ComponentArrayBuilder content: () -> [any Component]) -> Background<Self, ZStack> {
        background(ZStack(alignment: alignment) { content() })
    }
    /// `view` over this view, placed by `alignment` (SwiftUI's `overlay(alignment:content:)`).
    public func overlay(alignment: Alignment, @ComponentArrayBuilder content: () -> [any Component]) -> Overlay<Self, ZStack> {
        overlay(ZStack(alignment: alignment) { content() })
    }
}

// MARK: - Gestures and appearance

extension View {
    /// Runs `action` when the view is tapped.
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> Tappable<Self> {
        tappable(action)
    }

    /// Runs `action` when the view is pressed for `minimumDuration` seconds.
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping @MainActor () -> Void) -> LongPressable<Self> {
        LongPressable(content: self, minimumDuration: minimumDuration, action: { _ in action() })
    }

    /// Runs `action` when the view comes on screen (its view is made: in a lazy list, when its
    /// row scrolls into view).
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> AppearanceView<Self> {
        AppearanceView(content: self, onAppear: action, onDisappear: nil)
    }

    /// Runs `action` when the view leaves the screen.
    public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> AppearanceView<Self> {
        AppearanceView(content: self, onAppear: nil, onDisappear: action)
    }
}

/// A view that reports when it comes on and goes off screen.
public struct AppearanceView<Content: Component>: PrimitiveView {
    let content: Content
    let onAppear: (@MainActor () -> Void)?
    let onDisappear: (@MainActor () -> Void)?

    /// The content's layout, with a marker view of its frame.
    public func layout(_ constraint: Constraint) -> AppearanceRenderNode {
        AppearanceRenderNode(content: AnyComponent(content).layout(constraint), onAppear: onAppear, onDisappear: onDisappear)
    }
}

/// The render node of ``AppearanceView``: a transparent marker view behind the content.
public struct AppearanceRenderNode: RenderNode {
    let content: any RenderNode
    let onAppear: (@MainActor () -> Void)?
    let onDisappear: (@MainActor () -> Void)?

    /// The content's size.
    public var size: CGSize { content.size }
    /// The content.
    public var children: [any RenderNode] { [content] }
    /// The content at the origin.
    public var positions: [CGPoint] { [.zero] }
    /// The content.
    public func visibleIndexes(in frame: CGRect) -> [Int] { [0] }
    /// The marker view.
    public var shouldRenderView: Bool { true }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// A marker view.
    public func makeView() -> UIView { AppearanceMarkerView() }
    /// Sets the callbacks.
    public func updateView(_ view: UIView) {
        guard let marker = view as? AppearanceMarkerView else { return }
        marker.onAppear = onAppear
        marker.onDisappear = onDisappear
    }
}

/// A transparent view that calls back when it joins and leaves a window.
final class AppearanceMarkerView: UIView {
    var onAppear: (@MainActor () -> Void)?
    var onDisappear: (@MainActor () -> Void)?
    private var appeared = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil, !appeared {
            appeared = true
            onAppear?()
        } else if window == nil, appeared {
            appeared = false
            onDisappear?()
        }
    }
}

// MARK: - ViewModifier

/// A reusable change to a view (SwiftUI's `ViewModifier`): implement `body(content:)` and apply
/// it with `.modifier(_:)`.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(12).background(Color.gray.opacity(0.2)).cornerRadius(12)
///     }
/// }
/// Text("Hi").modifier(Card())
/// ```
@preconcurrency @MainActor
public protocol ViewModifier {
    /// The type of the modified view.
    associatedtype Body: View
    /// The view being modified.
    typealias Content = ModifierContent
    /// The modified view.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` modifies; in a stack it is as flexible as that view.
public struct ModifierContent: PrimitiveView, FlexibilityForwarding {
    let content: any Component

    /// The modified view (a stack reads its flex factors).
    public var flexibilityTarget: (any Component)? { content }

    /// The view's layout.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode { AnyComponent(content).layout(constraint) }
}

/// A view with a ``ViewModifier`` applied.
public struct ModifiedContent<Content: Component, Modifier: ViewModifier>: View {
    /// The view.
    public let content: Content
    /// The modifier.
    public let modifier: Modifier

    /// The modifier's body around the view.
    public var body: Modifier.Body { return modifier.body(content: ModifierContent(content: content)) }
}

extension View {
    /// The view with `modifier` applied.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
