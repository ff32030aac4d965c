import Foundation

/// The blinking caret: a thin tinted view (moving or blinking it composes; it redraws nothing).
@MainActor
final class TextCaretView: UIView {
    static let width: CGFloat = 2
    static let blinkInterval: TimeInterval = 0.53
    private var timer: FrameScheduler.Timer?
    private(set) var isActive = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isHidden = true
        layer.cornerRadius = 1
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    override func tintColorDidChange() {
        super.tintColorDidChange()
        backgroundColor = tintColor
    }

    override func didMoveToSuperview() {
        super.didMoveToSuperview()
        backgroundColor = tintColor
    }

    /// Shows the caret solid (after a move or a keystroke) and blinks it after a pause.
    func restartBlinking() {
        guard isActive else { return }
        isHidden = false
        timer?.cancel()
        scheduleBlink()
    }

    private func scheduleBlink() {
        guard FrameScheduler.shared.isDriven else { return }
        timer = FrameScheduler.shared.schedule(after: Self.blinkInterval) { [weak self] in
            guard let self, self.isActive else { return }
            self.isHidden.toggle()
            self.scheduleBlink()
        }
    }

    func activate() {
        isActive = true
        restartBlinking()
    }

    func deactivate() {
        isActive = false
        timer?.cancel()
        timer = nil
        isHidden = true
    }
}

/// Draws an editor's text: selection highlight, glyphs, and the underline of marked text.
@MainActor
final class TextEditorContentView: UIView {
    /// Everything the content view needs to draw, provided by its text view or field.
    weak var source: TextEditorDrawingSource?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
        contentMode = .redraw
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    override func draw(_ rect: CGRect) {
        guard let source, let context = UIGraphicsGetCurrentContext() else { return }
        let origin = source.textOriginInContent
        if let placeholder = source.placeholderLayout {
            TextEngine.shared.draw(placeholder.layout, in: context.cairo, origin: origin, width: placeholder.width,
                                   color: TextColor(placeholder.color, traits: context.traitCollection))
            return
        }
        let layout = source.contentLayout
        let selection = source.selectionDisplayBytes
        if selection.count > 0 {
            let color = source.selectionColor
            context.setFillColor(color)
            for r in layout.selectionRects(fromByte: selection.lowerBound, toByte: selection.upperBound) {
                context.fill(r.offsetBy(dx: origin.x, dy: origin.y))
            }
        }
        TextEngine.shared.draw(layout, in: context.cairo, origin: origin, width: source.layoutWidth,
                               color: TextColor(source.textDrawingColor, traits: context.traitCollection))
    }
}

/// What `TextEditorContentView` draws from.
@MainActor
protocol TextEditorDrawingSource: AnyObject {
    var contentLayout: TextLayout { get }
    var layoutWidth: CGFloat { get }
    var textOriginInContent: CGPoint { get }
    var selectionDisplayBytes: Range<Int> { get }
    var selectionColor: UIColor { get }
    var textDrawingColor: UIColor { get }
    /// A placeholder to draw instead of the text (text fields with no text).
    var placeholderLayout: (layout: TextLayout, width: CGFloat, color: UIColor)? { get }
}
