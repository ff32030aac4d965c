import CCairoPango
import Foundation

/// A colour resolved to 16-bit channels, as Pango attributes take them.
struct TextColor: Hashable, Sendable {
    var red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16

    init(_ color: UIColor, traits: UITraitCollection) {
        let c = color.components(for: traits)
        red = UInt16((c.red * 65535).rounded()); green = UInt16((c.green * 65535).rounded())
        blue = UInt16((c.blue * 65535).rounded()); alpha = UInt16((c.alpha * 65535).rounded())
    }
}

/// One styled range of attributed text, in UTF-8 byte offsets of the sanitised string.
struct TextRun: Hashable, Sendable {
    var start: Int
    var end: Int
    var font: UIFont?
    var color: TextColor?
    var background: TextColor?
    var underline: Int = 0
    var underlineColor: TextColor?
    var strikethrough: Int = 0
    var kern: CGFloat = 0
    var link: String?
}

/// What to lay out: plain text (never parsed as markup) or attributed runs.
///
/// Hashed and compared by UTF-8 bytes: Swift's `String` equality and hashing normalise Unicode,
/// which costs more than the rest of a cache hit for non-ASCII text.
enum TextContent: Hashable, Sendable {
    case plain(String)
    case attributed(String, [TextRun])

    // Cache lookups compare and hash a request per measurement: both read the bytes in place
    // (no tuple of the two contents, no mutable copies of the strings to call `withUTF8` on).
    static func == (lhs: TextContent, rhs: TextContent) -> Bool {
        switch lhs {
        case .plain(let a):
            guard case .plain(let b) = rhs else { return false }
            return sameBytes(a, b)
        case .attributed(let a, let ra):
            guard case .attributed(let b, let rb) = rhs else { return false }
            return ra == rb && sameBytes(a, b)
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .plain(let s):
            hasher.combine(TextContent.digest(of: s))
        case let .attributed(s, runs):
            hasher.combine(TextContent.digest(of: s) ^ 0x5BD1_E995)
            hasher.combine(runs)
        }
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        let ua = a.utf8, ub = b.utf8
        guard ua.count == ub.count else { return false }
        let compared = ua.withContiguousStorageIfAvailable { pa in
            ub.withContiguousStorageIfAvailable { pb in
                pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
        if let compared, let compared { return compared }
        return ua.elementsEqual(ub)
    }

    /// One word for the hasher: a fast multiply–rotate hash of the UTF-8 bytes, eight at a
    /// time. (SipHash over every byte was most of a cache hit's cost.)
    static func digest(of s: String) -> UInt64 {
        s.utf8.withContiguousStorageIfAvailable(bytesDigest) ?? {
            var copy = s
            return copy.withUTF8(bytesDigest)
        }()
    }

    /// The multiply–rotate digest of `buffer`.
    private static func bytesDigest(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(buffer)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        var offset = 0
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < raw.count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 32)
    }

    var string: String {
        switch self {
        case .plain(let s), .attributed(let s, _): return s
        }
    }

    /// Whether the content was cut to the byte cap (it then ends in an ellipsis).
    var isCut: Bool {
        switch self {
        case .plain(let s), .attributed(let s, _): return s.hasSuffix(TextContent.cutMarker)
        }
    }

    static let cutMarker = "\u{2060}…"

    /// The content cut to at most `maxBytes` UTF-8 bytes at a character boundary, plus an ellipsis.
    func cut(toBytes maxBytes: Int) -> TextContent {
        switch self {
        case .plain(let s):
            guard s.utf8.count > maxBytes else { return self }
            return .plain(TextContent.prefix(s, maxBytes: maxBytes) + TextContent.cutMarker)
        case let .attributed(s, runs):
            guard s.utf8.count > maxBytes else { return self }
            let text = TextContent.prefix(s, maxBytes: maxBytes) + TextContent.cutMarker
            let limit = text.utf8.count
            let clipped: [TextRun] = runs.compactMap { run in
                guard run.start < limit else { return nil }
                var copy = run
                copy.end = min(run.end, limit)
                return copy
            }
            return .attributed(text, clipped)
        }
    }

    /// `s` cut to at most `maxBytes` UTF-8 bytes at a character boundary.
    static func prefix(_ s: String, maxBytes: Int) -> String {
        guard s.utf8.count > maxBytes else { return s }
        var index = s.utf8.index(s.utf8.startIndex, offsetBy: maxBytes)
        while index > s.startIndex, index.samePosition(in: s) == nil {
            index = s.utf8.index(before: index)
        }
        return String(s[..<index])
    }
}

/// Everything that determines a layout; the key of the layout cache.
struct TextRequest: Hashable, Sendable {
    let content: TextContent
    let font: UIFont
    /// The wrapping width in 1/64 points, or -1 for unlimited.
    let widthKey: Int
    let maxLines: Int
    let lineBreakMode: NSLineBreakMode
    let alignment: NSTextAlignment
    let lineSpacing: CGFloat
    /// Width, line limit, modes and spacing in one word, so that a cache lookup hashes and
    /// compares three values rather than seven.
    private let shape: Int

