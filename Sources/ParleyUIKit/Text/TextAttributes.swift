import Foundation

/// How text breaks or truncates at the edge of its container.
public enum NSLineBreakMode: Int, Sendable, Hashable {
    /// Wrap at word boundaries (characters when a word is longer than a line).
    case byWordWrapping = 0
    /// Wrap at any character.
    case byCharWrapping = 1
    /// Cut lines at the edge, no ellipsis.
    case byClipping = 2
    /// An ellipsis at the start of the last line.
    case byTruncatingHead = 3
    /// An ellipsis at the end of the last line.
    case byTruncatingTail = 4
    /// An ellipsis in the middle of the last line.
    case byTruncatingMiddle = 5

    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

/// Horizontal text alignment.
public enum NSTextAlignment: Int, Sendable, Hashable {
    /// Left edge.
    case left = 0
    /// Centred.
    case center = 1
    /// Right edge.
    case right = 2
    /// Both edges (the last line as natural).
    case justified = 3
    /// Leading edge of the paragraph's writing direction.
    case natural = 4
}

/// Underline and strikethrough styles.
public struct NSUnderlineStyle: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a style from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
}

/// Paragraph layout attributes of attributed text.
open class NSParagraphStyle: @unchecked Sendable {
    /// Horizontal alignment.
    public internal(set) var alignment: NSTextAlignment = .natural
    /// Extra space between lines, in points.
    public internal(set) var lineSpacing: CGFloat = 0
    /// How lines break or truncate.
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// Extra space after each paragraph.
    public internal(set) var paragraphSpacing: CGFloat = 0

    /// The default style.
    public static let `default` = NSParagraphStyle()

    /// A style with the defaults.
    public init() {}
}

/// A paragraph style whose attributes can be set.
public final class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// Horizontal alignment.
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    /// Extra space between lines, in points.
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    /// How lines break or truncate.
    public override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    /// Extra space after each paragraph.
    public override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
}

extension NSAttributedString.Key {
    /// A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` for the glyphs.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the glyphs.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `Int` (`NSUnderlineStyle.rawValue`).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A `UIColor` for the underline.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An `Int` (`NSUnderlineStyle.rawValue`).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A `URL` or `String`; tappable in text views.
    public static let link = NSAttributedString.Key("NSLink")
    /// A `CGFloat`: extra space between characters, in points.
    public static let kern = NSAttributedString.Key("NSKern")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}
