import Foundation
import ParleyComponent
import ParleyUIKit

/// A component that runs an action when long-pressed: a ``LongPressView`` behind its content's
/// views (labels and images take no touches, so a press anywhere on the component reaches it).
public struct LongPressable<Content: Component>: Component {
    /// The wrapped component.
    public let content: Content
    /// How long the finger must rest, in seconds.
    public let minimumDuration: TimeInterval
    /// What a long press does; it receives the pressed view (to find the content's frame).
    public let action: @MainActor (UIView) -> Void

    /// Lays out the content; the long-press view takes its frame.
    public func layout(_ constraint: Constraint) -> LongPressRenderNode {
        LongPressRenderNode(content: content.layout(constraint), minimumDuration: minimumDuration, action: action)
    }
}

/// The render node of ``LongPressable``: a view of its own plus its content's.
public struct LongPressRenderNode: RenderNode {
    /// The content's node.
    public let content: any RenderNode
    /// The content.
    public let children: [any RenderNode]
    let minimumDuration: TimeInterval
    let action: @MainActor (UIView) -> Void

    init(content: any RenderNode, minimumDuration: TimeInterval, action: @escaping @MainActor (UIView) -> Void) {
        self.content = content
        children = [content]
        self.minimumDuration = minimumDuration
        self.action = action
    }

    /// The content's size.
    public var size: CGSize { content.size }
    /// The content sits at the origin.
    public var positions: [CGPoint] { [.zero] }
    /// The content.
    public func visibleIndexes(in frame: CGRect) -> [Int] { [0] }
    /// The long-press view.
    public var shouldRenderView: Bool { true }
    /// The content's baseline.
    public var firstBaseline: CGFloat? { content.firstBaseline }
    /// A long-press view.
    public func makeView() -> UIView { LongPressView() }
    /// Sets the duration and the action.
    public func updateView(_ view: UIView) {
        guard let view = view as? LongPressView else { return }
        view.recognizer.minimumPressDuration = minimumDuration
        view.onLongPress = action
    }
}

/// A transparent view that calls ``onLongPress`` when a long press begins on it.
open class LongPressView: UIView {
    /// What a long press does; it receives this view.
    public var onLongPress: (@MainActor (UIView) -> Void)?

    /// The recognizer (0.33 s by default, as the seeds' SDK).
    public private(set) lazy var recognizer = UILongPressGestureRecognizer { [weak self] recognizer in
        guard let self, recognizer.state == .began else { return }
        self.onLongPress?(self)
    }

    /// A long-press view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        recognizer.minimumPressDuration = 0.33
        recognizer.name = "LongPressView"
        addGestureRecognizer(recognizer)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

}

extension Component {
    /// Runs `action` with the pressed view when the component is long-pressed for
    /// `minimumDuration` seconds (SwiftUI's `onLongPressGesture`).
    public func onLongPressGesture(minimumDuration: TimeInterval = 0.33, perform action: @escaping @MainActor (UIView) -> Void) -> LongPressable<Self> {
        LongPressable(content: self, minimumDuration: minimumDuration, action: action)
    }
}
