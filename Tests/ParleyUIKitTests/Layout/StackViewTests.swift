import Foundation
import Testing
@testable import ParleyUIKit

/// A view with a fixed intrinsic size.
@MainActor
private final class Block: UIView {
    var size: CGSize { didSet { invalidateIntrinsicContentSize() } }
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    override var intrinsicContentSize: CGSize { size }
}

@MainActor
private func label(_ text: String, size: CGFloat) -> UILabel {
    let label = UILabel()
    label.font = .systemFont(ofSize: size)
    label.text = text
    return label
}

@MainActor
@Suite struct StackViewTests {
    @Test func aHorizontalFillStackChainsItsViewsWithSpacing() {
        let a = Block(40, 20), b = Block(60, 30), c = Block(20, 10)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.spacing = 10
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 30)
        c.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)  // c takes the slack
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 40, height: 30))
        #expect(b.frame == CGRect(x: 50, y: 0, width: 60, height: 30))
        #expect(c.frame == CGRect(x: 120, y: 0, width: 180, height: 30))
        #expect(stack.arrangedSubviews.count == 3 && stack.subviews.count == 3)
    }

    @Test func fittingAStackGivesItsContentSize() {
        let stack = UIStackView(arrangedSubviews: [Block(40, 20), Block(60, 30)])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 5
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 60, height: 55))
    }

    @Test func alignmentsAcrossTheAxis() {
        func frames(_ alignment: UIStackView.Alignment) -> [CGRect] {
            let views = [Block(40, 20), Block(60, 40)]
            let stack = UIStackView(arrangedSubviews: views)
            stack.alignment = alignment
            stack.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
            stack.layoutIfNeeded()
            return views.map(\.frame)
        }
        #expect(frames(.top) == [CGRect(x: 0, y: 0, width: 40, height: 20), CGRect(x: 40, y: 0, width: 60, height: 40)])
        #expect(frames(.bottom) == [CGRect(x: 0, y: 40, width: 40, height: 20), CGRect(x: 40, y: 20, width: 60, height: 40)])
        #expect(frames(.center) == [CGRect(x: 0, y: 20, width: 40, height: 20), CGRect(x: 40, y: 10, width: 60, height: 40)])
        #expect(frames(.fill) == [CGRect(x: 0, y: 0, width: 40, height: 60), CGRect(x: 40, y: 0, width: 60, height: 60)])
    }

    @Test func firstBaselineAlignmentOfTwoFonts() {
        let small = label("small", size: 12), large = label("Large", size: 28)
        let stack = UIStackView(arrangedSubviews: [small, large])
        stack.alignment = .firstBaseline
        stack.spacing = 4
        let size = stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        stack.frame = CGRect(origin: .zero, size: size)
        stack.layoutIfNeeded()
        // Both labels at their natural sizes, the larger one touching the top…
        #expect(small.frame.size == small.intrinsicContentSize)
        #expect(large.frame.size == large.intrinsicContentSize)
        #expect(large.frame.minY == 0)
        #expect(size.height == large.frame.height)
        // …and their first baselines on one line.
        let smallBaseline = small.frame.minY + small.firstBaselineOffsetFromTop
        let largeBaseline = large.frame.minY + large.firstBaselineOffsetFromTop
        #expect(abs(smallBaseline - largeBaseline) <= 1)
        #expect(small.frame.minY > 0)
    }

    @Test func lastBaselineAlignmentOfTwoFonts() {
        let small = label("small", size: 12), large = label("Large", size: 28)
        let stack = UIStackView(arrangedSubviews: [small, large])
        stack.alignment = .lastBaseline
        stack.frame = CGRect(origin: .zero, size: stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize))
        stack.layoutIfNeeded()
        let smallBaseline = small.frame.maxY - small.lastBaselineOffsetFromBottom
        let largeBaseline = large.frame.maxY - large.lastBaselineOffsetFromBottom
        #expect(abs(smallBaseline - largeBaseline) <= 1)
    }

    @Test func aHiddenArrangedViewCollapsesWithItsSpacingAndComesBack() {
        let a = Block(40, 20), b = Block(60, 20), c = Block(30, 20)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.spacing = 10
        stack.alignment = .top
        // c takes the slack, so the others keep their sizes.
        c.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 20)
        stack.layoutIfNeeded()
        #expect(c.frame.minX == 120)
        b.isHidden = true
        stack.layoutIfNeeded()
        #expect(b.frame.width == 0)
        #expect(c.frame.minX == 50)
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).width == 80)
        b.isHidden = false
        stack.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 50, y: 0, width: 60, height: 20))
        #expect(c.frame.minX == 120)
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).width == 150)
    }

    @Test func marginsRelativeArrangement() {
        let a = Block(40, 20), b = Block(60, 20)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.layoutMargins = UIEdgeInsets(top: 5, left: 12, bottom: 7, right: 16)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.distribution = .fillEqually
        stack.frame = CGRect(x: 0, y: 0, width: 228, height: 52)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 12, y: 5, width: 100, height: 40))
        #expect(b.frame == CGRect(x: 112, y: 5, width: 100, height: 40))
        stack.isLayoutMarginsRelativeArrangement = false
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 114, height: 52))
    }

    @Test func distributions() {
        func frames(_ distribution: UIStackView.Distribution) -> [CGRect] {
            let views = [Block(20, 10), Block(40, 10), Block(20, 10)]
            let stack = UIStackView(arrangedSubviews: views)
            stack.distribution = distribution
            stack.spacing = 10
            stack.frame = CGRect(x: 0, y: 0, width: 200, height: 10)
            stack.layoutIfNeeded()
            return views.map(\.frame)
        }
        #expect(frames(.fillEqually).map(\.width) == [60, 60, 60])
        let spaced = frames(.equalSpacing)
        #expect(spaced.map(\.width) == [20, 40, 20])
        #expect(spaced[1].minX - spaced[0].maxX == 60 && spaced[2].minX - spaced[1].maxX == 60)
        let centred = frames(.equalCentering)
        #expect(centred[1].midX - centred[0].midX == centred[2].midX - centred[1].midX)
        let proportional = frames(.fillProportionally)
        #expect(proportional.map(\.width) == [45, 90, 45])
    }

    @Test func customSpacingAfterAView() {
        let a = Block(20, 10), b = Block(20, 10), c = Block(20, 10)
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.spacing = 4
        stack.setCustomSpacing(16, after: a)
        #expect(stack.customSpacing(after: a) == 16)
        #expect(stack.customSpacing(after: b) == UIStackView.spacingUseDefault)
        stack.frame = CGRect(origin: .zero, size: stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize))
        stack.layoutIfNeeded()
        #expect([a, b, c].map(\.frame.minX) == [0, 36, 60])
    }

    @Test func removeArrangedSubviewKeepsItAsASubviewAsInUIKit() {
        let a = Block(20, 10), b = Block(30, 10)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.frame = CGRect(x: 0, y: 0, width: 200, height: 10)
        stack.layoutIfNeeded()
        stack.removeArrangedSubview(a)
        #expect(stack.arrangedSubviews.count == 1)
        #expect(a.superview === stack)
        stack.layoutIfNeeded()
        #expect(b.frame.minX == 0)
        b.removeFromSuperview()
        #expect(stack.arrangedSubviews.isEmpty)
    }

    @Test func changingTheAxisRelaysOutLazily() {
        let a = Block(40, 20), b = Block(60, 30)
        let stack = UIStackView(arrangedSubviews: [a, b])
        stack.alignment = .leading
        stack.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        stack.layoutIfNeeded()
        #expect(b.frame.origin == CGPoint(x: 40, y: 0))
        stack.axis = .vertical
        #expect(b.frame.origin == CGPoint(x: 40, y: 0))
        stack.frame.size = CGSize(width: 60, height: 50)
        stack.layoutIfNeeded()
        #expect(b.frame.origin == CGPoint(x: 0, y: 20))
    }

    /// The channel and thread lists' error views: a centred column preferring 320 points, holding
    /// a two-line title and a message. The message's one-line width first pushes the column
    /// wider, so the title fits unwrapped; wrapping the message narrows the column again, and the
    /// title must then wrap too, not keep one line's height and truncate ("Threads konnten nicht
    /// geladen werd…").
    @Test func twoMultiLineLabelsInACentredColumnBothWrapToTheWidthTheyEndUpWith() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        let title = UILabel()
        title.numberOfLines = 2
        title.textAlignment = .center
        title.font = .boldSystemFont(ofSize: 17)
        title.text = "Threads konnten nicht geladen werden"
        let message = UILabel()
        message.numberOfLines = 0
        message.text = "Der Chatverlauf auf diesem Computer konnte nicht gelesen oder gespeichert werden."
        let column = ContainerStackView(axis: .vertical, alignment: .center, spacing: 8)
        column.addArrangedSubviews([title, message])
        column.translatesAutoresizingMaskIntoConstraints = false
        host.addSubview(column)
        let preferred = column.widthAnchor.constraint(equalToConstant: 320)
        preferred.priority = .defaultHigh
        NSLayoutConstraint.activate([
            column.centerXAnchor.constraint(equalTo: host.centerXAnchor),
            column.centerYAnchor.constraint(equalTo: host.centerYAnchor),
            column.widthAnchor.constraint(lessThanOrEqualTo: host.widthAnchor, constant: -32),
            preferred,
        ])
        host.layoutIfNeeded()
        for label in [title, message] {
            let needed = label.sizeThatFits(CGSize(width: label.frame.width, height: .greatestFiniteMagnitude)).height
            #expect(needed <= label.frame.height + 0.5, "\(label.text ?? ""): \(label.frame) needs \(needed)")
            #expect(label.frame.maxX <= column.bounds.width + 0.5)
        }
        #expect(title.frame.height > title.font.lineHeight * 1.5, "the title wraps: \(title.frame)")
    }
}
