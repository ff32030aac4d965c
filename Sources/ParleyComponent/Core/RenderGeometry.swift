import Foundation

/// The one visibility predicate of the engine.
enum RenderGeometry {
    /// `[0]`, allocated once: single-child nodes answer visibility queries on every scroll step.
    static let firstChild = [0]
    /// `[.zero]`, allocated once, for the same reason.
    static let origin = [CGPoint.zero]

    /// Whether two rectangles share area: strict on every edge, so rows that only touch the
    /// viewport's edge, and empty rectangles, are not visible. (Foundation's `intersects` on
    /// Linux counts touching edges, which would create views for rows just off screen.)
    @inline(__always)
    static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
        a.maxX > b.minX && a.minX < b.maxX && a.maxY > b.minY && a.minY < b.maxY && a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
    }
}
