import Foundation

/// A colour resolved for one trait collection, clamped to 0…1 (`UIColor.components(for:)`).
struct ResolvedColor: Equatable {
    var red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    init(_ color: UIColor, traits: UITraitCollection) {
        let c = color.components(for: traits)
        red = c.red; green = c.green; blue = c.blue; alpha = c.alpha
    }

    /// The same colour in the 16-bit form that cache keys compare (`TextColor(_:traits:)`).
    var textColor: TextColor {
        TextColor(self)
    }
}

extension TextColor {
    /// The colour as `init(_:traits:)` makes it, from components already resolved.
    init(_ c: ResolvedColor) {
        red = UInt16((c.red * 65535).rounded()); green = UInt16((c.green * 65535).rounded())
        blue = UInt16((c.blue * 65535).rounded()); alpha = UInt16((c.alpha * 65535).rounded())
    }
}

/// What composing a layer reads of its model, copied once per change instead of once per frame.
///
/// A frame used to call about thirty open getters per layer (each a dynamic call with an
/// exclusivity check), load the weak delegate and resolve dynamic colours; at about a hundred
/// layers that was most of a cached frame's time.
///
/// Contract:
/// - `CALayer.placementChanged()`, which every property setter reaches (directly or through
///   `drawingChanged()`, `setNeedsDisplay()` or the sublayer edits), drops the record.
/// - The colours are resolved for `traits`; a record for other traits is rebuilt.
/// - Debug builds compare every record used with a fresh one (`CALayer.composeRecord(for:)`).
struct ComposeRecord: Equatable {
    /// The traits the colours were resolved for (compared by identity: a view keeps its
    /// collection until its traits change).
    let traits: UITraitCollection
    var isHidden: Bool
    var opacity: Float
    var bounds: CGRect
    var position: CGPoint
    var anchorPoint: CGPoint
    var affine: CGAffineTransform
    var hasTransform: Bool
    var cornerRadius: CGFloat
    var maskedCorners: CACornerMask
    var masksToBounds: Bool
    var borderWidth: CGFloat
    /// Nil without a border colour; present (even if clear) otherwise, as the border counts as drawn.
    var border: ResolvedColor?
    /// Nil without a background or with a clear one.
    var background: ResolvedColor?
    var shadowOpacity: Float
    var shadowColor: ResolvedColor?
    var shadowRadius: CGFloat
    var shadowOffset: CGSize
    var hasSublayers: Bool
    var drawsContent: Bool
    var shouldRasterize: Bool
    /// A baked rounded background's colour, as `BakedDecoration` compares it (nil when clear).
    var bakedBackground: TextColor?
    /// A baked rounded border's colour, as `BakedDecoration` compares it.
    var bakedBorder: TextColor?

    /// How far a shadow reaches past the bounds.
    var shadowPad: CGFloat {
        shadowOpacity > 0 ? shadowRadius * 3 + max(abs(shadowOffset.width), abs(shadowOffset.height)) : 0
    }

    @MainActor
    init(_ layer: CALayer, traits: UITraitCollection) {
        self.traits = traits
        isHidden = layer.isHidden
        opacity = layer.opacity
        bounds = layer.bounds
        position = layer.position
        anchorPoint = layer.anchorPoint
        affine = layer.affine
        hasTransform = !layer.affine.isIdentity
        cornerRadius = layer.cornerRadius
        maskedCorners = layer.maskedCorners
        masksToBounds = layer.masksToBounds
        borderWidth = layer.borderWidth
        border = layer.borderColor.map { ResolvedColor($0, traits: traits) }
        let background = layer.backgroundColor.map { ResolvedColor($0, traits: traits) }
        self.background = (background?.alpha ?? 0) > 0 ? background : nil
        shadowOpacity = layer.shadowOpacity
        shadowColor = layer.shadowColor.map { ResolvedColor($0, traits: traits) }
        shadowRadius = layer.shadowRadius
        shadowOffset = layer.shadowOffset
        hasSublayers = layer.sublayers != nil
        drawsContent = layer.drawsContent
        shouldRasterize = layer.shouldRasterize
        bakedBackground = background.map(\.textColor).flatMap { $0.alpha > 0 ? $0 : nil }
        bakedBorder = border?.textColor
    }

    static func == (lhs: ComposeRecord, rhs: ComposeRecord) -> Bool {
        lhs.traits === rhs.traits && lhs.isHidden == rhs.isHidden && lhs.opacity == rhs.opacity && lhs.bounds == rhs.bounds
            && lhs.position == rhs.position && lhs.anchorPoint == rhs.anchorPoint && lhs.affine == rhs.affine
            && lhs.cornerRadius == rhs.cornerRadius && lhs.maskedCorners == rhs.maskedCorners && lhs.masksToBounds == rhs.masksToBounds
            && lhs.borderWidth == rhs.borderWidth && lhs.border == rhs.border && lhs.background == rhs.background
            && lhs.shadowOpacity == rhs.shadowOpacity && lhs.shadowColor == rhs.shadowColor && lhs.shadowRadius == rhs.shadowRadius
            && lhs.shadowOffset == rhs.shadowOffset && lhs.hasSublayers == rhs.hasSublayers && lhs.drawsContent == rhs.drawsContent
            && lhs.shouldRasterize == rhs.shouldRasterize
    }
}

extension CALayer {
    /// The compose record for `traits`, rebuilt if the model or the traits changed since it was made.
    func composeRecord(for traits: UITraitCollection) -> ComposeRecord {
        if let record = composeRecord, record.traits === traits {
            assert(record == ComposeRecord(self, traits: traits), "a property of \(type(of: self)) changed without placementChanged()")
            return record
        }
        let record = ComposeRecord(self, traits: traits)
        composeRecord = record
        return record
    }

    /// `drawingRect`, computed once per drawing change (a label's asks its text layout).
    var cachedOrFreshDrawingRect: CGRect {
        if let cachedDrawingRect {
            assert(cachedDrawingRect == drawingRect, "the drawing rectangle of \(type(of: self)) changed without setNeedsDisplay()")
            return cachedDrawingRect
        }
        let rect = drawingRect
        cachedDrawingRect = rect
        return rect
    }
}
