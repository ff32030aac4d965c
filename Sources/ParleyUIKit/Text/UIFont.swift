import Foundation

/// A font: a family, a size in points, a weight and an italic flag, resolved by Pango through
/// fontconfig.
///
/// The system font is Inter, with Noto fonts as fallbacks for scripts Inter does not cover; colour
/// emoji come from Noto Color Emoji through fontconfig's fallback. (Naming the emoji font in the
/// family list makes Pango take spaces and digits from it.) `scripts/install-deps` installs these
/// fonts so text renders the same on every machine.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    /// A font weight with UIKit's raw values (−1…1, regular is 0).
    public struct Weight: RawRepresentable, Hashable, Sendable, Comparable {
        /// UIKit's raw weight value.
        public let rawValue: CGFloat
        /// Creates a weight from its raw value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Ultra light (200).
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin (100).
        public static let thin = Weight(rawValue: -0.6)
        /// Light (300).
        public static let light = Weight(rawValue: -0.4)
        /// Regular (400).
        public static let regular = Weight(rawValue: 0)
        /// Medium (500).
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold (600).
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold (700).
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy (800).
        public static let heavy = Weight(rawValue: 0.56)
        /// Black (900).
        public static let black = Weight(rawValue: 0.62)

        /// The CSS/OpenType weight (100…900) Pango uses.
        var cssWeight: Int {
            switch rawValue {
            case ..<(-0.7): return 200
            case ..<(-0.5): return 100
            case ..<(-0.2): return 300
            case ..<0.15: return 400
            case ..<0.27: return 500
            case ..<0.35: return 600
            case ..<0.5: return 700
            case ..<0.6: return 800
            default: return 900
            }
        }

        /// Orders weights from thinnest to heaviest.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Semantic text styles with UIKit's default sizes and weights.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style name.
        public let rawValue: String
        /// Creates a style from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// 34 pt regular.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// 28 pt regular.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// 22 pt regular.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// 20 pt regular.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// 17 pt semibold.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// 15 pt regular.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// 17 pt regular.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// 16 pt regular.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// 13 pt regular.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// 12 pt regular.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// 11 pt regular.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Every style, largest first.
        public static let allCases: [TextStyle] = [.largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2]

        var defaultSize: CGFloat {
            switch self {
            case .largeTitle: return 34
            case .title1: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline, .body: return 17
            case .callout: return 16
            case .subheadline: return 15
            case .footnote: return 13
            case .caption1: return 12
            case .caption2: return 11
            default: return 17
            }
        }

        var defaultWeight: Weight { self == .headline ? .semibold : .regular }
    }

    /// The family list Pango resolves, primary family first.
    public let familyName: String
    /// The size in points.
    public let pointSize: CGFloat
    /// The weight.
    public let weight: Weight
    /// Whether the font is italic.
    public let isItalic: Bool
    /// The text style this font scales with, if any (it came from the style or from
    /// ``UIFontMetrics``).
    public var textStyle: TextStyle? { scalingBase?.style }
    /// How the font scales with the text size (nil: a fixed size).
    package let scalingBase: ScalingBase?

    /// The system UI family and its fallbacks, in order.
    public static let systemFamily = "Inter, Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans CJK SC"
    /// The monospaced family and its fallbacks.
    public static let monospacedFamily = "DejaVu Sans Mono, Noto Sans CJK SC"

    /// The hash of family, size, weight and slant, computed once: fonts are hashed on every
    /// text-cache lookup (text cache keys fold it in directly).
    let precomputedHash: Int

    init(family: String, size: CGFloat, weight: Weight, italic: Bool, scalingBase: ScalingBase? = nil) {
        self.familyName = family
        // A size that is not positive or not finite would make Pango fall back silently; clamp it.
        let pointSize = size.isFinite ? min(max(size, 1), 1000) : 17
        self.pointSize = pointSize
        self.weight = weight
        self.isItalic = italic
        self.scalingBase = scalingBase
        var hasher = Hasher()
        hasher.combine(family); hasher.combine(pointSize); hasher.combine(weight); hasher.combine(italic)
        precomputedHash = hasher.finalize()
    }

    /// A font by family name, e.g. `UIFont(name: "DejaVu Serif", size: 14)`; nil for an empty name.
    public convenience init?(name: String, size: CGFloat) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        self.init(family: name, size: size, weight: .regular, italic: false)
    }

    /// The system font at a size and weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: weight, italic: false)
    }

    /// The bold system font.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: .bold, italic: false)
    }

    /// The italic system font.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(family: systemFamily, size: size, weight: .regular, italic: true)
    }

    /// The monospaced system font.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(family: monospacedFamily, size: size, weight: weight, italic: false)
    }

    /// The font for a text style at the default (large) content size.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The font for a text style, at the size of the trait collection's content size category
    /// (UIKit's Dynamic Type sizes; large without traits).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traits: UITraitCollection?) -> UIFont {
        let base = ScalingBase(style: style, size: style.defaultSize)
        return UIFont(family: systemFamily, size: style.defaultSize, weight: style.defaultWeight, italic: false, scalingBase: base)
            .resolved(for: traits?.preferredContentSizeCategory ?? .large)
    }

    /// The same font at another size; a font that scales keeps scaling in proportion.
    public func withSize(_ size: CGFloat) -> UIFont {
        let base = scalingBase.map { ScalingBase(style: $0.style, size: $0.size * size / max(pointSize, 1), maximum: $0.maximum) }
        return UIFont(family: familyName, size: size, weight: weight, italic: isItalic, scalingBase: base)
    }

    /// The same font with another weight (a Parley convenience; UIKit uses font descriptors).
    public func withWeight(_ weight: Weight) -> UIFont {
        UIFont(family: familyName, size: pointSize, weight: weight, italic: isItalic, scalingBase: scalingBase)
    }

    /// The same font, italic or upright.
    public func withItalic(_ italic: Bool = true) -> UIFont {
        UIFont(family: familyName, size: pointSize, weight: weight, italic: italic, scalingBase: scalingBase)
    }

    /// The bold variant.
    public var bold: UIFont { withWeight(.bold) }
    /// The italic variant.
    public var italic: UIFont { withItalic(true) }

    /// The primary family, without fallbacks.
    public var fontName: String {
        let primary = familyName.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? familyName
        return primary + (weight == .regular ? "" : "-\(weight.cssWeight)") + (isItalic ? "-Italic" : "")
    }

    /// Distance from the baseline to the top of the tallest glyphs.
    public var ascender: CGFloat { TextEngine.shared.metrics(for: self).ascender }
    /// Distance from the baseline to the bottom of the lowest glyphs (negative, as in UIKit).
    public var descender: CGFloat { -TextEngine.shared.metrics(for: self).descender }
    /// The height of one line of text.
    public var lineHeight: CGFloat { TextEngine.shared.metrics(for: self).lineHeight }
    /// Extra space between lines the font asks for.
    public var leading: CGFloat { max(0, lineHeight - ascender + descender) }
    /// The height of capital letters.
    public var capHeight: CGFloat { TextEngine.shared.metrics(for: self).capHeight }
    /// The height of lowercase x.
    public var xHeight: CGFloat { TextEngine.shared.metrics(for: self).xHeight }

    /// Fonts are equal when family, size, weight and slant are.
    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        if lhs === rhs { return true }
        return lhs.precomputedHash == rhs.precomputedHash && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight
            && lhs.isItalic == rhs.isItalic && lhs.familyName == rhs.familyName
    }

    /// Hashes family, size, weight and slant.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }

    /// The font as text.
    public var description: String { "UIFont(\(fontName), \(pointSize) pt)" }
}
