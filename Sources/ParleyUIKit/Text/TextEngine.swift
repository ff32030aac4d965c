import CCairoPango
import Foundation

/// The one text-layout service: Pango layouts, measured and drawn by the same object, cached by
/// everything that determines them in a bounded LRU.
///
/// Invariants:
/// - Lengths passed to Pango are UTF-8 byte counts; NUL is shown as U+2400 (␀) since Pango
///   rejects it; user text is set with `pango_layout_set_text`, never parsed as markup.
/// - Metrics are hinting-free, so a layout measures the same at 1× and 2× and can be drawn at any scale.
/// - All Pango state is used under `lock`, so measuring works from any thread.
final class TextEngine: @unchecked Sendable {
    static let shared = TextEngine()

    let lock = NSRecursiveLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The engine's Pango context (one per font map); the raw-Pango reference shares it.
    let context: OpaquePointer
    private var descriptions: [UIFont: OpaquePointer] = [:]
    private var metricsCache: [UIFont: FontMetrics] = [:]
    private let cache: LRUCache<TextRequest, TextLayout>

    /// Layouts created (cache misses) since launch; tests and benchmarks read it.
    private(set) var layoutsCreated = 0

    init(capacity: Int = 1024) {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        cache = LRUCache(capacity: capacity)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_language(context, pango_language_from_string("en-us"))
        pango_context_set_round_glyph_positions(context, 0)
    }

    // MARK: Fonts

    private func description(for font: UIFont) -> OpaquePointer {
        if let d = descriptions[font] { return d }
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, font.familyName)
        pango_font_description_set_absolute_size(d, Double(font.pointSize) * Double(PANGO_SCALE))
        pango_font_description_set_weight(d, PangoWeight(UInt32(font.weight.cssWeight)))
        pango_font_description_set_style(d, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        descriptions[font] = d
        return d
    }

    func metrics(for font: UIFont) -> FontMetrics {
        lock.lock(); defer { lock.unlock() }
        if let m = metricsCache[font] { return m }
        let desc = description(for: font)
        let metrics = pango_context_get_metrics(context, desc, pango_language_from_string("en-us"))
        defer { pango_font_metrics_unref(metrics) }
        let scale = CGFloat(PANGO_SCALE)
        let ascent = CGFloat(pango_font_metrics_get_ascent(metrics)) / scale
        let descent = CGFloat(pango_font_metrics_get_descent(metrics)) / scale
        var lineHeight = CGFloat(pango_font_metrics_get_height(metrics)) / scale
        if lineHeight <= 0 { lineHeight = ascent + descent }
        // Cap and x heights come from the glyphs themselves.
        let cap = inkHeight(of: "H", font: font), x = inkHeight(of: "x", font: font)
        let m = FontMetrics(ascender: ascent, descender: descent, lineHeight: lineHeight, capHeight: cap, xHeight: x)
        metricsCache[font] = m
        return m
    }

