import Foundation

/// How a view lays out its content when its size changes.
public enum UIViewContentMode: Int, Sendable {
    /// Stretch to fill.
    case scaleToFill
    /// Fit inside, keeping the aspect ratio.
    case scaleAspectFit
    /// Fill, keeping the aspect ratio and cropping.
    case scaleAspectFill
    /// Redraw on bounds change.
    case redraw
    /// Centred at natural size.
    case center
    /// Top centre.
    case top
    /// Bottom centre.
    case bottom
    /// Left middle.
    case left
    /// Right middle.
    case right
    /// Top left.
    case topLeft
    /// Top right.
    case topRight
    /// Bottom left.
    case bottomLeft
    /// Bottom right.
    case bottomRight

    /// Where content of `contentSize` goes inside `bounds`.
    public func rect(for contentSize: CGSize, in bounds: CGRect) -> CGRect {
        guard contentSize.width > 0, contentSize.height > 0 else { return bounds }
        switch self {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / contentSize.width, sy = bounds.height / contentSize.height
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            let w = contentSize.width * s, h = contentSize.height * s
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .center:
            return CGRect(x: bounds.midX - contentSize.width / 2, y: bounds.midY - contentSize.height / 2, width: contentSize.width, height: contentSize.height)
        case .top:
            return CGRect(x: bounds.midX - contentSize.width / 2, y: bounds.minY, width: contentSize.width, height: contentSize.height)
        case .bottom:
            return CGRect(x: bounds.midX - contentSize.width / 2, y: bounds.maxY - contentSize.height, width: contentSize.width, height: contentSize.height)
        case .left:
            return CGRect(x: bounds.minX, y: bounds.midY - contentSize.height / 2, width: contentSize.width, height: contentSize.height)
        case .right:
            return CGRect(x: bounds.maxX - contentSize.width, y: bounds.midY - contentSize.height / 2, width: contentSize.width, height: contentSize.height)
        case .topLeft:
            return CGRect(origin: bounds.origin, size: contentSize)
        case .topRight:
            return CGRect(x: bounds.maxX - contentSize.width, y: bounds.minY, width: contentSize.width, height: contentSize.height)
        case .bottomLeft:
            return CGRect(x: bounds.minX, y: bounds.maxY - contentSize.height, width: contentSize.width, height: contentSize.height)
        case .bottomRight:
            return CGRect(x: bounds.maxX - contentSize.width, y: bounds.maxY - contentSize.height, width: contentSize.width, height: contentSize.height)
        }
    }
}

/// Whether a view's content flips in right-to-left layouts.
public enum UISemanticContentAttribute: Int, Sendable {
    /// Follow the layout direction.
    case unspecified
    /// Playback controls: never flip.
    case playback
    /// Spatial controls: never flip.
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}

/// Which margins of a view stretch with its superview (springs and struts).
public struct UIViewAutoresizing: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The left margin stretches.
    public static let flexibleLeftMargin = UIViewAutoresizing(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = UIViewAutoresizing(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = UIViewAutoresizing(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = UIViewAutoresizing(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = UIViewAutoresizing(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = UIViewAutoresizing(rawValue: 1 << 5)
}
