import Foundation

/// The shared text cache, opened to layout engines built on the toolkit (the declarative
/// engine's `Text` component): measure text exactly as `UILabel.sizeThatFits` does, then draw it
/// with the very Pango layout that measured it.
///
/// Why a separate door: `UILabel` draws with a layout keyed by its bounds' width. A label sized
/// to fit its text is narrower than the width it was measured at, so it would lay the text out a
/// second time. `draw(_:font:color:…measuredWidth:in:)` asks for the measuring layout first,
/// which draws unchanged whenever its lines fit the rectangle (see `TextLayout.canDraw(inWidth:)`).
///
/// All functions are safe to call from any thread except the drawing ones, which need the main
/// actor's current graphics context.
public enum TextMeasurement {
    /// What measuring a piece of text found.
    public struct Result: Hashable, Sendable {
        /// The size, rounded up to whole device pixels at the scale asked for.
        public var size: CGSize
        /// Distance from the top to the first line's baseline (not rounded).
        public var firstBaseline: CGFloat
        /// Distance from the top to the last shown line's baseline (not rounded).
        public var lastBaseline: CGFloat
        /// Lines shown after the line limit.
        public var lineCount: Int
        /// Whether text was cut by the line limit (an ellipsis or hidden lines).
        public var isTruncated: Bool
    }

    /// Measures plain text (never parsed as markup) the way `UILabel.sizeThatFits` does.
    ///
    /// - Parameters:
    ///   - string: the text.
    ///   - font: the font.
    ///   - width: the width to wrap at; `nil` or a non-finite width for one unwrapped paragraph.
    ///     Single-line text that does not truncate ignores it, as in `UILabel`.
    ///   - numberOfLines: the line limit; 0 for none.
    ///   - lineBreakMode: how lines wrap and where the ellipsis goes.
    ///   - alignment: horizontal alignment (it matters for drawing, and keys the cached layout).
    ///   - scale: device pixels per point; the size is rounded up to whole pixels.
    public static func measure(
        _ string: String, font: UIFont, width: CGFloat?, numberOfLines: Int = 0,
        lineBreakMode: NSLineBreakMode = .byWordWrapping, alignment: NSTextAlignment = .natural, scale: CGFloat = 1
    ) -> Result {
        let request = TextRequest(content: .plain(string), font: font,
                                  width: wrappingWidth(width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode),
                                  maxLines: numberOfLines, lineBreakMode: lineBreakMode, alignment: alignment)
        return result(for: request, isEmpty: string.isEmpty, scale: scale)
    }

    /// The size of plain text as `UILabel.sizeThatFits` reports it, rounded up to device pixels.
    public static func size(
        of string: String, font: UIFont, width: CGFloat?, numberOfLines: Int = 0,
        lineBreakMode: NSLineBreakMode = .byWordWrapping, scale: CGFloat = 1
    ) -> CGSize {
        measure(string, font: font, width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, scale: scale).size
    }

    /// Measures attributed text; runs without a font use `font`.
    ///
    /// Colours do not change the size, but they are part of the cached layout's key: pass the
    /// traits the text will be drawn with so that drawing reuses this layout.
    public static func measure(
        _ attributed: NSAttributedString, font: UIFont, width: CGFloat?, numberOfLines: Int = 0,
        lineBreakMode: NSLineBreakMode = .byWordWrapping, alignment: NSTextAlignment = .natural,
        traits: UITraitCollection = .default, scale: CGFloat = 1
    ) -> Result {
        let request = attributedRequest(attributed, font: font, width: width, numberOfLines: numberOfLines,
                                        lineBreakMode: lineBreakMode, alignment: alignment, traits: traits)
        return result(for: request, isEmpty: attributed.length == 0, scale: scale)
    }

    /// The size of attributed text, rounded up to device pixels.
    public static func size(
        of attributed: NSAttributedString, font: UIFont, width: CGFloat?, numberOfLines: Int = 0,
        lineBreakMode: NSLineBreakMode = .byWordWrapping, traits: UITraitCollection = .default, scale: CGFloat = 1
    ) -> CGSize {
        measure(attributed, font: font, width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                traits: traits, scale: scale).size
    }

