import Foundation

/// A scroll view's two indicator bars: plain background layers (never rasterised) kept above the
/// content, shown while scrolling and faded out 0.5 s after scrolling stops.
@MainActor
final class ScrollIndicators {
    let vertical = CALayer()
    let horizontal = CALayer()
    static let thickness: CGFloat = 3
    static let edgeInset: CGFloat = 3
    static let minimumLength: CGFloat = 36
    static let fadeDelay: TimeInterval = 0.5
    static let fadeDuration: TimeInterval = 0.25

    private var fadeTimer: FrameScheduler.Timer?
    private var fadeTicker: FrameScheduler.Ticker?
    private(set) var isVisible = false

    init() {
        let color = UIColor(light: UIColor(white: 0, alpha: 0.35), dark: UIColor(white: 1, alpha: 0.35))
        for bar in [vertical, horizontal] {
            bar.backgroundColor = color
            bar.cornerRadius = Self.thickness / 2
            bar.opacity = 0
            bar.name = "scroll indicator"
        }
    }

    /// Keeps the bars above every subview's layer.
    func keepOnTop(of layer: CALayer) {
        guard let sublayers = layer.sublayers else {
            layer.addSublayer(horizontal)
            layer.addSublayer(vertical)
            return
        }
        let count = sublayers.count
        if count >= 2, sublayers[count - 2] === horizontal, sublayers[count - 1] === vertical { return }
        layer.addSublayer(horizontal)
        layer.addSublayer(vertical)
    }

    /// Places the bars for the scroll view's current geometry.
    func update(for scrollView: UIScrollView) {
        let bounds = scrollView.bounds
        let inset = scrollView.adjustedContentInset
        let size = scrollView.contentSize
        let offset = scrollView.contentOffset
        let limits = scrollView.offsetLimits

        let viewportHeight = bounds.height - inset.top - inset.bottom
        let showsVertical = scrollView.showsVerticalScrollIndicator && size.height > viewportHeight + 0.5 && viewportHeight > 0
        vertical.isHidden = !showsVertical
        if showsVertical {
            let vInsets = scrollView.verticalScrollIndicatorInsets
            let top = bounds.minY + inset.top + Self.edgeInset + vInsets.top
            let bottom = bounds.maxY - inset.bottom - Self.edgeInset - vInsets.bottom
            let track = max(0, bottom - top)
            var length = max(Self.minimumLength, track * viewportHeight / max(1, size.height))
            let over = offset.y < limits.minY ? limits.minY - offset.y : (offset.y > limits.maxY ? offset.y - limits.maxY : 0)
            length = max(Self.thickness * 2, min(track, length - over))
            let range = limits.maxY - limits.minY
            let progress = range > 0 ? min(1, max(0, (offset.y - limits.minY) / range)) : 0
            let y = top + progress * (track - length)
            vertical.frame = CGRect(x: bounds.maxX - Self.edgeInset - Self.thickness - vInsets.right, y: y, width: Self.thickness, height: length)
        }

        let viewportWidth = bounds.width - inset.left - inset.right
        let showsHorizontal = scrollView.showsHorizontalScrollIndicator && size.width > viewportWidth + 0.5 && viewportWidth > 0
        horizontal.isHidden = !showsHorizontal
        if showsHorizontal {
            let hInsets = scrollView.horizontalScrollIndicatorInsets
            let left = bounds.minX + inset.left + Self.edgeInset + hInsets.left
            let right = bounds.maxX - inset.right - Self.edgeInset - hInsets.right - (showsVertical ? Self.thickness + Self.edgeInset : 0)
            let track = max(0, right - left)
            var length = max(Self.minimumLength, track * viewportWidth / max(1, size.width))
            let over = offset.x < limits.minX ? limits.minX - offset.x : (offset.x > limits.maxX ? offset.x - limits.maxX : 0)
            length = max(Self.thickness * 2, min(track, length - over))
            let range = limits.maxX - limits.minX
            let progress = range > 0 ? min(1, max(0, (offset.x - limits.minX) / range)) : 0
            let x = left + progress * (track - length)
            horizontal.frame = CGRect(x: x, y: bounds.maxY - Self.edgeInset - Self.thickness - hInsets.bottom, width: length, height: Self.thickness)
        }
    }

    /// Shows the bars; they fade `fadeDelay` after the last call unless `stayVisible`.
    func show(stayVisible: Bool) {
        fadeTicker?.invalidate()
        fadeTicker = nil
        fadeTimer?.cancel()
        fadeTimer = nil
        isVisible = true
        vertical.opacity = 1
        horizontal.opacity = 1
        if !stayVisible { scheduleFade() }
    }

    /// Fades the bars after the delay.
    func scheduleFade() {
        fadeTimer?.cancel()
        guard FrameScheduler.shared.isDriven else {
            hideNow()
            return
        }
        fadeTimer = FrameScheduler.shared.schedule(after: Self.fadeDelay) { [weak self] in
            self?.fadeTimer = nil
            self?.fade()
        }
    }

    private func fade() {
        let start = FrameScheduler.shared.now
        fadeTicker = FrameScheduler.shared.addTicker { [weak self] time in
            guard let self else { return false }
            let progress = min(1, (time - start) / Self.fadeDuration)
            let opacity = Float(1 - progress)
            self.vertical.opacity = opacity
            self.horizontal.opacity = opacity
            if progress >= 1 { self.isVisible = false; self.fadeTicker = nil; return false }
            return true
        }
    }

    private func hideNow() {
        isVisible = false
        vertical.opacity = 0
        horizontal.opacity = 0
    }
}
