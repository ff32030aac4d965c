import Foundation

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Not specified: resolves as light.
    case unspecified
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}

/// The direction text and leading/trailing layout run in.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Left to right.
    case leftToRight
    /// Right to left (Arabic, Hebrew).
    case rightToLeft
}

/// The trait-level layout direction (UIKit's `UITraitEnvironmentLayoutDirection`).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    /// Not specified: resolves as left to right.
    case unspecified = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// The user's preferred text size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable {
    /// The category name, as in UIKit.
    public let rawValue: String
    /// Creates a category from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Extra small.
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    /// Small.
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    /// Medium.
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// Large: the default.
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// Extra large.
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    /// Extra extra large.
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    /// Extra extra extra large.
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")

    /// Every category, smallest first.
    static let ordered: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Orders categories from smallest to largest.
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
        lhs.index < rhs.index
    }
}

/// The traits of a view's environment: appearance, scale, layout direction, text size.
public final class UITraitCollection: Equatable, Sendable, CustomStringConvertible {
    /// Light or dark.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// Pixels per point.
    public let displayScale: CGFloat
    /// Left to right or right to left.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// The preferred text size.
    public let preferredContentSizeCategory: UIContentSizeCategory

    /// Creates a trait collection; unspecified traits take their defaults.
    public init(
        userInterfaceStyle: UIUserInterfaceStyle = .unspecified,
        displayScale: CGFloat = 1,
        layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified,
        preferredContentSizeCategory: UIContentSizeCategory = .large
    ) {
        self.userInterfaceStyle = userInterfaceStyle
        self.displayScale = displayScale
        self.layoutDirection = layoutDirection
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    /// A collection with only the appearance set.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(userInterfaceStyle: userInterfaceStyle, displayScale: 1)
    }

    /// The defaults: light, 1×, left to right, large text.
    public static let `default` = UITraitCollection()

    /// A copy with some traits changed.
    public func modifying(
        userInterfaceStyle: UIUserInterfaceStyle? = nil,
        displayScale: CGFloat? = nil,
        layoutDirection: UITraitEnvironmentLayoutDirection? = nil,
        preferredContentSizeCategory: UIContentSizeCategory? = nil
    ) -> UITraitCollection {
        UITraitCollection(
            userInterfaceStyle: userInterfaceStyle ?? self.userInterfaceStyle,
            displayScale: displayScale ?? self.displayScale,
            layoutDirection: layoutDirection ?? self.layoutDirection,
            preferredContentSizeCategory: preferredContentSizeCategory ?? self.preferredContentSizeCategory
        )
    }

    /// Whether colours resolved for `self` and `other` may differ (UIKit's name).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != other?.userInterfaceStyle
    }

    /// Traits are equal when every trait is equal.
    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.userInterfaceStyle == rhs.userInterfaceStyle && lhs.displayScale == rhs.displayScale
            && lhs.layoutDirection == rhs.layoutDirection
            && lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory
    }

    /// A short description of the traits.
    public var description: String {
        "UITraitCollection(style: \(userInterfaceStyle), scale: \(displayScale), direction: \(layoutDirection), size: \(preferredContentSizeCategory.rawValue))"
    }
}

/// Traits a view sets for itself and its subviews, over those it inherits (UIKit's
/// `UIView.traitOverrides`); `nil` inherits.
public struct UITraitOverrides: Sendable, Equatable {
    /// Light or dark.
    public var userInterfaceStyle: UIUserInterfaceStyle?
    /// Device pixels per point.
    public var displayScale: CGFloat?
    /// Left to right or right to left.
    public var layoutDirection: UITraitEnvironmentLayoutDirection?
    /// The text size.
    public var preferredContentSizeCategory: UIContentSizeCategory?

    /// No overrides.
    public init() {}

    /// `traits` with these overrides.
    func applied(to traits: UITraitCollection) -> UITraitCollection {
        traits.modifying(userInterfaceStyle: userInterfaceStyle, displayScale: displayScale,
                         layoutDirection: layoutDirection, preferredContentSizeCategory: preferredContentSizeCategory)
    }
}
