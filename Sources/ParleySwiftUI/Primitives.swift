import Foundation
import ParleyComponent
import ParleyUIKit


// MARK: - Text and Image in SwiftUI's words

extension Text {
    /// Text shown exactly as given.
    public init(verbatim text: String) { self.init(text) }

    /// The same text in `font` (`nil`: the default).
    public func font(_ font: Font?) -> Text { font.map { self.font($0.uiFont) } ?? self }
    /// The same text in `color`.
    public func foregroundColor(_ color: Color?) -> Text { color.map { textColor($0.uiColor) } ?? self }
    /// The same text in `color`.
    public func foregroundStyle(_ color: Color) -> Text { textColor(color.uiColor) }
    /// The same text in bold.
    public func bold() -> Text { font(UIFont.systemFont(ofSize: font.pointSize, weight: .bold)) }
    /// The same text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        weight.map { font(UIFont.systemFont(ofSize: font.pointSize, weight: $0.uiWeight)) } ?? self
    }
    /// The same text limited to `limit` lines (`nil`: no limit), its last line truncated with an
    /// ellipsis.
    public func lineLimit(_ limit: Int?) -> Text {
        guard let limit else { return numberOfLines(0) }
        return numberOfLines(limit).lineBreakMode(.byTruncatingTail)
    }
    /// The same text with its lines aligned to `alignment`.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
        textAlignment(alignment == .leading ? .natural : alignment == .center ? .center : .right)
    }
}

/// How the lines of a text align (SwiftUI's `TextAlignment`).
public enum TextAlignment: Sendable, Hashable {
    /// The leading edge.
    case leading
    /// The centre.
    case center
    /// The trailing edge.
    case trailing
}

extension Image {
    /// A named image (an asset, a symbol or a bundled file).
    public init(_ name: String) { self.init(named: name) }

    /// An image.
    public init(uiImage: UIImage) { self.init(uiImage) }

    /// The image, tinted `color`.
    public func foregroundColor(_ color: Color?) -> Image { tintColor(color?.uiColor) }
    /// The image, tinted `color`.
    public func foregroundStyle(_ color: Color) -> Image { tintColor(color.uiColor) }

    /// The image scaled to fill the frame it is given (keeping its aspect ratio with
    /// `scaledToFit()`).
    public func resizable() -> ResizableImage { ResizableImage(image: self) }
}

/// An image that takes the size it is given (SwiftUI's `Image.resizable()`).
public struct ResizableImage: PrimitiveView {
    var image: Image

    /// The image keeping its aspect ratio inside the frame.
    public func scaledToFit() -> ResizableImage { var copy = self; copy.image.contentMode = .scaleAspectFit; return copy }
    /// The image keeping its aspect ratio, filling the frame.
    public func scaledToFill() -> ResizableImage { var copy = self; copy.image.contentMode = .scaleAspectFill; return copy }
    /// The image with `contentMode`.
    public func aspectRatio(contentMode: ContentMode) -> ResizableImage {
        contentMode == .fit ? scaledToFit() : scaledToFill()
    }
    /// The image, tinted `color`.
    public func foregroundColor(_ color: Color?) -> ResizableImage { var copy = self; copy.image.tintColor = color?.uiColor; return copy }

    /// The largest finite size the constraint allows.
    public func layout(_ constraint: Constraint) -> ImageRenderNode {
        let natural = image.layout(constraint).size
        let size = CGSize(width: constraint.maxSize.width.isFinite ? constraint.maxSize.width : natural.width,
                          height: constraint.maxSize.height.isFinite ? constraint.maxSize.height : natural.height)
        return image.layout(Constraint(tightSize: size))
    }
}

/// How content fills a frame.
public enum ContentMode: Sendable, Hashable {
    /// Inside the frame, keeping the aspect ratio.
    case fit
    /// Covering the frame, keeping the aspect ratio.
    case fill
}

// MARK: - Colour

/// A colour, and a view filling its frame with it (SwiftUI's `Color`).
///
/// ```swift
/// Text("Live").foregroundColor(.red)
/// Color.blue.frame(height: 4)
/// ```
public struct Color: PrimitiveView, Hashable, Sendable {
    /// The toolkit colour (dynamic colours resolve per appearance).
    nonisolated public let uiColor: UIColor

