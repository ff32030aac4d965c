import Foundation
@testable import ParleyComponent
import ParleyUIKit

/// Unbounded, spelled once (`.infinity` alone is ambiguous between CGFloat and Double).
let unbounded = CGFloat.infinity

/// A list row: a coloured box of a given height with its id as text.
struct TestRow: ComponentBuilder {
    let id: String
    let height: CGFloat
    func build() -> some Component {
        HStack(spacing: 4, alignItems: .center) {
            Text(id, font: .systemFont(ofSize: 12))
            Spacer()
            ColorBox(.systemGray5).size(width: 20, height: max(1, height - 4))
        }
        .size(width: .fill, height: .absolute(height))
        .id(id)
    }
}

/// What a person would see of a component view: each subview's kind, frame and content, in
/// subview (z) order.
@MainActor
func viewTreeSnapshot(_ view: UIView) -> [String] {
    view.subviews.map { subview in
        let f = subview.frame
        var content = ""
        if let label = subview as? UILabel { content = label.text ?? "" }
        if let color = subview.backgroundColor { content += "bg:\(color.components(for: .default))" }
        return "\(type(of: subview)) \(f.minX),\(f.minY),\(f.width),\(f.height) \(content)"
    }
}

/// Ids of rows whose view frames intersect the viewport, with their on-screen y.
@MainActor
func screenPositions(_ view: ComponentView) -> [String: CGFloat] {
    var result: [String: CGFloat] = [:]
    for (id, subview) in zip(view.visibleIDs, view.visibleViews) where RenderGeometry.overlaps(subview.frame, view.bounds) {
        result[id] = subview.frame.minY - view.contentOffset.y
    }
    return result
}
