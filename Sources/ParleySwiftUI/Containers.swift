import Foundation
import ParleyComponent
import ParleyUIKit

// MARK: - Button

/// A control that runs an action when tapped; its label is tinted with the accent colour.
///
/// ```swift
/// Button("Send") { send() }
/// Button(action: { isShowingInfo = true }) { Image(systemName: "info.circle") }
/// ```
public struct Button<Label: Component>: PrimitiveView {
    let label: Label
    let action: @MainActor () -> Void

    /// A button showing the label the closure builds.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
    }

    /// The label, tappable, its texts in the accent colour.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        InheritedTextStyle.with(font: nil, color: UIColor.systemBlue) {
            AnyComponent(label.tappable(action)).layout(constraint)
        }
    }
}

extension Button where Label == Text {
    /// A button titled `title`.
    public init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.label = Text(title)
        self.action = action
    }
}

// MARK: - Scrolling

/// The axes a scroll view scrolls along.
public enum Axis: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes.
    public struct Set: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// A set from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }
}

/// Content that scrolls inside the frame it is given (SwiftUI's `ScrollView`): a component view
/// of its own, so a `LazyVStack` inside it lays out only the rows near the screen.
public struct ScrollView: PrimitiveView {
    let axes: Axis.Set
    let content: any Component

    /// Scrolls the views the closure builds along `axes`.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ComponentArrayBuilder content: () -> [any Component]) {
        self.axes = axes
        let children = content()
        if children.count == 1 {
            self.content = children[0]
        } else if axes.contains(.horizontal) && !axes.contains(.vertical) {
            self.content = HStack(children: children)
        } else {
            self.content = VStack(children: children)
        }
    }

    /// Takes the room it is given (the content's size along an unbounded axis).
    public func layout(_ constraint: Constraint) -> ScrollRenderNode {
        var size = constraint.fillingSize
        if !constraint.maxSize.width.isFinite || !constraint.maxSize.height.isFinite {
            let natural = AnyComponent(content).layout(Constraint(maxSize: CGSize(width: constraint.maxSize.width, height: .infinity))).size
            if !constraint.maxSize.width.isFinite { size.width = natural.width }
            if !constraint.maxSize.height.isFinite { size.height = natural.height }
        }
        return ScrollRenderNode(size: size, content: content, axes: axes, reader: ScrollViewReader.current)
    }
}

/// The render node of ``ScrollView``: a nested component view.
public struct ScrollRenderNode: RenderNode {
    /// The scroll view's frame size.
    public let size: CGSize
    let content: any Component
    let axes: Axis.Set
    let reader: ScrollViewProxy?

    /// A view of its own.
    public var shouldRenderView: Bool { true }
    /// A nested component view.
    public func makeView() -> UIView { NestedScrollView() }
    /// Gives the nested view its content.
    public func updateView(_ view: UIView) {
        guard let scroll = view as? NestedScrollView else { return }
        scroll.host = ViewGraph.currentHost
        scroll.alwaysBounceHorizontal = axes.contains(.horizontal)
        scroll.component = axes.contains(.horizontal) && !axes.contains(.vertical)
            ? AnyComponent(content).unboundedWidth().eraseToAnyComponent() : AnyComponent(content)
        reader?.scrollViews.append(WeakScrollView(view: scroll))
    }
}

/// A nested component view that lays out with its screen's host current.
final class NestedScrollView: ComponentView {
    weak var host: (any ViewHost)?

    override func layoutSubviews() {
        if let host { ViewGraph.withHost(host) { super.layoutSubviews() } } else { super.layoutSubviews() }
    }
}

/// A weak reference to a scroll view a reader can scroll.
struct WeakScrollView {
    weak var view: ComponentView?
}

/// Scrolls the scroll views inside a ``ScrollViewReader`` to identified views.
@preconcurrency @MainActor
public final class ScrollViewProxy {
    var scrollViews: [WeakScrollView] = []
    weak var host: HostingView?

    /// Scrolls to the view identified by `id` (`.id(_:)`, or a `ForEach` element's id);
    /// `anchor` `.bottom` puts it at the bottom, `.center` in the middle, else at the top.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        let key = String(describing: id)
        let position: ComponentView.ScrollPosition = anchor == .bottom ? .bottom : anchor == .center ? .center : .top
        for scroll in scrollViews.reversed() {
            if let view = scroll.view, view.scrollTo(id: key, position: position, animated: false) { return }
        }
        _ = host?.scrollTo(id: key, position: position, animated: false)
    }
}

/// Gives its content a ``ScrollViewProxy`` to scroll the scroll views inside it.
///
/// ```swift
/// ScrollViewReader { proxy in
///     ScrollView { LazyVStack { ForEach(messages) { MessageRow(message: $0) } } }
///         .onAppear { proxy.scrollTo(messages.last?.id, anchor: .bottom) }
/// }
/// ```
public struct ScrollViewReader: PrimitiveView {
    let proxy = ScrollViewProxy()
    let content: any Component
    /// The reader laying out now.
    static var current: ScrollViewProxy?

    /// The views `content` builds with the proxy.
    public init(@ViewBuilder content: (ScrollViewProxy) -> ViewList) {
        self.content = content(proxy)
    }

    /// The content's layout (scroll views inside register with the proxy).
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        let previous = ScrollViewReader.current
        ScrollViewReader.current = proxy
        proxy.host = ViewGraph.currentHost as? HostingView
        defer { ScrollViewReader.current = previous }
        return AnyComponent(content).layout(constraint)
    }
}

// MARK: - List

/// Rows in a scrolling column with separators (SwiftUI's `List`, plain style).
///
/// ```swift
/// List(channels) { channel in
///     Text(channel.name)
/// }
/// ```
public struct List: PrimitiveView {
    let rows: [any Component]

    /// The rows the closure builds.
    public init(@ComponentArrayBuilder content: () -> [any Component]) { rows = content() }

    /// A row per element of `data`, identified by its `id`.
    public init<Data: RandomAccessCollection>(_ data: Data, @ComponentArrayBuilder rowContent: (Data.Element) -> [any Component])
    where Data.Element: Identifiable {
        rows = ForEach(data, content: rowContent).components
    }

    /// A scroll view of the rows, each padded and followed by a separator.
    public func layout(_ constraint: Constraint) -> ScrollRenderNode {
        let rows = self.rows
        return ScrollView {
            LazyVStack(alignment: .leading) {
                for row in rows {
                    VStack(alignItems: .stretch) {
                        AnyComponent(row).frame(maxWidth: .infinity, alignment: .leading).padding(.horizontal, 16).padding(.vertical, 11)
                        Separator().padding(.left, 16)
                    }
                }
            }
        }.layout(constraint)
    }
}
