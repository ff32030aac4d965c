import Foundation
import ParleyUIKit

extension Appearance {
    /// The chat UI's semantic fonts. `body` is the message text and the composer text.
    ///
    /// Each default follows the user's text size (UIKit's content size categories): text-style
    /// fonts and ``UIFontMetrics``-scaled ones take the size of the category in a chat view's
    /// traits (``Appearance/resolved(for:)``), so every chat label grows with
    /// `PARLEY_TEXT_SIZE` or a window's `traitOverrides.preferredContentSizeCategory`. A font
    /// of a fixed size stays that size; scale one of your own with
    /// `UIFontMetrics(forTextStyle:).scaledFont(for:)` to have it follow.
    public struct Fonts {
        /// 12 pt: timestamps, captions.
        public var caption1: UIFont = .preferredFont(forTextStyle: .caption1)
        /// 12 pt bold: author names.
        public var caption1Bold: UIFont = UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .systemFont(ofSize: 12, weight: .semibold))
        /// 13 pt: previews, system messages.
        public var footnote: UIFont = .preferredFont(forTextStyle: .footnote)
        /// 13 pt bold.
        public var footnoteBold: UIFont = UIFontMetrics(forTextStyle: .footnote).scaledFont(for: .systemFont(ofSize: 13, weight: .semibold))
        /// 15 pt.
        public var subheadline: UIFont = .preferredFont(forTextStyle: .subheadline)
        /// 15 pt bold: channel names in lists.
        public var subheadlineBold: UIFont = UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 15, weight: .semibold))
        /// 17 pt: message text and the composer.
        public var body: UIFont = .preferredFont(forTextStyle: .body)
        /// 17 pt bold.
        public var bodyBold: UIFont = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17, weight: .bold))
        /// 17 pt italic: deleted-message placeholders.
        public var bodyItalic: UIFont = UIFontMetrics(forTextStyle: .body).scaledFont(for: .italicSystemFont(ofSize: 17))
        /// 17 pt semibold.
        public var headline: UIFont = .preferredFont(forTextStyle: .headline)
        /// 17 pt bold.
        public var headlineBold: UIFont = UIFontMetrics(forTextStyle: .headline).scaledFont(for: .systemFont(ofSize: 17, weight: .bold))
        /// 28 pt: screen titles.
        public var title: UIFont = .preferredFont(forTextStyle: .title1)
        /// 22 pt.
        public var title2: UIFont = .preferredFont(forTextStyle: .title2)
        /// 20 pt.
        public var title3: UIFont = .preferredFont(forTextStyle: .title3)
        /// 50 pt: emoji-only messages (at most 80 pt at the largest text sizes).
        public var emoji: UIFont = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 50), maximumPointSize: 80)

        /// The default fonts.
        public init() {}

        /// Every font at the size of `category` (fonts of a fixed size stay as they are).
        func resolved(for category: UIContentSizeCategory) -> Fonts {
            var fonts = self
            fonts.caption1 = caption1.resolved(for: category)
            fonts.caption1Bold = caption1Bold.resolved(for: category)
            fonts.footnote = footnote.resolved(for: category)
            fonts.footnoteBold = footnoteBold.resolved(for: category)
            fonts.subheadline = subheadline.resolved(for: category)
            fonts.subheadlineBold = subheadlineBold.resolved(for: category)
            fonts.body = body.resolved(for: category)
            fonts.bodyBold = bodyBold.resolved(for: category)
            fonts.bodyItalic = bodyItalic.resolved(for: category)
            fonts.headline = headline.resolved(for: category)
            fonts.headlineBold = headlineBold.resolved(for: category)
            fonts.title = title.resolved(for: category)
            fonts.title2 = title2.resolved(for: category)
            fonts.title3 = title3.resolved(for: category)
            fonts.emoji = emoji.resolved(for: category)
            return fonts
        }
    }

    /// This appearance with its fonts at the text size of `traits` (their content size
    /// category): what every chat view reads from its `appearance`.
    public func resolved(for traits: UITraitCollection) -> Appearance {
        var copy = self
        copy.fonts = fonts.resolved(for: traits.preferredContentSizeCategory)
        return copy
    }
}

/// A chat view's appearance as set, and as resolved for the text size it was last read at.
@MainActor
struct ResolvedAppearance {
    /// The appearance as set (`Appearance.default` unless set).
    var stored: Appearance = .default {
        didSet { resolved = nil }
    }
    private var resolved: (category: UIContentSizeCategory, appearance: Appearance)?

    /// The appearance with its fonts at the size of `traits`' category (computed once per category).
    mutating func appearance(for traits: UITraitCollection) -> Appearance {
        let category = traits.preferredContentSizeCategory
        if let resolved, resolved.category == category { return resolved.appearance }
        let appearance = stored.resolved(for: traits)
        resolved = (category, appearance)
        return appearance
    }
}
