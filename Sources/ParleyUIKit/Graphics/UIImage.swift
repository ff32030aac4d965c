import CCairoPango
import Foundation
import Synchronization

/// An immutable image: a bitmap (PNG, JPEG, GIF or drawn) or an SVG drawn as vectors at any scale.
///
/// Decoding never crashes and never logs: missing, corrupt or oversized data makes the failable
/// initialisers return nil. Bitmaps are decoded to at most 4096 × 4096 pixels (bigger JPEGs are
/// downsampled while decoding; bigger PNGs and GIFs are refused).
public final class UIImage: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// How an image uses the tint colour.
    public enum RenderingMode: Int, Sendable {
        /// Template when the context asks for it (symbols), original otherwise.
        case automatic
        /// Always the image's own colours.
        case alwaysOriginal
        /// Always the alpha channel filled with the tint colour.
        case alwaysTemplate
    }

    /// The size, weight and scale of a symbol image, as UIKit's.
    ///
    /// Parley's symbols are drawn at one weight: `weight` is kept (and compared) but does not
    /// change the strokes. `scale` sizes the symbol relative to the point size, as SF Symbols'
    /// small, medium and large scales do next to text.
    public struct SymbolConfiguration: Sendable, Equatable {
        /// A symbol's weight, matching the font weights.
        public enum Weight: Int, Sendable {
            /// No weight given: the default (regular).
            case unspecified = 0
            /// The weights from ultralight to black.
            case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

            /// The symbol weight nearest a font weight.
            init(_ weight: UIFont.Weight) {
                switch weight.cssWeight {
                case 100: self = .thin
                case 200: self = .ultraLight
                case 300: self = .light
                case 500: self = .medium
                case 600: self = .semibold
                case 700: self = .bold
                case 800: self = .heavy
                case 900: self = .black
                default: self = .regular
                }
            }
        }

        /// A symbol's size next to text of the point size.
        public enum Scale: Int, Sendable {
            /// No scale given: medium.
            case `default` = -1
            /// Unspecified: medium.
            case unspecified = 0
            /// Smaller than the text (0.8 ×).
            case small
            /// The text's size.
            case medium
            /// Larger than the text (1.3 ×).
            case large

            /// The factor applied to the point size.
            var factor: CGFloat {
                switch self {
                case .small: 0.8
                case .large: 1.3
                case .default, .unspecified, .medium: 1
                }
            }
        }

        /// The point size the symbol is drawn for; its box is 1.2 × this × the scale's factor.
        public var pointSize: CGFloat
        /// The weight (kept; Parley's symbols have one weight).
        public var weight: Weight
        /// The scale relative to the point size.
        public var scale: Scale

        /// Creates a configuration for a point size, a weight and a scale.
        public init(pointSize: CGFloat, weight: Weight = .unspecified, scale: Scale = .default) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
        }

        /// The configuration that matches `font`: its point size and weight.
        public init(font: UIFont, scale: Scale = .default) {
            self.init(pointSize: font.pointSize, weight: Weight(font.weight), scale: scale)
        }

        /// The configuration that matches the font of a text style.
        public init(textStyle: UIFont.TextStyle, scale: Scale = .default) {
            self.init(font: UIFont.preferredFont(forTextStyle: textStyle), scale: scale)
        }

        /// A weight at the body text's size.
        public init(weight: Weight) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: .body).pointSize, weight: weight)
        }

        /// A scale at the body text's size.
        public init(scale: Scale) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: .body).pointSize, scale: scale)
        }

        /// This configuration with the values `other` specifies: its point size, and its weight
        /// and scale where they are specified.
        public func applying(_ other: SymbolConfiguration) -> SymbolConfiguration {
            SymbolConfiguration(pointSize: other.pointSize,
                                weight: other.weight == .unspecified ? weight : other.weight,
                                scale: other.scale == .default || other.scale == .unspecified ? scale : other.scale)
        }

        /// The side of the symbol's box in points.
        var boxSide: CGFloat { pointSize * 1.2 * scale.factor }
    }

    enum Content: @unchecked Sendable {
        case bitmap(Surface)
        case vector(SVGDocument)
    }

    let content: Content
    /// The size in points.
    public let size: CGSize
    /// Pixels per point of a bitmap (vectors report 1 and draw crisply at any scale).
    public let scale: CGFloat
    /// How the tint colour applies.
    public let renderingMode: RenderingMode
    /// A fixed tint set by `withTintColor(_:)`; it wins over the view's tint.
    public let fixedTintColor: UIColor?
    /// Whether this is a symbol image.
    public let isSymbolImage: Bool
    /// The frames of an animated image (`animatedImage(with:duration:)`, an animated GIF), else nil.
    public let images: [UIImage]?
    /// How long an animated image's frames take in all, in seconds (0 for a still image).
    public let duration: TimeInterval

    init(content: Content, size: CGSize, scale: CGFloat, renderingMode: RenderingMode, tint: UIColor? = nil, isSymbol: Bool = false,
         images: [UIImage]? = nil, duration: TimeInterval = 0) {
        self.images = images
        self.duration = duration
        self.content = content
        self.size = size
        self.scale = scale
        self.renderingMode = renderingMode
        self.fixedTintColor = tint
        self.isSymbolImage = isSymbol
    }

    convenience init(surface: Surface, scale: CGFloat) {
        self.init(content: .bitmap(surface), size: CGSize(width: CGFloat(surface.pixelWidth) / scale, height: CGFloat(surface.pixelHeight) / scale), scale: scale, renderingMode: .automatic)
    }

    /// A 1 × 1 transparent image, returned where a renderer cannot allocate.
    static let empty = UIImage(surface: Surface(pixelWidth: 1, pixelHeight: 1)!, scale: 1)

    /// Decodes PNG, JPEG, GIF or SVG data; nil for anything else, corrupt or oversized.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let format = ImageDecoding.format(of: data) else { return nil }
        switch format {
        case .svg:
            guard let document = SVGDocument(data: data) else { return nil }
            self.init(content: .vector(document), size: document.size, scale: 1, renderingMode: .automatic)
        case .png:
            guard let surface = ImageDecoding.decodePNG(data) else { return nil }
            self.init(surface: surface, scale: max(scale, 0.01))
        case .jpeg, .gif:
            guard let surface = ImageDecoding.decodeWithPixbuf(data, format: format) else { return nil }
            self.init(surface: surface, scale: max(scale, 0.01))
        }
    }

    /// Loads an image file; a name ending in `@2x` or `@3x` sets the scale.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let stem = (path as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(data: data, scale: scale)
    }

    private convenience init(copying image: UIImage) {
        self.init(content: image.content, size: image.size, scale: image.scale, renderingMode: image.renderingMode, tint: image.fixedTintColor, isSymbol: image.isSymbolImage)
    }

    /// An image by name: first those registered with `register(_:named:)`, then image files
    /// (`name.svg`, `name@2x.png`, `name.png`, `name.jpg`) in `bundle`, in `Bundle.main` and in the
    /// bundles added to `searchBundles`. Nil when nothing is found or the file is unreadable.
    public convenience init?(named name: String, in bundle: Bundle? = nil, compatibleWith traitCollection: UITraitCollection? = nil) {
        guard let image = UIImage.lookUp(named: name, in: bundle) else { return nil }
        self.init(copying: image)
    }

    /// One of the symbol icons drawn for Parley (a template image), or nil for an unknown name.
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration? = nil) {
        guard let symbol = UIImage.symbol(named: name) else { return nil }
        if let configuration {
            self.init(copying: symbol.applyingSymbolConfiguration(configuration))
        } else {
            self.init(copying: symbol)
        }
    }

    /// The same image with a rendering mode.
    public func withRenderingMode(_ mode: RenderingMode) -> UIImage {
        UIImage(content: content, size: size, scale: scale, renderingMode: mode, tint: fixedTintColor, isSymbol: isSymbolImage)
    }

    /// The image filled with `color` wherever it is opaque; drawn in that colour regardless of the view's tint.
    public func withTintColor(_ color: UIColor) -> UIImage {
        UIImage(content: content, size: size, scale: scale, renderingMode: .alwaysOriginal, tint: color, isSymbol: isSymbolImage)
    }

    /// The image tinted with `color` and a rendering mode.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        UIImage(content: content, size: size, scale: scale, renderingMode: renderingMode, tint: color, isSymbol: isSymbolImage)
    }

    /// A symbol image resized for a point size (its box is 1.2 × the point size × the scale's
    /// factor).
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage {
        let side = configuration.boxSide
        let ratio = size.height > 0 ? size.width / size.height : 1
        return UIImage(content: content, size: CGSize(width: side * ratio, height: side), scale: scale, renderingMode: renderingMode, tint: fixedTintColor, isSymbol: isSymbolImage)
    }

    /// A copy that draws at another size in points (vectors stay crisp; bitmaps are resampled).
    public func resized(to newSize: CGSize) -> UIImage {
        UIImage(content: content, size: newSize, scale: scale, renderingMode: renderingMode, tint: fixedTintColor, isSymbol: isSymbolImage)
    }

    /// Whether the image is drawn as a template (its alpha filled with a tint colour).
    var drawsAsTemplate: Bool {
        renderingMode == .alwaysTemplate || (renderingMode == .automatic && isSymbolImage)
    }

    /// The image rasterised at `scale` and encoded as PNG.
    public func pngData(scale outputScale: CGFloat? = nil) -> Data? {
        rasterized(scale: outputScale ?? (isVector ? 2 : scale))?.pngData()
    }

    var isVector: Bool { if case .vector = content { return true } else { return false } }

    /// Pixels for this image at `scale` (a bitmap at its own scale is returned as is).
    func rasterized(scale outputScale: CGFloat, tint: UIColor? = nil) -> Surface? {
        if case .bitmap(let surface) = content, outputScale == scale, tint == nil, fixedTintColor == nil { return surface }
        let pw = max(1, Int((size.width * outputScale).rounded(.up))), ph = max(1, Int((size.height * outputScale).rounded(.up)))
        guard let surface = Surface(pixelWidth: pw, pixelHeight: ph), let cr = cairo_create(surface.raw) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(outputScale), Double(outputScale))
        render(into: cr, rect: CGRect(origin: .zero, size: size), tint: tint ?? fixedTintColor, traits: .default, alpha: 1)
        cairo_surface_flush(surface.raw)
        return surface
    }

    /// Draws into `rect` of the current context.
    @preconcurrency @MainActor public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(in: rect, context: context, tint: nil, alpha: 1)
    }

    /// Draws at `point` at its own size in the current context.
    @preconcurrency @MainActor public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    @MainActor func draw(in rect: CGRect, context: CGContext, tint: UIColor?, alpha: CGFloat) {
        let effectiveTint = fixedTintColor ?? (drawsAsTemplate ? tint : nil)
        render(into: context.cairo, rect: rect, tint: effectiveTint, traits: context.traitCollection, alpha: alpha)
    }

    /// Draws the image into `rect`; a tint fills its alpha with that colour.
    func render(into cr: OpaquePointer, rect: CGRect, tint: UIColor?, traits: UITraitCollection, alpha: CGFloat) {
        guard rect.width > 0, rect.height > 0, size.width > 0, size.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if tint != nil { cairo_push_group(cr) }
        switch content {
        case .bitmap(let surface):
            cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
            cairo_clip(cr)
            cairo_translate(cr, Double(rect.minX), Double(rect.minY))
            cairo_scale(cr, Double(rect.width) / Double(surface.pixelWidth), Double(rect.height) / Double(surface.pixelHeight))
            cairo_set_source_surface(cr, surface.raw, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            if tint == nil { cairo_paint_with_alpha(cr, Double(alpha)) } else { cairo_paint(cr) }
        case .vector(let document):
            if tint == nil && alpha < 1 { cairo_push_group(cr) }
            document.render(into: cr, rect: rect)
            if tint == nil && alpha < 1 { cairo_pop_group_to_source(cr); cairo_paint_with_alpha(cr, Double(alpha)) }
        }
        if let tint {
            let pattern = cairo_pop_group(cr)
            let c = tint.components(for: traits)
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// Images are equal when they are the same object or share their pixels and settings.
    public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
        if lhs === rhs { return true }
        let sameContent: Bool
        switch (lhs.content, rhs.content) {
        case let (.bitmap(a), .bitmap(b)): sameContent = a === b
        case let (.vector(a), .vector(b)): sameContent = a === b
        default: sameContent = false
        }
        return sameContent && lhs.size == rhs.size && lhs.renderingMode == rhs.renderingMode && lhs.fixedTintColor == rhs.fixedTintColor
    }

    /// Size, scale and kind.
    public var description: String {
        "UIImage(\(isVector ? "svg" : "bitmap"), \(size.width)×\(size.height) @\(scale)x, \(renderingMode))"
    }
}

// MARK: - Lookup

extension UIImage {
    private static let registry = Mutex<[String: UIImage]>([:])
    private static let symbolCache = Mutex<[String: UIImage]>([:])
    private static let bundles = Mutex<[Bundle]>([])

    /// Makes `image` available to `UIImage(named:)` under `name` (e.g. images an app generates).
    public static func register(_ image: UIImage, named name: String) {
        registry.withLock { $0[name] = image }
    }

    /// Adds a bundle that `UIImage(named:)` searches (Parley's chat UI adds its own).
    public static func addSearchBundle(_ bundle: Bundle) {
        bundles.withLock { list in if !list.contains(where: { $0 === bundle }) { list.append(bundle) } }
    }

    /// SwiftPM's resource bundles (`<Package>_<Target>.resources`) beside the executable, so
    /// `UIImage(named:)` finds a library's images before the library registered its bundle.
    private static let packageResourceBundles: [Bundle] = {
        var folders = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL?.deletingLastPathComponent() { folders.append(executable) }
        var found: [Bundle] = []
        for folder in Set(folders.map(\.standardizedFileURL)) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".resources") || name.hasSuffix(".bundle") {
                if let bundle = Bundle(url: folder.appendingPathComponent(name)) { found.append(bundle) }
            }
        }
        return found
    }()

    static func lookUp(named name: String, in bundle: Bundle?) -> UIImage? {
        if name.isEmpty { return nil }
        if let image = registry.withLock({ $0[name] }) { return image }
        var searched: [Bundle] = []
        if let bundle { searched.append(bundle) }
        searched.append(Bundle.main)
        searched += bundles.withLock { $0 }
        searched += packageResourceBundles
        for candidate in searched {
            for (suffix, ext) in [("", "svg"), ("@2x", "png"), ("", "png"), ("@3x", "png"), ("", "jpg"), ("", "jpeg")] {
                if let url = candidate.url(forResource: name + suffix, withExtension: ext),
                   let image = UIImage(contentsOfFile: url.path) {
                    registry.withLock { $0[name] = image }
                    return image
                }
            }
        }
        return nil
    }

    static func symbol(named name: String) -> UIImage? {
        if let cached = symbolCache.withLock({ $0[name] }) { return cached }
        guard !name.contains("/"), let url = Bundle.module.url(forResource: name, withExtension: "svg", subdirectory: "Symbols")
                ?? Bundle.module.url(forResource: "Symbols/" + name, withExtension: "svg"),
              let data = try? Data(contentsOf: url), let document = SVGDocument(data: data) else { return nil }
        let image = UIImage(content: .vector(document), size: CGSize(width: 20, height: 20), scale: 1, renderingMode: .alwaysTemplate, isSymbol: true)
        symbolCache.withLock { $0[name] = image }
        return image
    }

    /// The names `UIImage(systemName:)` accepts.
    public static var systemImageNames: [String] {
        guard let dir = Bundle.module.url(forResource: "Symbols", withExtension: nil),
              let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }
}
