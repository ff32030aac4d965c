import Foundation
import ParleyUIKit

/// Text, plain or attributed: wrapped at the constraint's width, measured through the shared text
/// cache and drawn by a `UILabel` with the very layout that measured it.
///
/// ```swift
/// Text("Luke Zhao", font: .boldSystemFont(ofSize: 17))
/// Text(message.text).textColor(.secondaryLabel).numberOfLines(3)
/// ```
///
/// Plain text is shown literally (never parsed as markup).
public struct Text: Component {
    enum Content {
        case plain(String)
        case attributed(NSAttributedString)
    }

    let content: Content
    /// The font of plain text (and of attributed runs without a font).
    public var font: UIFont
    /// The colour of plain text (and of attributed runs without a colour).
    public var textColor: UIColor
    /// The line limit; 0 (the default) for none.
    public var numberOfLines: Int
    /// How lines wrap and where an ellipsis goes.
    public var lineBreakMode: NSLineBreakMode
    /// Horizontal alignment of the lines.
    public var textAlignment: NSTextAlignment
    /// Whether the font was left unset: a container's ``InheritedTextStyle`` font then applies.
    var inheritsFont: Bool
    /// Whether the colour was left unset: a container's ``InheritedTextStyle`` colour then applies.
    var inheritsColor: Bool

    /// Plain text.
    public init(_ text: String, font: UIFont? = nil, textColor: UIColor? = nil,
                numberOfLines: Int = 0, lineBreakMode: NSLineBreakMode = .byWordWrapping, textAlignment: NSTextAlignment = .natural) {
        content = .plain(text)
        self.font = font ?? .systemFont(ofSize: 17)
        self.textColor = textColor ?? .label
        inheritsFont = font == nil
        inheritsColor = textColor == nil
        self.numberOfLines = max(0, numberOfLines)
        self.lineBreakMode = lineBreakMode
        self.textAlignment = textAlignment
    }

    /// Attributed text; its runs' fonts and colours win over `font` and `textColor`.
    public init(_ attributedText: NSAttributedString, font: UIFont? = nil, textColor: UIColor? = nil,
                numberOfLines: Int = 0, lineBreakMode: NSLineBreakMode = .byWordWrapping, textAlignment: NSTextAlignment = .natural) {
        content = .attributed(NSAttributedString(attributedString: attributedText))
        self.font = font ?? .systemFont(ofSize: 17)
        self.textColor = textColor ?? .label
        inheritsFont = font == nil
        inheritsColor = textColor == nil
        self.numberOfLines = max(0, numberOfLines)
        self.lineBreakMode = lineBreakMode
        self.textAlignment = textAlignment
    }

    /// The same text in another font.
    public func font(_ font: UIFont) -> Text { var copy = self; copy.font = font; copy.inheritsFont = false; return copy }
    /// The same text in another colour.
    public func textColor(_ color: UIColor) -> Text { var copy = self; copy.textColor = color; copy.inheritsColor = false; return copy }
    /// The same text with a line limit (0 for none).
    public func numberOfLines(_ lines: Int) -> Text { var copy = self; copy.numberOfLines = max(0, lines); return copy }
    /// The same text with another break mode.
    public func lineBreakMode(_ mode: NSLineBreakMode) -> Text { var copy = self; copy.lineBreakMode = mode; return copy }
    /// The same text with another alignment.
    public func textAlignment(_ alignment: NSTextAlignment) -> Text { var copy = self; copy.textAlignment = alignment; return copy }