    /// A toolkit colour.
    nonisolated public init(_ uiColor: UIColor) { self.uiColor = uiColor }
    /// A toolkit colour.
    nonisolated public init(uiColor: UIColor) { self.uiColor = uiColor }
    /// A colour from components in 0…1.
    nonisolated public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        uiColor = UIColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(opacity))
    }
    /// A grey.
    nonisolated public init(white: Double, opacity: Double = 1) {
        uiColor = UIColor(white: CGFloat(white), alpha: CGFloat(opacity))
    }

    /// The same colour at `opacity`.
    nonisolated public func opacity(_ opacity: Double) -> Color { Color(uiColor.withAlphaComponent(CGFloat(opacity))) }

    /// Red.
    nonisolated public static let red = Color(UIColor.systemRed)
    /// Orange.
    nonisolated public static let orange = Color(UIColor.systemOrange)
    /// Yellow.
    nonisolated public static let yellow = Color(UIColor.systemYellow)
    /// Green.
    nonisolated public static let green = Color(UIColor.systemGreen)
    /// Blue.
    nonisolated public static let blue = Color(UIColor.systemBlue)
    /// Purple.
    nonisolated public static let purple = Color(UIColor.systemPurple)
    /// Pink.
    nonisolated public static let pink = Color(UIColor.systemPink)
    /// Grey.
    nonisolated public static let gray = Color(UIColor.systemGray)
    /// White.
    nonisolated public static let white = Color(UIColor.white)
    /// Black.
    nonisolated public static let black = Color(UIColor.black)
    /// Transparent.
    nonisolated public static let clear = Color(UIColor.clear)
    /// The primary text colour (black in light, white in dark).
    nonisolated public static let primary = Color(UIColor.label)
    /// The secondary text colour.
    nonisolated public static let secondary = Color(UIColor.secondaryLabel)
    /// The app's accent colour.
    nonisolated public static let accentColor = Color(UIColor.systemBlue)

    /// Fills the frame it is given (the constraint's largest finite size).
    public func layout(_ constraint: Constraint) -> ColorBoxRenderNode {
        ColorBox(uiColor).layout(Constraint(tightSize: constraint.fillingSize))
    }
}

extension Constraint {
    /// The largest finite size the constraint allows (its minimum along unbounded axes).
    var fillingSize: CGSize {
        CGSize(width: maxSize.width.isFinite ? maxSize.width : minSize.width,
               height: maxSize.height.isFinite ? maxSize.height : minSize.height)
    }
}

// MARK: - Font

/// A font described by role or size (SwiftUI's `Font`), resolved to a toolkit font.
public struct Font: Hashable, Sendable {
    let size: CGFloat
    let weight: Weight

    /// A weight.
    public enum Weight: Sendable, Hashable {
        /// Ultra light.
        case ultraLight
        /// Thin.
        case thin
        /// Light.
        case light
        /// Regular.
        case regular
        /// Medium.
        case medium
        /// Semibold.
        case semibold
        /// Bold.
        case bold
        /// Heavy.
        case heavy
        /// Black.
        case black

        var uiWeight: UIFont.Weight {
            switch self {
            case .ultraLight: .ultraLight
            case .thin: .thin
            case .light: .light
            case .regular: .regular
            case .medium: .medium
            case .semibold: .semibold
            case .bold: .bold
            case .heavy: .heavy
            case .black: .black
            }
        }
    }

    /// A font design (Parley draws every design with the system face).
    public enum Design: Sendable, Hashable {
        /// The default.
        case `default`
        /// Rounded.
        case rounded
        /// Monospaced.
        case monospaced
        /// Serif.
        case serif
    }

    /// A text style.
    public enum TextStyle: Sendable, Hashable, CaseIterable {
        /// 34 pt.
        case largeTitle
        /// 28 pt.
        case title
        /// 22 pt.
        case title2
        /// 20 pt.
        case title3
        /// 17 pt semibold.
        case headline
        /// 15 pt.
        case subheadline
        /// 17 pt.
        case body
        /// 16 pt.
        case callout
        /// 13 pt.
        case footnote
        /// 12 pt.
        case caption
        /// 11 pt.
        case caption2

        var font: Font {
            switch self {
            case .largeTitle: Font(size: 34, weight: .regular)
            case .title: Font(size: 28, weight: .regular)
            case .title2: Font(size: 22, weight: .regular)
            case .title3: Font(size: 20, weight: .regular)
            case .headline: Font(size: 17, weight: .semibold)
            case .subheadline: Font(size: 15, weight: .regular)
            case .body: Font(size: 17, weight: .regular)
            case .callout: Font(size: 16, weight: .regular)
            case .footnote: Font(size: 13, weight: .regular)
            case .caption: Font(size: 12, weight: .regular)
            case .caption2: Font(size: 11, weight: .regular)
            }
        }
    }

    /// The system font at `size` points.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight)
    }

    /// The system font of a text style.
    public static func system(_ style: TextStyle, design: Design = .default) -> Font { style.font }

    /// 34 pt.
    public static let largeTitle = TextStyle.largeTitle.font
    /// 28 pt.
    public static let title = TextStyle.title.font
    /// 22 pt.
    public static let title2 = TextStyle.title2.font
    /// 20 pt.
    public static let title3 = TextStyle.title3.font
    /// 17 pt semibold.
    public static let headline = TextStyle.headline.font
    /// 15 pt.
    public static let subheadline = TextStyle.subheadline.font
    /// 17 pt.
    public static let body = TextStyle.body.font
    /// 16 pt.
    public static let callout = TextStyle.callout.font
    /// 13 pt.
    public static let footnote = TextStyle.footnote.font
    /// 12 pt.
    public static let caption = TextStyle.caption.font
    /// 11 pt.
    public static let caption2 = TextStyle.caption2.font

    /// The same font at `weight`.
    public func weight(_ weight: Weight) -> Font { Font(size: size, weight: weight) }
    /// The same font in bold.
    public func bold() -> Font { weight(.bold) }
    /// The same font (Parley has no italic system face).
    public func italic() -> Font { self }

    /// The toolkit font.
    public var uiFont: UIFont { UIFont.systemFont(ofSize: size, weight: weight.uiWeight) }
}
