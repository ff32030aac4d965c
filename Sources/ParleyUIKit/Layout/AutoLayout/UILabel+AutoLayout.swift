import Foundation

extension UIView {
    /// The width a multi-line label (or read-only text view) wraps at for its intrinsic size
    /// when `preferredMaxLayoutWidth` is 0: set by the layout engine during its second pass
    /// (UIKit's automatic preferred width), 0 otherwise.
    var automaticPreferredMaxLayoutWidth: CGFloat {
        autoLayoutStorage?.automaticPreferredMaxLayoutWidth ?? 0
    }
}

extension UILabel {
    /// The baseline offsets Auto Layout uses: the first line's baseline from the top and the last
    /// line's from the bottom when the label is as tall as its text (it centres its text, so these
    /// match what it draws at its intrinsic height). Independent of the width and line count.
    var baselineOffsetsForLayout: (top: CGFloat, bottom: CGFloat) {
        let layout = TextEngine.shared.layout(for: textRequest(width: nil, lines: 1))
        let scale = max(1, traitCollection.displayScale)
        let height = layout.size.height.ceiled(toScale: scale)
        let origin = ((height - layout.size.height) / 2).rounded(toScale: scale)
        return (origin + layout.firstBaseline, height - (origin + layout.lastBaseline))
    }
}
