import CCairoPango
import Foundation

/// Pango used directly on Parley's Pango context (a PangoCairo font map, hint metrics off,
/// absolute font size, word-and-character wrapping): the reference Parley's measuring is checked
/// against in tests and compared with in benchmarks. Not public API.
@_spi(Benchmarks)
public final class RawPangoReference {
    private let context: OpaquePointer
    private let description: OpaquePointer

    /// A reference measurer for one font, on the engine's own Pango context (same font map, same
    /// options), so a comparison measures only what Parley adds: its cache and bookkeeping.
    public init(font: UIFont) {
        context = TextEngine.shared.context
        g_object_ref(UnsafeMutableRawPointer(context))
        description = pango_font_description_new()
        pango_font_description_set_family(description, font.familyName)
        pango_font_description_set_absolute_size(description, Double(font.pointSize) * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, PangoWeight(UInt32(font.weight.cssWeight)))
        pango_font_description_set_style(description, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    }

    /// Layouts kept alive by `measure(_:width:keepLayout:)`.
    private var kept: [OpaquePointer] = []

    deinit {
        releaseKeptLayouts()
        pango_font_description_free(description)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Frees the layouts `measure` kept. (Keeping them alive, as Parley's cache does, keeps
    /// their fonts alive; freeing each at once makes Pango reload fallback fonts.)
    public func releaseKeptLayouts() {
        for layout in kept { g_object_unref(UnsafeMutableRawPointer(layout)) }
        kept.removeAll(keepingCapacity: true)
    }

    /// Lays out one string and returns its logical size in points; the layout is freed.
    ///
    /// - Parameters:
    ///   - width: the wrapping width, or nil for one unwrapped line per paragraph.
    ///   - lines: with `ellipsizeEnd`, the line limit (an ellipsis ends the last line).
    ///   - keepLayout: keep the layout alive until `releaseKeptLayouts()` instead of freeing it now.
    public func measure(_ string: String, width: CGFloat?, lines: Int = 0, ellipsizeEnd: Bool = false, keepLayout: Bool = false) -> CGSize {
        let layout = pango_layout_new(context)!
        defer { if keepLayout { kept.append(layout) } else { g_object_unref(UnsafeMutableRawPointer(layout)) } }
        pango_layout_set_font_description(layout, description)
        string.withCString { pango_layout_set_text(layout, $0, Int32(string.utf8.count)) }
        if let width { pango_layout_set_width(layout, Int32(Double(width) * Double(PANGO_SCALE))) }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if ellipsizeEnd {
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -Int32(max(1, lines)))
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return CGSize(width: CGFloat(logical.width) / CGFloat(PANGO_SCALE), height: CGFloat(logical.height) / CGFloat(PANGO_SCALE))
    }
}
