import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The rows of the channel list, all as tall as the list's row height at the laid-out width.
@MainActor
struct ChannelRowsComponent: Component {
    let channels: [ChatChannel]
    let rowHeight: @MainActor (CGFloat) -> CGFloat
    let row: @MainActor (ChatChannel, CGFloat) -> any Component

    func layout(_ constraint: Constraint) -> VerticalRenderNode {
        let width = constraint.maxSize.width.isFinite ? constraint.maxSize.width : 390
        let height = rowHeight(width)
        return VStack(alignItems: .stretch, children: channels.map { row($0, height) }).layout(constraint)
    }
}
