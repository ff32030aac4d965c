import Foundation
import ParleyUIKit

/// Repairs malformed sizes returned by layouts.
@MainActor
enum SizeSanitizer {
    /// Whether `size` is usable as is: finite and not negative (NaN fails both tests).
    @inline(__always)
    static func isWellFormed(_ size: CGSize) -> Bool {
        size.width >= 0 && size.height >= 0 && size.width.isFinite && size.height.isFinite
    }

    /// `node` unchanged when its size is well formed (the common case costs four comparisons and
    /// no allocation); otherwise `node` wrapped to report a clamped size, with one warning per
    /// component type.
    static func sanitize(_ node: any RenderNode, within constraint: Constraint, source: Any.Type) -> any RenderNode {
        let size = node.size
        if isWellFormed(size) { return node }
        let fixed = clamp(size, within: constraint)
        ComponentDiagnostics.warnOnce("size:\(source)",
            "\(source) laid out to an invalid size \(size.width)×\(size.height); using \(fixed.width)×\(fixed.height). Return a finite, non-negative size from layout(_:).")
        return WrapperRenderNode(content: node, sizeOverride: fixed)
    }

    /// NaN and negative lengths become the constraint's minimum; infinite ones its maximum when
    /// that is finite, else the minimum.
    static func clamp(_ size: CGSize, within constraint: Constraint) -> CGSize {
        func fix(_ value: CGFloat, _ minimum: CGFloat, _ maximum: CGFloat) -> CGFloat {
            if value.isNaN || value < 0 { return minimum }
            if value.isInfinite { return maximum.isFinite ? maximum : minimum }
            return value
        }
        return CGSize(width: fix(size.width, constraint.minSize.width, constraint.maxSize.width),
                      height: fix(size.height, constraint.minSize.height, constraint.maxSize.height))
    }
}
