import CCairoPango
import Foundation

/// A solid fill of whole device pixels held back instead of drawn. A full-screen chat frame
/// fills the same rectangles several times (the scene, the window, the screen's view, the list);
/// painting only the last opaque one saves a pass over the frame per layer.
///
/// - A later opaque fill that covers the held one replaces it.
/// - A later fill of the same colour inside the held one is dropped.
/// - Anything else drawn first (`flush`) paints the held fill.
///
/// Invariant: the held fill is pixel-aligned (so it can stand in for what lies beneath it).
struct HeldFill {
    private(set) var fill: PendingFill?

    /// Holds `fill` (pixel-aligned) back, drawing or dropping the one held before as the rules say.
    mutating func hold(_ fill: PendingFill, _ cr: OpaquePointer) {
        assert(fill.pixelAligned.map { $0.rect == fill.rect } ?? false, "only fills of whole device pixels are held")
        if let held = self.fill {
            if fill.alpha >= 1 && fill.rect.contains(held.rect) {
                self.fill = fill
                return
            }
            if fill.hasSameColor(as: held) && held.rect.contains(fill.rect) { return }
            flush(cr)
        }
        self.fill = fill
    }

    /// Draws the held fill, if any (before anything else is drawn or clipped).
    mutating func flush(_ cr: OpaquePointer) {
        guard let fill else { return }
        self.fill = nil
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, fill.red, fill.green, fill.blue, fill.alpha)
        cairo_rectangle(cr, Double(fill.rect.minX), Double(fill.rect.minY), Double(fill.rect.width), Double(fill.rect.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// A solid rectangle fill in device pixels, drawn with Cairo's SOURCE operator.
struct PendingFill {
    var rect: CGRect
    var red: Double, green: Double, blue: Double, alpha: Double

    /// The fill snapped to whole device pixels, or nil when an edge falls inside a pixel (that
    /// pixel is only partly covered, so the fill cannot stand in for what lies beneath).
    var pixelAligned: PendingFill? {
        if rect.isEmpty { return PendingFill(rect: .zero, red: red, green: green, blue: blue, alpha: alpha) }
        guard isWholePixel(rect.minX), isWholePixel(rect.minY), isWholePixel(rect.maxX), isWholePixel(rect.maxY) else { return nil }
        var aligned = self
        aligned.rect = CGRect(x: rect.minX.rounded(), y: rect.minY.rounded(),
                              width: rect.maxX.rounded() - rect.minX.rounded(), height: rect.maxY.rounded() - rect.minY.rounded())
        return aligned
    }

    func hasSameColor(as other: PendingFill) -> Bool {
        red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }
}

/// Whether a device coordinate lies on a pixel boundary (within rounding noise).
/// A plain function, not a closure over an array: this runs for every fill and blit of a frame.
@inline(__always)
func isWholePixel(_ value: CGFloat) -> Bool {
    abs(value - value.rounded()) < 1e-6
}
