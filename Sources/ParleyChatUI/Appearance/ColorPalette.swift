import Foundation
import ParleyUIKit

extension Appearance {
    /// The chat UI's semantic colours; each has a light and a dark variant.
    public struct ColorPalette {
        private static func dynamic(_ light: UInt32, _ dark: UInt32, alpha: CGFloat = 1) -> UIColor {
            UIColor(light: UIColor(rgb: light, alpha: alpha), dark: UIColor(rgb: dark, alpha: alpha))
        }

        /// Primary text.
        public var text: UIColor = dynamic(0x000000, 0xFFFFFF)
        /// Text on an inverted (dark in light mode) background.
        public var textInverted: UIColor = dynamic(0xFFFFFF, 0x000000)
        /// Secondary text: timestamps, previews, system messages.
        public var textLowEmphasis: UIColor = dynamic(0x72767E, 0x8A8E96)
        /// Subtitles (channel header member counts).
        public var subtitleText: UIColor = dynamic(0x72767E, 0x8A8E96)
        /// Links and mentions in message text.
        public var textLinkColor: UIColor = dynamic(0x005FFF, 0x5C9DFF)
        /// Text that keeps its colour in both appearances (on brand-coloured backgrounds).
        public var staticColorText: UIColor = .white
        /// Dark text that keeps its colour in both appearances (on light static backgrounds).
        public var staticBlackColorText: UIColor = .black

        /// The colour a control of colour `color` takes while highlighted (pressed).
        public var highlightedColorForColor: (UIColor) -> UIColor = { $0.withAlphaComponent(0.5) }
        /// The colour a control of colour `color` takes while disabled.
        public var disabledColorForColor: (UIColor) -> UIColor = { _ in .lightGray }
        /// The colour a selectable control of colour `color` takes while not selected.
        public var unselectedColorForColor: (UIColor) -> UIColor = { _ in .lightGray }

        /// The main background.
        public var background: UIColor = dynamic(0xFFFFFF, 0x000000)
        /// A slightly tinted background (lists, composer field).
        public var background1: UIColor = dynamic(0xF7F7F8, 0x121416)
        /// Input fields.
        public var background2: UIColor = dynamic(0xF0F1F4, 0x1C1E22)
        /// Dividers and date separators' capsules.
        public var background3: UIColor = dynamic(0xE9EAED, 0x272A30)
        /// Pressed states.
        public var background4: UIColor = dynamic(0xDBDDE1, 0x32363D)
        /// Alternate rows.
        public var background5: UIColor = dynamic(0xFCFCFC, 0x17191C)
        /// The current user's message bubbles.
        public var background6: UIColor = dynamic(0xDCE8FF, 0x1D3A6E)
        /// The quoted-message container.
        public var background7: UIColor = dynamic(0xEEF0F3, 0x1F2226)
        /// Other users' message bubbles.
        public var background8: UIColor = dynamic(0xF0F1F4, 0x26292F)

        /// The dimmed backdrop behind popups.
        public var overlayBackground: UIColor = UIColor(light: UIColor(white: 0, alpha: 0.25), dark: UIColor(white: 0, alpha: 0.6))
        /// Popovers and sheets.
        public var popoverBackground: UIColor = dynamic(0xFFFFFF, 0x1C1E22)
        /// Selected rows.
        public var highlightedBackground: UIColor = dynamic(0xE9EAED, 0x32363D)
        /// Hover and subtle accent backgrounds.
        public var highlightedAccentBackground: UIColor = dynamic(0x005FFF, 0x337EFF)
        /// A lighter accent background (mentions, own reactions' capsules).
        public var highlightedAccentBackground1: UIColor = dynamic(0xE5EEFF, 0x17284A)

        /// A border that sets a small view off from what is under it (the online dot on avatars).
        public var lightBorder: UIColor = dynamic(0xFFFFFF, 0x000000)
        /// Hairlines and bubble outlines.
        public var border: UIColor = dynamic(0xE4E6EB, 0x2A2D33)
        /// Stronger outlines (input fields).
        public var border2: UIColor = dynamic(0xD0D3D9, 0x3A3E46)
        /// The faintest separators.
        public var border3: UIColor = dynamic(0xEEF0F3, 0x1E2024)

        /// Shadows.
        public var shadow: UIColor = UIColor(white: 0, alpha: 0.18)
        /// The shadow of buttons floating over content (the scroll-to-bottom button).
        public var hoverButtonShadow: UIColor = UIColor(white: 0, alpha: 0.18)
        /// Errors and unread badges.
        public var alert: UIColor = dynamic(0xFF3742, 0xFF4B55)
        /// Online dots and success.
        public var alternativeActiveTint: UIColor = dynamic(0x20C05C, 0x30D070)
        /// Icons that are not active; others' reactions.
        public var inactiveTint: UIColor = dynamic(0x7A7E86, 0x8A8E96)
        /// A lighter inactive tint (disabled icons on tinted backgrounds).
        public var alternativeInactiveTint: UIColor = dynamic(0xDBDDE1, 0x32363D)
        /// The accent when no tint colour applies.
        public var accentPrimary: UIColor = dynamic(0x005FFF, 0x337EFF)
        /// Validation errors.
        public var validationError: UIColor = dynamic(0xFF3742, 0xFF4B55)
        /// Parley's own name for ``textLinkColor``: the same colour, one storage.
        var linkText: UIColor {
            get { textLinkColor }
            set { textLinkColor = newValue }
        }
        /// The unread separator's bar.
        public var unreadSeparator: UIColor = dynamic(0xE9EAED, 0x272A30)

        /// The default palette.
        public init() {}
    }
}
