import Foundation
import Testing
@testable import ParleyUIKit

/// A subview positioned by constraints.
@MainActor
func constrained<View: UIView>(_ view: View, in parent: UIView) -> View {
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
}

/// A label with fixed text, font and lines.
@MainActor
private func label(_ text: String, size: CGFloat = 17, lines: Int = 1) -> UILabel {
    let label = UILabel()
    label.font = .systemFont(ofSize: size)
    label.numberOfLines = lines
    label.text = text
    return label
}

@MainActor
@Suite struct AutoLayoutTests {
    // MARK: Chains, centring, sizes

    @Test func aChainOfViewsBetweenTheEdgesShareTheWidthByHugging() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let a = constrained(UIView(), in: root), b = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            a.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -10),
            a.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            b.topAnchor.constraint(equalTo: a.topAnchor),
            b.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 10, y: 10, width: 50, height: 80))
        #expect(b.frame == CGRect(x: 68, y: 10, width: 222, height: 40))
    }

    @Test func centringAndAspectRatio() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        let box = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            box.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            box.centerYAnchor.constraint(equalTo: root.centerYAnchor, constant: 10),
            box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 50, y: 45, width: 100, height: 50))
    }

    @Test func nestedSolvedViewsGetFramesInTheirSuperviewsCoordinates() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let outer = constrained(UIView(), in: root)
        let inner = constrained(UIView(), in: outer)
        NSLayoutConstraint.activate([
            outer.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            outer.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            outer.widthAnchor.constraint(equalToConstant: 100),
            outer.heightAnchor.constraint(equalToConstant: 100),
            inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor, constant: 5),
            inner.topAnchor.constraint(equalTo: outer.topAnchor, constant: 6),
            inner.trailingAnchor.constraint(equalTo: outer.trailingAnchor, constant: -5),
            inner.bottomAnchor.constraint(equalTo: outer.bottomAnchor, constant: -6),
        ])
        root.layoutIfNeeded()
        #expect(outer.frame == CGRect(x: 20, y: 30, width: 100, height: 100))
        #expect(inner.frame == CGRect(x: 5, y: 6, width: 90, height: 88))
    }

    @Test func changingAConstantResolvesIncrementallyOnTheNextPass() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let box = constrained(UIView(), in: root)
        let leading = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        NSLayoutConstraint.activate([
            leading, box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 20), box.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        let engine = root.autoLayoutStorage?.engine
        let solver = engine?.solver
        #expect(box.frame.minX == 10)
        leading.constant = 42
        root.layoutIfNeeded()
        #expect(box.frame.minX == 42)
        // Same engine, same solver: the constant moved in place.
        #expect(root.autoLayoutStorage?.engine === engine)
        #expect(engine?.solver === solver)
    }

    @Test func theRootsSizeFollowsItsFrame() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let box = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 0, width: 180, height: 100))
        root.frame.size = CGSize(width: 320, height: 50)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 0, width: 300, height: 50))
    }

    @Test func viewsWithTranslatesAutoresizingOnKeepTheirFramesAndRootTheirOwnSystems() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let row = UIView(frame: CGRect(x: 0, y: 100, width: 300, height: 44))  // a frame-positioned row
        root.addSubview(row)
        let title = constrained(UIView(), in: row)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -16),
            title.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            title.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(row.frame == CGRect(x: 0, y: 100, width: 300, height: 44))
        #expect(title.frame == CGRect(x: 16, y: 12, width: 268, height: 20))
        // The row is its own layout root: its system lives on it, the outer root has none.
        #expect(row.autoLayoutStorage?.engine != nil)
        #expect(root.autoLayoutStorage?.engine == nil)
    }

    @Test func aFramedSubviewNamedByAConstraintKeepsItsFrame() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let framed = UIView(frame: CGRect(x: 40, y: 10, width: 60, height: 30))
        root.addSubview(framed)
        let follower = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: framed.trailingAnchor, constant: 8),
            follower.topAnchor.constraint(equalTo: framed.bottomAnchor),
            follower.widthAnchor.constraint(equalToConstant: 10),
            follower.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(framed.frame == CGRect(x: 40, y: 10, width: 60, height: 30))
        #expect(follower.frame == CGRect(x: 108, y: 40, width: 10, height: 10))
    }

    // MARK: Inequalities and priorities

    @Test func inequalitiesWithPriorities() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let box = constrained(UIView(), in: root)
        let wish = box.widthAnchor.constraint(equalToConstant: 500)
        wish.priority = .defaultHigh
        let small = box.heightAnchor.constraint(equalToConstant: 10)
        small.priority = .defaultLow
        let tall = box.heightAnchor.constraint(equalToConstant: 60)
        tall.priority = .defaultHigh
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -20),
            box.widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
            wish, small, tall,
        ])
        root.layoutIfNeeded()
        // The required ≤ caps the 750 wish for 500; the 750 height beats the 250 one.
        #expect(box.frame == CGRect(x: 0, y: 0, width: 280, height: 60))
        wish.constant = 50
        root.layoutIfNeeded()
        // The required ≥ 100 wins over the wish for 50.
        #expect(box.frame.width == 100)
    }

    @Test func twoLabelsCompetingForWidthFollowHuggingAndCompressionResistance() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 50))
        let title = constrained(label("A title that is rather long for its row"), in: root)
        let time = constrained(label("12:45"), in: root)
        NSLayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            time.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
            time.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            title.topAnchor.constraint(equalTo: root.topAnchor),
            time.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        let titleWidth = title.intrinsicContentSize.width, timeWidth = time.intrinsicContentSize.width
        #expect(titleWidth + timeWidth + 8 > 200)

        // Too wide: the title resists compression less than the time does, so it gives way.
        root.frame.size.width = 200
        title.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(time.frame.width == timeWidth)
        #expect(time.frame.maxX == 200)
        #expect(title.frame.width == 200 - 8 - timeWidth)
        #expect(title.frame.height == title.intrinsicContentSize.height)

        // The other way round: now the time gives way (all the way: sizes are not kept ≥ 0 by
        // the engine, as in UIKit; frames clamp at 0).
        title.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(title.frame.width == titleWidth)
        #expect(time.frame.width == max(0, 200 - 8 - titleWidth))

        // Room to spare: the view that hugs less stretches.
        root.frame.size.width = 600
        time.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(time.frame.width == timeWidth)
        #expect(title.frame.width == 600 - 8 - timeWidth)
        title.setContentHuggingPriority(.defaultLow + 2, for: .horizontal)
        root.layoutIfNeeded()
        #expect(title.frame.width == titleWidth)
        #expect(time.frame.width == 600 - 8 - titleWidth)
    }

    // MARK: Direction, margins, guides

    @Test func leadingAndTrailingFlipInRightToLeftLayouts() {
        func layout(_ direction: UISemanticContentAttribute) -> (CGRect, CGRect) {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 50))
            root.semanticContentAttribute = direction
            let first = constrained(UIView(), in: root), second = constrained(UIView(), in: root)
            NSLayoutConstraint.activate([
                first.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                first.widthAnchor.constraint(equalToConstant: 40),
                second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
                second.widthAnchor.constraint(equalToConstant: 60),
                first.topAnchor.constraint(equalTo: root.topAnchor),
                second.topAnchor.constraint(equalTo: root.topAnchor),
                first.heightAnchor.constraint(equalToConstant: 10),
                second.heightAnchor.constraint(equalToConstant: 10),
            ])
            root.layoutIfNeeded()
            return (first.frame, second.frame)
        }
        let (ltrFirst, ltrSecond) = layout(.forceLeftToRight)
        #expect(ltrFirst == CGRect(x: 10, y: 0, width: 40, height: 10))
        #expect(ltrSecond == CGRect(x: 58, y: 0, width: 60, height: 10))
        let (rtlFirst, rtlSecond) = layout(.forceRightToLeft)
        #expect(rtlFirst == CGRect(x: 250, y: 0, width: 40, height: 10))
        #expect(rtlSecond == CGRect(x: 182, y: 0, width: 60, height: 10))
    }

    @Test func rightToLeftTraitsFlipLeadingButNotLeft() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        root.rootTraitCollection = root.rootTraitCollection.modifying(layoutDirection: .rightToLeft)
        let byLeading = constrained(UIView(), in: root), byLeft = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            byLeading.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 5),
            byLeft.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
            byLeading.widthAnchor.constraint(equalToConstant: 20), byLeft.widthAnchor.constraint(equalToConstant: 20),
            byLeading.topAnchor.constraint(equalTo: root.topAnchor), byLeft.topAnchor.constraint(equalTo: root.topAnchor),
            byLeading.heightAnchor.constraint(equalToConstant: 5), byLeft.heightAnchor.constraint(equalToConstant: 5),
        ])
        root.layoutIfNeeded()
        #expect(byLeading.frame.minX == 175)
        #expect(byLeft.frame.minX == 5)
    }

    @Test func layoutMarginsGuideFollowsTheMargins() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        root.layoutMargins = UIEdgeInsets(top: 4, left: 12, bottom: 6, right: 20)
        let content = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            content.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            content.bottomAnchor.constraint(equalTo: root.layoutMarginsGuide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 12, y: 4, width: 168, height: 90))
        #expect(root.layoutMarginsGuide.layoutFrame == CGRect(x: 12, y: 4, width: 168, height: 90))
        root.layoutMargins = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        root.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func marginAttributesAndLayoutGuides() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        root.layoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let left = constrained(UIView(), in: root), right = constrained(UIView(), in: root)
        let gap = UILayoutGuide()
        root.addLayoutGuide(gap)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: left, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leadingMargin,
                               multiplier: 1, constant: 0),
            NSLayoutConstraint(item: right, attribute: .trailing, relatedBy: .equal, toItem: root, attribute: .trailingMargin,
                               multiplier: 1, constant: 0),
            gap.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            gap.trailingAnchor.constraint(equalTo: right.leadingAnchor),
            gap.widthAnchor.constraint(equalToConstant: 30),
            left.widthAnchor.constraint(equalTo: right.widthAnchor),
            left.topAnchor.constraint(equalTo: root.topAnchor), right.topAnchor.constraint(equalTo: root.topAnchor),
            left.heightAnchor.constraint(equalToConstant: 10), right.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(left.frame == CGRect(x: 10, y: 0, width: 125, height: 10))
        #expect(right.frame == CGRect(x: 165, y: 0, width: 125, height: 10))
        #expect(gap.layoutFrame.minX == 135 && gap.layoutFrame.width == 30)
    }

    // MARK: Fitting

    @Test func fittingSizeOfAMultiLineLabelInAFixedWidth() {
        let text = "A message long enough to wrap onto several lines when the row is only two hundred points wide."
        let container = UIView()
        let body = constrained(label(text, lines: 0), in: container)
        NSLayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
            body.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -10),
            body.topAnchor.constraint(equalTo: container.topAnchor, constant: 6),
            body.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -6),
        ])
        let wrapped = body.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
        let oneLine = body.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude))
        #expect(wrapped.height > oneLine.height * 2)
        let size = container.systemLayoutSizeFitting(CGSize(width: 220, height: 0), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 220, height: wrapped.height + 12))
        // Laid out at that size, the label gets the wrapped height too.
        container.frame = CGRect(origin: .zero, size: size)
        container.layoutIfNeeded()
        #expect(body.frame == CGRect(x: 10, y: 6, width: 200, height: wrapped.height))
        // A narrower width wraps to more lines.
        let narrow = container.systemLayoutSizeFitting(CGSize(width: 120, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        let narrowWrapped = body.sizeThatFits(CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude))
        #expect(narrow.height == narrowWrapped.height + 12)
    }

    @Test func aBubbleHugsItsWrappedText() {
        // A chat bubble: at most 200 wide, as narrow as its text's longest line.
        let text = "Short words that wrap inside a bubble of limited width here."
        let row = UIView()
        let bubble = constrained(UIView(), in: row)
        let body = constrained(label(text, lines: 0), in: bubble)
        NSLayoutConstraint.activate([
            bubble.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 8),
            bubble.trailingAnchor.constraint(lessThanOrEqualTo: row.trailingAnchor, constant: -8),
            bubble.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
            bubble.topAnchor.constraint(equalTo: row.topAnchor),
            bubble.bottomAnchor.constraint(equalTo: row.bottomAnchor),
            body.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: 10),
            body.trailingAnchor.constraint(equalTo: bubble.trailingAnchor, constant: -10),
            body.topAnchor.constraint(equalTo: bubble.topAnchor, constant: 5),
            body.bottomAnchor.constraint(equalTo: bubble.bottomAnchor, constant: -5),
        ])
        let size = row.systemLayoutSizeFitting(CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                               verticalFittingPriority: .fittingSizeLevel)
        let wrapped = body.sizeThatFits(CGSize(width: 180, height: CGFloat.greatestFiniteMagnitude))
        #expect(size.height == wrapped.height + 10)
        row.frame = CGRect(origin: .zero, size: size)
        row.layoutIfNeeded()
        #expect(body.frame.width == wrapped.width)
        #expect(bubble.frame.width == wrapped.width + 20)
    }

    @Test func compressedAndExpandedFittingSizes() {
        let container = UIView()
        let box = constrained(UIView(), in: container)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 4),
            box.topAnchor.constraint(equalTo: container.topAnchor, constant: 4),
            box.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -4),
            box.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -4),
            box.widthAnchor.constraint(greaterThanOrEqualToConstant: 30),
            box.widthAnchor.constraint(lessThanOrEqualToConstant: 90),
            box.heightAnchor.constraint(equalToConstant: 20),
        ])
        #expect(container.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 38, height: 28))
        #expect(container.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize) == CGSize(width: 98, height: 28))
    }

    @Test func fittingASolvedSubviewUsesItsOwnSubtree() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let card = constrained(UIView(), in: root)
        let title = constrained(label("Card"), in: card)
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            card.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
            title.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -8),
        ])
        let natural = title.intrinsicContentSize
        let size = card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(size == CGSize(width: natural.width + 24, height: natural.height + 16))
        root.layoutIfNeeded()
        #expect(card.frame.size == size)
    }
}
