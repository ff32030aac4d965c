import Foundation
import ParleyUIKit

/// The three dots beside "Alice is typing…" (`Components.typingAnimationView`).
///
/// The dots are still: a repeating animation would keep the window drawing (and the CPU busy)
/// for as long as someone types. A subclass may animate them.
@preconcurrency @MainActor
open class TypingAnimationView: _View {
    /// The dots, side by side.
    open private(set) lazy var dotsView: ContainerStackView = ContainerStackView(axis: .horizontal, alignment: .center, spacing: .init(dotSpacing))
    /// How many dots.
    open var numberOfDots: Int { 3 }
    /// Each dot's diameter.
    open var dotSize: CGFloat { 6 }
    /// The space between dots.
    open var dotSpacing: CGFloat { 3 }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The dots fill the view.
    open override func setUpLayout() {
        super.setUpLayout()
        for _ in 0..<numberOfDots {
            let dot = UIView()
            dot.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                dot.widthAnchor.constraint(equalToConstant: dotSize),
                dot.heightAnchor.constraint(equalToConstant: dotSize),
            ])
            dotsView.addArrangedSubview(dot)
        }
        embed(dotsView)
    }

    /// Round dots in the low-emphasis text colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        for dot in dotsView.arrangedSubviews {
            dot.backgroundColor = appearance.colorPalette.textLowEmphasis
            dot.layer.cornerRadius = dotSize / 2
            dot.layer.masksToBounds = true
        }
    }
}