    private func inkHeight(of text: String, font: UIFont) -> CGFloat {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, description(for: font))
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return CGFloat(ink.height) / CGFloat(PANGO_SCALE)
    }

    // MARK: Layouts

    /// The cached layout for `request`, creating it on a miss.
    func layout(for request: TextRequest) -> TextLayout {
        withLayout(for: request) { $0 }
    }

    /// The size of `request`'s text in points, not rounded.
    func measure(_ request: TextRequest) -> CGSize {
        withLayout(for: request) { $0.size }
    }

    /// `body` applied to the cached layout for `request` (made on a miss), under the lock; a hit
    /// reads the layout in place, so a measurement hands no reference out of the cache.
    @inline(__always)
    private func withLayout<T>(for request: TextRequest, _ body: (TextLayout) -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        if let hit = cache.withValue(for: request, body) { return hit }
        let made = makeLayout(request)
        cache.insert(made, for: request)
        return body(made)
    }

    /// A layout that draws `request` into a box `width` wide: the measuring layout when it fits
    /// unchanged, otherwise one laid out at that width.
    func layout(for request: TextRequest, drawingWidth width: CGFloat) -> TextLayout {
        lock.lock(); defer { lock.unlock() }
        if let measured = cache.value(for: request), measured.canDraw(inWidth: width) { return measured }
        let atWidth = request.with(width: width)
        if let hit = cache.value(for: atWidth) { return hit }
        let made = makeLayout(atWidth)
        cache.insert(made, for: atWidth)
        return made
    }

    /// Draws `layout` with its top-left at `origin` in a box `width` wide, glyphs without a
    /// colour attribute in `color`.
    func draw(_ layout: TextLayout, in cr: OpaquePointer, origin: CGPoint, width: CGFloat, color: TextColor) {
        lock.lock(); defer { lock.unlock() }
        cairo_save(cr)
        if let clip = layout.clipHeight {
            cairo_rectangle(cr, Double(origin.x) - 4096, Double(origin.y), 8192 + Double(width), Double(clip))
            cairo_clip(cr)
        }
        cairo_set_source_rgba(cr, Double(color.red) / 65535, Double(color.green) / 65535, Double(color.blue) / 65535, Double(color.alpha) / 65535)
        cairo_move_to(cr, Double(origin.x + layout.drawingOffsetX(inWidth: width)), Double(origin.y))
        pango_cairo_show_layout(cr, layout.pango)
        cairo_restore(cr)
    }

    /// Drops every cached layout (for cold-cache measurements).
    func removeAllLayouts() {
        lock.lock(); defer { lock.unlock() }
        cache.removeAll()
    }

    /// Cached layouts right now.
    var cachedLayoutCount: Int {
        lock.lock(); defer { lock.unlock() }
        return cache.count
    }

    // MARK: Building

    private static func sanitize(_ s: String) -> String {
        s.utf8.contains(0) ? s.replacingOccurrences(of: "\0", with: "\u{2400}") : s
    }

    private func makeLayout(_ request: TextRequest) -> TextLayout {
        layoutsCreated += 1
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(for: request.font))

        var text: String
        var runs: [TextRun] = []
        switch request.content {
        case .plain(let s):
            text = Self.sanitize(s)
        case let .attributed(s, r):
            text = s
            runs = r
        }
        let capped = request.content.isCut
        let byteCount = Int32(text.utf8.count)
        text.withCString { pango_layout_set_text(layout, $0, byteCount) }
        if !runs.isEmpty { applyAttributes(runs, to: layout) }

        if let width = request.width {
            pango_layout_set_width(layout, Int32(min(Double(width) * Double(PANGO_SCALE), Double(Int32.max))))
        }
        switch request.lineBreakMode {
        case .byCharWrapping: pango_layout_set_wrap(layout, PANGO_WRAP_CHAR)
        default: pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch request.alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_justify(layout, 1)
        case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        // Pango's auto direction right-aligns RTL paragraphs for LEFT; explicit `.left` must stay left.
        if request.alignment == .left { pango_layout_set_auto_dir(layout, 0) }
        if request.lineSpacing > 0 {
            pango_layout_set_spacing(layout, Int32(Double(request.lineSpacing) * Double(PANGO_SCALE)))
        }

        var truncated = capped
        var clipHeight: CGFloat?
        if request.maxLines > 0 {
            if request.lineBreakMode.truncates && request.width != nil {
                let mode: PangoEllipsizeMode
                switch request.lineBreakMode {
                case .byTruncatingHead: mode = PANGO_ELLIPSIZE_START
                case .byTruncatingMiddle: mode = PANGO_ELLIPSIZE_MIDDLE
                default: mode = PANGO_ELLIPSIZE_END
                }
                pango_layout_set_ellipsize(layout, mode)
                pango_layout_set_height(layout, -Int32(request.maxLines))
                // A negative height limits lines per paragraph; several paragraphs need a height.
                if Int(pango_layout_get_line_count(layout)) > request.maxLines {
                    let bottom = lineBottom(layout, index: request.maxLines - 1)
                    pango_layout_set_height(layout, Int32(bottom))
                }
                truncated = truncated || pango_layout_is_ellipsized(layout) != 0
            } else if Int(pango_layout_get_line_count(layout)) > request.maxLines {
                clipHeight = CGFloat(lineBottom(layout, index: request.maxLines - 1)) / CGFloat(PANGO_SCALE)
                truncated = true
            }
        }

        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = CGFloat(PANGO_SCALE)
        let totalLines = Int(pango_layout_get_line_count(layout))
        let shownLines = request.maxLines > 0 ? min(totalLines, request.maxLines) : totalLines
        var height = CGFloat(logical.height) / scale
        if let clipHeight { height = clipHeight }
        let first = CGFloat(pango_layout_get_baseline(layout)) / scale
        let last = CGFloat(lineBaseline(layout, index: shownLines - 1)) / scale
        let rtl = pango_layout_get_line_readonly(layout, 0).map { pango_layout_line_get_resolved_direction($0) == PANGO_DIRECTION_RTL } ?? false
        return TextLayout(
            pango: layout, request: request,
            size: CGSize(width: CGFloat(logical.width) / scale, height: height),
            logicalOrigin: CGPoint(x: CGFloat(logical.x) / scale, y: CGFloat(logical.y) / scale),
            inkRect: CGRect(x: CGFloat(ink.x) / scale, y: CGFloat(ink.y) / scale, width: CGFloat(ink.width) / scale, height: CGFloat(ink.height) / scale),
            lineCount: shownLines, firstBaseline: first, lastBaseline: last,
            isTruncated: truncated, isRightToLeft: rtl, clipHeight: clipHeight
        )
    }

    private func lineBottom(_ layout: OpaquePointer, index: Int) -> Int {
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var i = 0
        var y0: Int32 = 0, y1: Int32 = 0
        repeat {
            pango_layout_iter_get_line_yrange(iter, &y0, &y1)
            if i == index { break }
            i += 1
        } while pango_layout_iter_next_line(iter) != 0
        return Int(y1)
    }

    private func lineBaseline(_ layout: OpaquePointer, index: Int) -> Int {
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var i = 0
        var baseline = pango_layout_iter_get_baseline(iter)
        while i < index, pango_layout_iter_next_line(iter) != 0 {
            i += 1
            baseline = pango_layout_iter_get_baseline(iter)
        }
        return Int(baseline)
    }

    private func applyAttributes(_ runs: [TextRun], to layout: OpaquePointer) {
        let list = pango_attr_list_new()!
        defer { pango_attr_list_unref(list) }
        func insert(_ attr: UnsafeMutablePointer<PangoAttribute>?, _ run: TextRun) {
            guard let attr else { return }
            attr.pointee.start_index = guint(run.start)
            attr.pointee.end_index = guint(run.end)
            pango_attr_list_insert(list, attr)
        }
        for run in runs where run.end > run.start {
            if let font = run.font { insert(pango_attr_font_desc_new(description(for: font)), run) }
            if let c = run.color {
                insert(pango_attr_foreground_new(c.red, c.green, c.blue), run)
                if c.alpha < 65535 { insert(pango_attr_foreground_alpha_new(c.alpha), run) }
            }
            if let c = run.background {
                insert(pango_attr_background_new(c.red, c.green, c.blue), run)
                if c.alpha < 65535 { insert(pango_attr_background_alpha_new(c.alpha), run) }
            }
            if run.underline != 0 {
                let style: PangoUnderline = run.underline & NSUnderlineStyle.double.rawValue == NSUnderlineStyle.double.rawValue
                    ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE
                insert(pango_attr_underline_new(style), run)
                if let c = run.underlineColor { insert(pango_attr_underline_color_new(c.red, c.green, c.blue), run) }
            }
            if run.strikethrough != 0 { insert(pango_attr_strikethrough_new(1), run) }
            if run.kern != 0 { insert(pango_attr_letter_spacing_new(Int32(Double(run.kern) * Double(PANGO_SCALE))), run) }
        }
        pango_layout_set_attributes(layout, list)
    }
}

