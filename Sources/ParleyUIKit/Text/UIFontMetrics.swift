import Foundation

extension UIContentSizeCategory {
    /// Accessibility medium: the first of the larger accessibility sizes.
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// Accessibility large.
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    /// Accessibility extra large.
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    /// Accessibility extra extra large.
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    /// Accessibility extra extra extra large: the largest size.
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Posted when the app's preferred content size category changes (UIKit's name).
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The key of the new category in ``didChangeNotification``'s user info.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    /// Whether the category is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category a short name or UIKit's raw name stands for: xs, s, m, l, xl, xxl, xxxl and
    /// ax1…ax5 (the accessibility sizes), case-insensitive; nil for anything else.
    public init?(name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        let short = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
        if let index = short.firstIndex(of: key) {
            self = Self.ordered[index]
        } else if let found = Self.ordered.first(where: { $0.rawValue.lowercased() == key }) {
            self = found
        } else {
            return nil
        }
    }

    /// The category's short name (``init(name:)`` reads it back).
    public var shortName: String {
        let short = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
        return short[index]
    }

    /// The next larger (`steps` > 0) or smaller category, clamped to the ends.
    public func stepped(by steps: Int) -> UIContentSizeCategory {
        Self.ordered[min(max(index + steps, 0), Self.ordered.count - 1)]
    }

    /// The position in ``ordered`` (an unknown name reads as large).
    var index: Int { Self.ordered.firstIndex(of: self) ?? 3 }
}

extension UIFont.TextStyle {
    /// The style's point size at each category, smallest first (UIKit's Dynamic Type sizes).
    var sizes: [CGFloat] {
        switch self {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        default: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]  // body, headline
        }
    }

    /// The style's point size at `category`.
    func size(for category: UIContentSizeCategory) -> CGFloat { sizes[category.index] }
}

/// Scales fonts and values of an app's own for the user's text size, as a text style's fonts
/// scale (UIKit's `UIFontMetrics`): a 12 pt semibold name label made with
/// `UIFontMetrics(forTextStyle: .caption1).scaledFont(for:)` grows as `.caption1` text does, and
/// a label with ``UILabel/adjustsFontForContentSizeCategory`` follows later changes.
public struct UIFontMetrics: Sendable {
    /// The text style whose scaling is followed.
    public let textStyle: UIFont.TextStyle

    /// The metrics of `.body`.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    /// The metrics of a text style.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
    }

    /// `font` (designed for the large category) scaled for the category of `traitCollection`
    /// (large without one); the font keeps how it scales, so labels that adjust re-scale it.
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection? = nil) -> UIFont {
        let base = UIFont.ScalingBase(style: textStyle, size: font.pointSize)
        return font.scaling(base).resolved(for: traitCollection?.preferredContentSizeCategory ?? .large)
    }

    /// `font` scaled as ``scaledFont(for:compatibleWith:)`` does, at most `maximumPointSize`.
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection? = nil) -> UIFont {
        let base = UIFont.ScalingBase(style: textStyle, size: font.pointSize, maximum: maximumPointSize)
        return font.scaling(base).resolved(for: traitCollection?.preferredContentSizeCategory ?? .large)
    }

    /// A length (a padding, an icon's side) scaled as the style's text is for the category of
    /// `traitCollection` (large without one).
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection? = nil) -> CGFloat {
        value * textStyle.size(for: traitCollection?.preferredContentSizeCategory ?? .large) / textStyle.size(for: .large)
    }
}

extension UIFont {
    /// How a font scales with the text size: its text style and its size at the large category.
    package struct ScalingBase: Hashable, Sendable {
        /// The style whose scaling the font follows.
        let style: TextStyle
        /// The size at the large category.
        let size: CGFloat
        /// The largest size it scales to.
        var maximum: CGFloat = .greatestFiniteMagnitude

        func size(for category: UIContentSizeCategory) -> CGFloat {
            min(maximum, (size * style.size(for: category) / style.size(for: .large) * 2).rounded() / 2)
        }
    }

    /// Whether the font scales with the content size category (it came from a text style or
    /// from ``UIFontMetrics``).
    public var isScalable: Bool { scalingBase != nil }

    /// The font at `category`'s size if it scales (itself otherwise, or when already at it).
    package func resolved(for category: UIContentSizeCategory) -> UIFont {
        guard let scalingBase else { return self }
        let size = scalingBase.size(for: category)
        return size == pointSize ? self : UIFont(family: familyName, size: size, weight: weight, italic: isItalic, scalingBase: scalingBase)
    }

    /// The same font, scaling as `base` says.
    func scaling(_ base: ScalingBase) -> UIFont {
        UIFont(family: familyName, size: pointSize, weight: weight, italic: isItalic, scalingBase: base)
    }
}