    static func == (lhs: TextRequest, rhs: TextRequest) -> Bool {
        lhs.shape == rhs.shape && lhs.widthKey == rhs.widthKey && lhs.maxLines == rhs.maxLines
            && lhs.lineSpacing == rhs.lineSpacing && lhs.lineBreakMode == rhs.lineBreakMode && lhs.alignment == rhs.alignment
            && lhs.font == rhs.font && lhs.content == rhs.content
    }

    func hash(into hasher: inout Hasher) {
        // One word for plain text (the common key); attributed text adds its runs.
        switch content {
        case .plain(let s):
            hasher.combine(TextContent.digest(of: s) ^ UInt64(bitPattern: Int64(font.precomputedHash &+ shape)))
        case .attributed:
            content.hash(into: &hasher)
            hasher.combine(font.precomputedHash &+ shape)
        }
    }

    /// The cache's hash, straight from the plain text's digest: one word mixed with the table's
    /// seed, without a `Hasher` (its SipHash rounds over that one word were a fifth of a cache
    /// hit). Attributed text goes through ``hash(into:)``.
    func _rawHashValue(seed: Int) -> Int {
        guard case .plain(let s) = content else {
            var hasher = Hasher()
            hasher.combine(seed)
            hash(into: &hasher)
            return hasher.finalize()
        }
        // A 64-bit finaliser (murmur's fmix64), so every bit of the key reaches the low bits the
        // table indexes with.
        var h = TextContent.digest(of: s) ^ UInt64(bitPattern: Int64(font.precomputedHash &+ shape))
        h ^= UInt64(bitPattern: Int64(seed)) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h)
    }

    init(content: TextContent, font: UIFont, width: CGFloat?, maxLines: Int = 0,
         lineBreakMode: NSLineBreakMode = .byWordWrapping, alignment: NSTextAlignment = .natural, lineSpacing: CGFloat = 0) {
        self.font = font
        if let width, width.isFinite, width < 1_000_000 {
            widthKey = Int((max(0, width) * 64).rounded(.down))
        } else {
            widthKey = -1
        }
        self.maxLines = max(0, maxLines)
        // Cut huge text before it is hashed or laid out: a label never shows more than the cap.
        let cap = TextRequest.byteCap(maxLines: self.maxLines, width: widthKey < 0 ? nil : CGFloat(widthKey) / 64, fontSize: font.pointSize)
        self.content = content.cut(toBytes: cap)
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
        let spacing: CGFloat = lineSpacing.isFinite && lineSpacing > 0 ? lineSpacing : 0
        self.lineSpacing = spacing
        var mix = UInt64(bitPattern: Int64(widthKey)) &* 0x9E37_79B9_7F4A_7C15
        mix ^= UInt64(truncatingIfNeeded: self.maxLines) &* 0xC2B2_AE3D_27D4_EB4F
        mix ^= UInt64(truncatingIfNeeded: lineBreakMode.rawValue) << 56 ^ UInt64(truncatingIfNeeded: alignment.rawValue) << 60
        mix ^= Double(spacing).bitPattern &* 0x1656_67B1_9E37_79F9
        shape = Int(truncatingIfNeeded: mix)
    }

