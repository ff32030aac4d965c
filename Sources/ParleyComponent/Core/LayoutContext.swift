import Foundation
import ParleyUIKit

/// What a layout pass knows about its host: the size cache lazy rows consult and the display
/// scale text rounds to. A ``ComponentView`` pushes one around every layout it runs.
@MainActor
final class LayoutContext {
    /// The innermost context of the layout running now, if a host runs it.
    private(set) static var current: LayoutContext?

    /// Sizes (and recent render nodes) of lazy rows, keyed by (id, revision, width).
    let sizeCache: SizeCache
    /// Device pixels per point; measured text is rounded up to whole pixels.
    let displayScale: CGFloat
    /// Lazy rows this layout left unmeasured (the host scans for them only while some remain).
    var unresolvedLazyRows = 0
    /// Lazy rows this layout laid out (measured or not): the host fits its size cache to them.
    var lazyRows = 0

    init(sizeCache: SizeCache, displayScale: CGFloat) {
        self.sizeCache = sizeCache
        self.displayScale = max(1, displayScale.isFinite ? displayScale : 1)
    }

    /// Runs `body` with this context current.
    func run<T>(_ body: () -> T) -> T {
        let previous = LayoutContext.current
        LayoutContext.current = self
        defer { LayoutContext.current = previous }
        return body()
    }

    /// The scale layouts round to: the host's, else 1 (whole points) outside a host.
    static var displayScale: CGFloat { current?.displayScale ?? 1 }
}
