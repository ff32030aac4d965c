import Foundation

/// The pointer hovering: hover recognizers, the hover state of controls, tooltips.
extension UIApplication {
    /// A tooltip waiting to show, or shown.
    struct ToolTipState {
        weak var interaction: UIToolTipInteraction?
        var timer: FrameScheduler.Timer?
        var view: ToolTipView?
    }

    /// How long the pointer rests before a tooltip shows.
    static let toolTipDelay: TimeInterval = 0.6

    /// Tells the hover recognizers, controls and tooltips under the pointer (at `location`, in
    /// the native window's coordinates) that it moved.
    func updateHover(at location: CGPoint, in window: UIWindow) {
        let point = CGPoint(x: location.x - window.frame.minX, y: location.y - window.frame.minY)
        var chain: [UIView] = []
        var view = window.hitTest(point, with: nil)
        while let current = view {
            chain.append(current)
            view = current.superview
        }
        let now = chain.flatMap { $0.attachedGestureRecognizers.compactMap { $0 as? UIHoverGestureRecognizer }.filter(\.isEnabled) }
        let before = pointer.hovered.compactMap(\.recognizer)
        for recognizer in before where !now.contains(where: { $0 === recognizer }) {
            recognizer.hover(.ended, at: point, in: window)
        }
        for recognizer in now {
            recognizer.hover(before.contains { $0 === recognizer } ? .changed : .began, at: point, in: window)
        }
        pointer.hovered = now.map { HoverEntry(recognizer: $0) }

        let control = chain.lazy.compactMap { $0 as? UIControl }.first { $0.isEnabled }
        if pointer.hoveredControl !== control {
            pointer.hoveredControl?.isHovered = false
            control?.isHovered = true
            pointer.hoveredControl = control
        }

        let toolTip = chain.lazy.compactMap { view in
            view.attachedInteractions.lazy.compactMap { $0 as? UIToolTipInteraction }
                .first { $0.isEnabled && !($0.defaultToolTip ?? "").isEmpty }
        }.first
        guard pointer.toolTip.interaction !== toolTip else { return }
        hideToolTip()
        guard let toolTip else { return }
        pointer.toolTip.interaction = toolTip
        pointer.toolTip.timer = FrameScheduler.shared.schedule(after: Self.toolTipDelay) { [weak self, weak window, weak toolTip] in
            guard let self, let window, let toolTip else { return }
            self.showToolTip(toolTip, in: window)
        }
    }

    /// The pointer left the window: every hover ends.
    func endHover() {
        for recognizer in pointer.hovered.compactMap(\.recognizer) {
            if let window = recognizer.view?.window { recognizer.hover(.ended, at: .zero, in: window) }
        }
        pointer.hovered = []
        pointer.hoveredControl?.isHovered = false
        pointer.hoveredControl = nil
        hideToolTip()
    }

    /// Hides the tooltip (a click, a key, the pointer moving on).
    func hideToolTip() {
        pointer.toolTip.timer?.cancel()
        pointer.toolTip.timer = nil
        pointer.toolTip.view?.removeFromSuperview()
        pointer.toolTip.view = nil
        pointer.toolTip.interaction = nil
    }

    /// The tooltip shown now, if any (tests read it).
    public var visibleToolTip: String? { pointer.toolTip.view?.label.text }

    private func showToolTip(_ interaction: UIToolTipInteraction, in window: UIWindow) {
        pointer.toolTip.timer = nil
        guard let text = interaction.defaultToolTip, !text.isEmpty, interaction.view?.window === window else { return }
        let view = ToolTipView(text: text)
        let size = view.sizeThatFits(window.bounds.size)
        let anchor = CGPoint(x: pointer.location.x - window.frame.minX, y: pointer.location.y - window.frame.minY)
        var origin = CGPoint(x: anchor.x + 4, y: anchor.y + 22)
        origin.x = min(max(4, origin.x), max(4, window.bounds.width - size.width - 4))
        if origin.y + size.height > window.bounds.height - 4 { origin.y = anchor.y - size.height - 8 }
        view.frame = CGRect(origin: origin, size: size)
        window.addSubview(view)
        pointer.toolTip.view = view
    }
}

/// The tooltip bubble: a dark rounded box with one line of small text.
final class ToolTipView: UIView {
    let label = UILabel()

    init(text: String) {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        backgroundColor = UIColor(white: 0.16, alpha: 0.95)
        layer.cornerRadius = 5
        label.text = text
        label.font = .systemFont(ofSize: 12)
        label.textColor = .white
        addSubview(label)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = label.sizeThatFits(CGSize(width: min(size.width, 320) - 16, height: 100))
        return CGSize(width: ceil(text.width) + 16, height: ceil(text.height) + 8)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 4)
    }
}