    /// Measures the text wrapped at the constraint's maximum width.
    public func layout(_ constraint: Constraint) -> TextRenderNode {
        if (inheritsFont && InheritedTextStyle.font != nil) || (inheritsColor && InheritedTextStyle.color != nil) {
            var resolved = self
            if inheritsFont, let font = InheritedTextStyle.font { resolved.font = font; resolved.inheritsFont = false }
            if inheritsColor, let color = InheritedTextStyle.color { resolved.textColor = color; resolved.inheritsColor = false }
            return resolved.layout(constraint)
        }
        let width: CGFloat? = constraint.maxSize.width.isFinite ? constraint.maxSize.width : nil
        let scale = LayoutContext.displayScale
        let measured: TextMeasurement.Result
        switch content {
        case .plain(let string):
            measured = TextMeasurement.measure(string, font: font, width: width, numberOfLines: numberOfLines,
                                               lineBreakMode: lineBreakMode, alignment: textAlignment, scale: scale)
        case .attributed(let attributed):
            measured = TextMeasurement.measure(attributed, font: font, width: width, numberOfLines: numberOfLines,
                                               lineBreakMode: lineBreakMode, alignment: textAlignment, scale: scale)
        }
        let size = measured.size.bound(to: constraint)
        // A label taller than its text centres it, as UILabel does; the baseline moves with it.
        let top = ((size.height - measured.size.height) / 2).rounded(toScale: scale)
        return TextRenderNode(text: self, size: size, measuredWidth: width,
                              firstBaseline: measured.size.height > 0 ? top + measured.firstBaseline : nil)
    }
}

/// The render node of ``Text``: a `UILabel` that draws with the measuring layout.
public struct TextRenderNode: RenderNode {
    let text: Text
    /// The measured size.
    public let size: CGSize
    let measuredWidth: CGFloat?
    /// Distance from the top to the first line's baseline.
    public let firstBaseline: CGFloat?

    /// Text has a view.
    public var shouldRenderView: Bool { true }

    /// A label.
    public func makeView() -> UIView { ComponentLabel() }

    /// Sets the label's text and style.
    public func updateView(_ view: UIView) {
        guard let label = view as? UILabel else { return }
        switch text.content {
        case .plain(let string):
            label.text = string
        case .attributed(let attributed):
            label.attributedText = attributed
        }
        label.font = text.font
        label.textColor = text.textColor
        label.numberOfLines = text.numberOfLines
        label.lineBreakMode = text.lineBreakMode
        label.textAlignment = text.textAlignment
        if let label = label as? ComponentLabel, label.measuredWidth != measuredWidth {
            label.measuredWidth = measuredWidth
            label.setNeedsDisplay()
        }
    }
}

/// A `UILabel` that draws with the layout its `Text` was measured with.
///
/// `UILabel` keys its drawing layout by its bounds' width; a label framed to its measured size is
/// narrower than the width the text was measured at, so it would lay the text out again. This
/// one asks the cache for the measuring layout, which draws unchanged when its lines fit.
final class ComponentLabel: UILabel {
    /// The width the text was measured at (`nil`: unwrapped).
    var measuredWidth: CGFloat?

    override func drawText(in rect: CGRect) {
        guard let text, !text.isEmpty else { return }
        let color: UIColor = textColor ?? .label
        if let attributed = attributedText, attributed.length > 0, isAttributed {
            TextMeasurement.draw(attributed, font: font ?? .systemFont(ofSize: 17), color: color, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                 alignment: textAlignment, measuredWidth: measuredWidth, in: rect)
        } else {
            TextMeasurement.draw(text, font: font ?? .systemFont(ofSize: 17), color: color, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                 alignment: textAlignment, measuredWidth: measuredWidth, in: rect)
        }
    }

    /// Whether the text was set as attributed text (UILabel reports plain text as attributed too).
    var isAttributed = false

    override var attributedText: NSAttributedString? {
        didSet { isAttributed = attributedText != nil }
    }

    override var text: String? {
        didSet { isAttributed = false }
    }
}

/// The font and colour a container gives the texts inside it that set none themselves
/// (SwiftUI's `.font(_:)` and `.foregroundColor(_:)` on a stack): set while the container's
/// content is laid out.
@preconcurrency @MainActor
public enum InheritedTextStyle {
    /// The font of texts without one; `nil` for the default.
    public static var font: UIFont?
    /// The colour of texts without one; `nil` for the default.
    public static var color: UIColor?

    /// Runs `body` with `font` and `color` (when not `nil`) inherited.
    public static func with<T>(font: UIFont?, color: UIColor?, _ body: () -> T) -> T {
        let previous = (self.font, self.color)
        if let font { self.font = font }
        if let color { self.color = color }
        defer { (self.font, self.color) = previous }
        return body()
    }
}
