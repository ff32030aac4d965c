import Foundation
import ParleyUIKit

extension Appearance {
    /// The chat UI's semantic fonts. `body` is the message text and the composer text.
    public struct Fonts {
        /// 12 pt: timestamps, captions.
        public var caption1: UIFont = .preferredFont(forTextStyle: .caption1)
        /// 12 pt bold: author names.
        public var caption1Bold: UIFont = .systemFont(ofSize: 12, weight: .semibold)
        /// 13 pt: previews, system messages.
        public var footnote: UIFont = .preferredFont(forTextStyle: .footnote)
        /// 13 pt bold.
        public var footnoteBold: UIFont = .systemFont(ofSize: 13, weight: .semibold)
        /// 15 pt.
        public var subheadline: UIFont = .preferredFont(forTextStyle: .subheadline)
        /// 15 pt bold: channel names in lists.
        public var subheadlineBold: UIFont = .systemFont(ofSize: 15, weight: .semibold)
        /// 17 pt: message text and the composer.
        public var body: UIFont = .preferredFont(forTextStyle: .body)
        /// 17 pt bold.
        public var bodyBold: UIFont = .systemFont(ofSize: 17, weight: .bold)
        /// 17 pt italic: deleted-message placeholders.
        public var bodyItalic: UIFont = .italicSystemFont(ofSize: 17)
        /// 17 pt semibold.
        public var headline: UIFont = .preferredFont(forTextStyle: .headline)
        /// 17 pt bold.
        public var headlineBold: UIFont = .systemFont(ofSize: 17, weight: .bold)
        /// 28 pt: screen titles.
        public var title: UIFont = .preferredFont(forTextStyle: .title1)
        /// 22 pt.
        public var title2: UIFont = .preferredFont(forTextStyle: .title2)
        /// 20 pt.
        public var title3: UIFont = .preferredFont(forTextStyle: .title3)
        /// 50 pt: emoji-only messages.
        public var emoji: UIFont = .systemFont(ofSize: 50)

        /// The default fonts.
        public init() {}
    }
}
