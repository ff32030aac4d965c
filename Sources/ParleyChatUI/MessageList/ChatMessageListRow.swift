import Foundation
import ParleyComponent
import ParleyUIKit

/// One row of the message list (a message, a separator, the typing indicator): a view made on
/// demand and pooled by `reuseKey`, measured by `measure` (a sizing instance kept by the list, so
/// measuring a row never creates a view).
///
/// Rows are rows of a ``ComponentList`` (lazy), so `measure` runs only for rows near the viewport,
/// once per (id, version, width).
@MainActor
struct ChatMessageListRow: Component {
    let reuseKey: String
    let measure: @MainActor (CGFloat) -> CGFloat
    let make: @MainActor () -> UIView
    let update: @MainActor (UIView) -> Void

    func layout(_ constraint: Constraint) -> ChatMessageListRowNode {
        let width = constraint.maxSize.width.isFinite ? max(0, constraint.maxSize.width) : 0
        let height = Self.rounded(measure(width))
        return ChatMessageListRowNode(row: self, size: CGSize(width: width, height: height).bound(to: constraint))
    }
}

extension ChatMessageListRow {
    /// A measured height as the row's: whole half points (rows are drawn at 1× and 2×), never
    /// negative or infinite.
    static func rounded(_ height: CGFloat) -> CGFloat {
        guard height.isFinite, height > 0 else { return 0 }
        return (height * 2).rounded(.up) / 2
    }
}

/// The render node of ``ChatMessageListRow``.
@MainActor
struct ChatMessageListRowNode: RenderNode {
    let row: ChatMessageListRow
    let size: CGSize

    var reuseKey: String? { row.reuseKey }
    var shouldRenderView: Bool { true }
    func makeView() -> UIView { row.make() }
    func updateView(_ view: UIView) { row.update(view) }
}

/// How tall a view wants to be at `width`: through its constraints when Auto Layout positions its
/// subviews (a self-sizing cell), else `sizeThatFits`, else its intrinsic height.
@MainActor
func fittingHeight(of view: UIView, width: CGFloat) -> CGFloat {
    let usesAutoLayout = view.subviews.contains { !$0.translatesAutoresizingMaskIntoConstraints }
    var height: CGFloat = 0
    if usesAutoLayout {
        height = view.systemLayoutSizeFitting(
            CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel).height
    } else {
        height = view.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
    }
    if height <= 0 || !height.isFinite || height > 100_000 {
        let intrinsic = view.intrinsicContentSize.height
        height = intrinsic.isFinite && intrinsic > 0 ? intrinsic : 0
    }
    return height
}