/// A least-recently-used cache with a fixed capacity.
///
/// A hit only stamps the entry with a use counter (no list surgery, no reference counting);
/// when the cache overflows, the least recently used eighth is evicted in one pass, so eviction
/// is amortised and hits stay a single hash lookup.
final class LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var lastUse: UInt64
    }

    let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        entries.reserveCapacity(self.capacity + 1)
    }

    var count: Int { entries.count }

    func value(for key: Key) -> Value? {
        withValue(for: key) { $0 }
    }

    /// Applies `body` to the value for `key` in place (stamping its use), or returns nil.
    @inline(__always)
    func withValue<T>(for key: Key, _ body: (Value) -> T) -> T? {
        guard let index = entries.index(forKey: key) else { return nil }
        clock &+= 1
        entries.values[index].lastUse = clock
        return body(entries.values[index].value)
    }

    func insert(_ value: Value, for key: Key) {
        clock &+= 1
        entries[key] = Entry(value: value, lastUse: clock)
        if entries.count > capacity { evictOldest() }
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    private func evictOldest() {
        let excess = entries.count - capacity
        let batch = max(excess, capacity / 8)
        // The use stamp at or below which an entry goes: the batch-th smallest.
        let threshold = entries.values.map(\.lastUse).sorted()[min(batch, entries.count) - 1]
        entries = entries.filter { $0.value.lastUse > threshold }
    }
}