    var width: CGFloat? { widthKey < 0 ? nil : CGFloat(widthKey) / 64 }

    /// Bytes of text laid out at most for a label without a line limit; longer text is cut and
    /// ends in an ellipsis (a label is not a document view).
    static let unlimitedLinesByteCap = 8_192

    /// The most text worth laying out for a line limit and width.
    static func byteCap(maxLines: Int, width: CGFloat?, fontSize: CGFloat) -> Int {
        if maxLines == 0 { return unlimitedLinesByteCap }
        // Generous: a line holds at most width / (0.25 em) characters of at most 4 bytes.
        let perLine = width.map { Int($0 / max(1, fontSize * 0.25)) * 4 } ?? 4096
        return min(unlimitedLinesByteCap, maxLines * max(512, perLine))
    }

    func with(width: CGFloat?) -> TextRequest {
        TextRequest(content: content, font: font, width: width, maxLines: maxLines, lineBreakMode: lineBreakMode, alignment: alignment, lineSpacing: lineSpacing)
    }
}

/// A laid-out paragraph set: the Pango layout that measured the text and that draws it.
///
/// Immutable after creation; used only under `TextEngine`'s lock.
final class TextLayout: @unchecked Sendable {
    let pango: OpaquePointer
    let request: TextRequest
    /// The logical size in points (not rounded).
    let size: CGSize
    /// The logical rectangle's origin inside the layout box (non-zero for centred or RTL lines).
    let logicalOrigin: CGPoint
    /// Where glyphs put ink (accents, emoji and italics may reach outside the logical box).
    let inkRect: CGRect
    /// Lines shown (after the line limit).
    let lineCount: Int
    /// Distance from the top to the first line's baseline.
    let firstBaseline: CGFloat
    /// Distance from the top to the last shown line's baseline.
    let lastBaseline: CGFloat
    /// Whether text was cut: an ellipsis, hidden lines or the length cap.
    let isTruncated: Bool
    /// Whether the first paragraph runs right to left.
    let isRightToLeft: Bool
    /// A clip height for line limits without an ellipsis.
    let clipHeight: CGFloat?

    init(pango: OpaquePointer, request: TextRequest, size: CGSize, logicalOrigin: CGPoint, inkRect: CGRect, lineCount: Int,
         firstBaseline: CGFloat, lastBaseline: CGFloat, isTruncated: Bool, isRightToLeft: Bool, clipHeight: CGFloat?) {
        self.pango = pango
        self.request = request
        self.size = size
        self.logicalOrigin = logicalOrigin
        self.inkRect = inkRect
        self.lineCount = lineCount
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
        self.isRightToLeft = isRightToLeft
        self.clipHeight = clipHeight
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pango)) }

    /// Whether this layout draws correctly into a box `width` wide without re-laying out: its
    /// lines fit, and their positions do not depend on the box width (left-aligned, or one line
    /// that can be shifted).
    func canDraw(inWidth width: CGFloat) -> Bool {
        if let own = request.width, abs(own - width) < 1.0 / 64 { return true }
        guard size.width <= width + 1.0 / 64 else { return false }
        if lineCount <= 1 { return true }
        switch effectiveAlignment {
        case .left: return true
        default: return false
        }
    }

    var effectiveAlignment: NSTextAlignment {
        switch request.alignment {
        case .natural, .justified: return isRightToLeft ? .right : .left
        default: return request.alignment
        }
    }

    /// Where to put the layout's origin so that its lines align inside a box `width` wide.
    func drawingOffsetX(inWidth width: CGFloat) -> CGFloat {
        if let own = request.width, abs(own - width) < 1.0 / 64 { return 0 }
        let desired: CGFloat
        switch effectiveAlignment {
        case .center: desired = (width - size.width) / 2
        case .right: desired = width - size.width
        default: desired = 0
        }
        return desired - logicalOrigin.x
    }
}

/// Font metrics in points.
struct FontMetrics: Sendable {
    var ascender: CGFloat
    var descender: CGFloat
    var lineHeight: CGFloat
    var capHeight: CGFloat
    var xHeight: CGFloat
}