    /// Draws plain text into the current graphics context, vertically centred in `rect` as
    /// `UILabel` does, reusing the layout measured at `measuredWidth` when its lines fit.
    ///
    /// Pass the same `width` argument you measured with, not the rectangle's width.
    @preconcurrency @MainActor
    public static func draw(
        _ string: String, font: UIFont, color: UIColor, numberOfLines: Int = 0,
        lineBreakMode: NSLineBreakMode = .byWordWrapping, alignment: NSTextAlignment = .natural,
        measuredWidth: CGFloat?, in rect: CGRect
    ) {
        guard !string.isEmpty else { return }
        let request = TextRequest(content: .plain(string), font: font,
                                  width: wrappingWidth(measuredWidth, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode),
                                  maxLines: numberOfLines, lineBreakMode: lineBreakMode, alignment: alignment)
        draw(request, color: color, in: rect)
    }

    /// Draws attributed text into the current graphics context, reusing the measuring layout
    /// when its lines fit (see `draw(_:font:color:numberOfLines:lineBreakMode:alignment:measuredWidth:in:)`).
    @preconcurrency @MainActor
    public static func draw(
        _ attributed: NSAttributedString, font: UIFont, color: UIColor, numberOfLines: Int = 0,
        lineBreakMode: NSLineBreakMode = .byWordWrapping, alignment: NSTextAlignment = .natural,
        measuredWidth: CGFloat?, in rect: CGRect
    ) {
        guard attributed.length > 0, let context = UIGraphicsGetCurrentContext() else { return }
        let request = attributedRequest(attributed, font: font, width: measuredWidth, numberOfLines: numberOfLines,
                                        lineBreakMode: lineBreakMode, alignment: alignment, traits: context.traitCollection)
        draw(request, color: color, in: rect)
    }

    /// Drops every cached layout, so the next measure is cold (for benchmarks and tests).
    public static func removeAllCachedLayouts() {
        TextEngine.shared.removeAllLayouts()
    }

    /// Layouts created by the shared cache since launch (cache misses); tests use it to prove
    /// that drawing reused the measuring layout.
    public static var layoutsCreated: Int { TextEngine.shared.layoutsCreated }

    // MARK: Internals

    /// The width `UILabel.sizeThatFits` wraps at for these settings.
    static func wrappingWidth(_ width: CGFloat?, numberOfLines: Int, lineBreakMode: NSLineBreakMode) -> CGFloat? {
        guard let width, width > 0, width < .greatestFiniteMagnitude else { return nil }
        if numberOfLines == 1 && !lineBreakMode.truncates { return nil }
        return width
    }

    private static func attributedRequest(
        _ attributed: NSAttributedString, font: UIFont, width: CGFloat?, numberOfLines: Int,
        lineBreakMode: NSLineBreakMode, alignment: NSTextAlignment, traits: UITraitCollection
    ) -> TextRequest {
        let converted = AttributedTextConverter.convert(attributed, traits: traits)
        return TextRequest(content: converted.content, font: font,
                           width: wrappingWidth(width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode),
                           maxLines: numberOfLines, lineBreakMode: lineBreakMode,
                           alignment: converted.paragraph?.alignment ?? alignment,
                           lineSpacing: converted.paragraph?.lineSpacing ?? 0)
    }

    private static func result(for request: TextRequest, isEmpty: Bool, scale: CGFloat) -> Result {
        guard !isEmpty else { return Result(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0, isTruncated: false) }
        let layout = TextEngine.shared.layout(for: request)
        let s = max(1, scale.isFinite ? scale : 1)
        return Result(size: CGSize(width: layout.size.width.ceiled(toScale: s), height: layout.size.height.ceiled(toScale: s)),
                      firstBaseline: layout.firstBaseline, lastBaseline: layout.lastBaseline,
                      lineCount: layout.lineCount, isTruncated: layout.isTruncated)
    }

    @MainActor
    private static func draw(_ request: TextRequest, color: UIColor, in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), rect.width > 0 else { return }
        let layout = TextEngine.shared.layout(for: request, drawingWidth: rect.width)
        let scale = max(1, context.traitCollection.displayScale)
        let y = rect.minY + ((rect.height - layout.size.height) / 2).rounded(toScale: scale)
        TextEngine.shared.draw(layout, in: context.cairo, origin: CGPoint(x: rect.minX, y: y), width: rect.width,
                               color: TextColor(color, traits: context.traitCollection))
    }
}
