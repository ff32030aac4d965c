import Foundation
import ParleyChat
import ParleyUIKit

/// The rounded bubble behind a message's text: a filled shape with one small corner (the "tail"
/// pointing at the author) on the last message of a group, all corners round inside a group.
///
/// The message view sets `content`; restyle it in a subclass (and set
/// `Components.default.messageBubbleView`):
///
/// ```swift
/// class SquareBubbleView: ChatMessageBubbleView {
///     override func setUpAppearance() {
///         super.setUpAppearance()
///         cornerRadius = 6
///     }
/// }
/// ```
@preconcurrency @MainActor
open class ChatMessageBubbleView: _View {
    /// What the bubble looks like: its fill and which corners are fully round.
    public struct Content: Equatable {
        /// The fill colour (dynamic colours follow light and dark).
        public var backgroundColor: UIColor
        /// The corners drawn with `cornerRadius`; the others get `smallCornerRadius`.
        public var roundedCorners: CACornerMask

        /// A bubble's look.
        public init(backgroundColor: UIColor, roundedCorners: CACornerMask) {
            self.backgroundColor = backgroundColor
            self.roundedCorners = roundedCorners
        }
    }

    /// The fill and corners; nil draws nothing.
    public var content: Content? {
        didSet { if content != oldValue { setNeedsDisplay() } }
    }

    /// The radius of the round corners (18 by default).
    open var cornerRadius: CGFloat = 18 { didSet { setNeedsDisplay() } }
    /// The radius of the corners left out of `content.roundedCorners` (4 by default).
    open var smallCornerRadius: CGFloat = 4 { didSet { setNeedsDisplay() } }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Transparent around the shape.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = nil
        isOpaque = false
        setNeedsDisplay()
    }

    /// Redraws at the new size (the shape depends on it).
    open override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsDisplay()
    }

    /// Fills the rounded shape.
    open override func draw(_ rect: CGRect) {
        guard let content, let context = UIGraphicsGetCurrentContext(), bounds.width > 0, bounds.height > 0 else { return }
        context.saveGState()
        context.setFillColor(content.backgroundColor)
        context.addPath(bubblePath(in: bounds, roundedCorners: content.roundedCorners).cgPath)
        context.fillPath()
        context.restoreGState()
    }

    /// The bubble's outline in `rect`: `cornerRadius` at `roundedCorners`, `smallCornerRadius`
    /// elsewhere (radii clamped to half the shorter side).
    open func bubblePath(in rect: CGRect, roundedCorners: CACornerMask) -> UIBezierPath {
        let limit = min(rect.width, rect.height) / 2
        func radius(_ corner: CACornerMask) -> CGFloat {
            max(0, min(roundedCorners.contains(corner) ? cornerRadius : smallCornerRadius, limit))
        }
        let tl = radius(.layerMinXMinYCorner), tr = radius(.layerMaxXMinYCorner)
        let bl = radius(.layerMinXMaxYCorner), br = radius(.layerMaxXMaxYCorner)
        let path = UIBezierPath()
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { path.addArc(withCenter: CGPoint(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, startAngle: -.pi / 2, endAngle: 0, clockwise: true) }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { path.addArc(withCenter: CGPoint(x: rect.maxX - br, y: rect.maxY - br), radius: br, startAngle: 0, endAngle: .pi / 2, clockwise: true) }
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { path.addArc(withCenter: CGPoint(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, startAngle: .pi / 2, endAngle: .pi, clockwise: true) }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { path.addArc(withCenter: CGPoint(x: rect.minX + tl, y: rect.minY + tl), radius: tl, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true) }
        path.close()
        return path
    }
}
