import Foundation
import Testing
@testable import ParleyUIKit

/// A view with a fixed intrinsic size.
@MainActor
private final class Block: UIView {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

    override var intrinsicContentSize: CGSize { size }
}

/// The shape of the seeds' channel list item: a horizontal main container holding the avatar and
/// a vertical right container of a top row (title, unread count) and a bottom row (subtitle,
/// timestamp).
@MainActor
private final class ChannelItem: UIView {
    let avatar = Block(48, 48)
    let title = Block(120, 20)
    let unreadCountView = Block(24, 18)
    let subtitle = Block(150, 16)
    let timestamp = Block(40, 16)
    let mainContainer = ContainerStackView()
    let rightContainer = ContainerStackView(axis: .vertical, spacing: 4)
    let topContainer = ContainerStackView(alignment: .center)
    let bottomContainer = ContainerStackView(alignment: .center)

    override init(frame: CGRect) {
        super.init(frame: frame)
        mainContainer.translatesAutoresizingMaskIntoConstraints = false
        mainContainer.alignment = .center
        mainContainer.spacing = 12
        addSubview(mainContainer)
        NSLayoutConstraint.activate([
            mainContainer.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            mainContainer.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            mainContainer.topAnchor.constraint(equalTo: topAnchor, constant: 12),
            mainContainer.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
        ])
        // As the seeds' SDK does: the avatar has a fixed size, the title and subtitle stretch.
        avatar.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            avatar.widthAnchor.constraint(equalToConstant: 48), avatar.heightAnchor.constraint(equalToConstant: 48),
        ])
        title.setContentHuggingPriority(.defaultLow - 10, for: .horizontal)
        subtitle.setContentHuggingPriority(.defaultLow - 10, for: .horizontal)
        topContainer.addArrangedSubviews([title, unreadCountView])
        bottomContainer.addArrangedSubviews([subtitle, timestamp])
        rightContainer.addArrangedSubviews([topContainer, bottomContainer])
        mainContainer.addArrangedSubviews([avatar, rightContainer])
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

}

/// The seed's customisation (setUpLayout of `iMessageChannelListItemView`).
@MainActor
private func customizeLikeIMessage(_ item: ChannelItem) -> UIView {
    let customUnreadView = UIView()
    NSLayoutConstraint.activate([
        customUnreadView.widthAnchor.constraint(equalTo: customUnreadView.heightAnchor),
        customUnreadView.widthAnchor.constraint(equalToConstant: 10),
    ])
    item.mainContainer.insertArrangedSubview(customUnreadView, at: 0)
    item.topContainer.removeArrangedSubview(item.unreadCountView)
    return customUnreadView
}

@MainActor
@Suite struct ContainerStackViewTests {
    @Test func theChannelItemLaysOut() {
        let item = ChannelItem(frame: CGRect(x: 0, y: 0, width: 375, height: 72))
        item.layoutIfNeeded()
        #expect(item.mainContainer.frame == CGRect(x: 16, y: 12, width: 343, height: 48))
        #expect(item.avatar.frame == CGRect(x: 0, y: 0, width: 48, height: 48))
        // right container: 343 - 48 - 12 = 283 wide, 20 + 4 + 16 = 40 tall, centred.
        #expect(item.rightContainer.frame == CGRect(x: 60, y: 4, width: 283, height: 40))
        #expect(item.topContainer.frame == CGRect(x: 0, y: 0, width: 283, height: 20))
        #expect(item.unreadCountView.frame == CGRect(x: 259, y: 1, width: 24, height: 18))
        #expect(item.title.frame == CGRect(x: 0, y: 0, width: 251, height: 20))
        #expect(item.timestamp.frame.maxX == 283)
    }

    @Test func theSeedsIMessageUnreadDot() {
        let item = ChannelItem(frame: CGRect(x: 0, y: 0, width: 375, height: 72))
        item.layoutIfNeeded()
        let dot = customizeLikeIMessage(item)
        item.layoutIfNeeded()

        // The dot is the left-most arranged view, 10×10, centred in the 48-point row.
        #expect(item.mainContainer.arrangedSubviews.first === dot)
        #expect(!dot.translatesAutoresizingMaskIntoConstraints)
        #expect(dot.frame == CGRect(x: 0, y: 19, width: 10, height: 10))
        #expect(item.avatar.frame == CGRect(x: 22, y: 0, width: 48, height: 48))
        #expect(item.rightContainer.frame == CGRect(x: 82, y: 4, width: 261, height: 40))
        // The original unread count view is gone from its container and from the layout; the
        // title takes the whole top row.
        #expect(item.unreadCountView.superview == nil)
        #expect(!item.topContainer.arrangedSubviews.contains { $0 === item.unreadCountView })
        #expect(item.title.frame == CGRect(x: 0, y: 0, width: 261, height: 20))
    }

    @Test func theDotCustomisationAlsoWorksBeforeTheFirstLayout() {
        let item = ChannelItem(frame: CGRect(x: 0, y: 0, width: 375, height: 72))
        let dot = customizeLikeIMessage(item)
        item.layoutIfNeeded()
        #expect(dot.frame == CGRect(x: 0, y: 19, width: 10, height: 10))
        #expect(item.title.frame.width == 261)
    }

    @Test func alphaZeroKeepsTheDotInTheLayout() {
        let item = ChannelItem(frame: CGRect(x: 0, y: 0, width: 375, height: 72))
        let dot = customizeLikeIMessage(item)
        dot.alpha = 0
        item.layoutIfNeeded()
        #expect(dot.frame == CGRect(x: 0, y: 19, width: 10, height: 10))
        #expect(item.avatar.frame.minX == 22)
    }

    @Test func hidingTheDotCollapsesItsSlotWithoutAConflict() {
        var conflicts = 0
        let previous = NSLayoutConstraint.conflictHandler
        NSLayoutConstraint.conflictHandler = { _ in conflicts += 1 }
        defer { NSLayoutConstraint.conflictHandler = previous }
        let item = ChannelItem(frame: CGRect(x: 0, y: 0, width: 375, height: 72))
        let dot = customizeLikeIMessage(item)
        item.layoutIfNeeded()
        dot.isHidden = true
        item.layoutIfNeeded()
        // The avatar moves back to the leading edge; the dot's 10×10 is its own business.
        #expect(item.avatar.frame.minX == 0)
        #expect(conflicts == 0)
        dot.isHidden = false
        item.layoutIfNeeded()
        #expect(item.avatar.frame.minX == 22)
    }

    @Test func aHiddenArrangedViewCollapsesAndComesBack() {
        let a = Block(40, 20), b = Block(60, 20), c = Block(30, 20)
        let stack = ContainerStackView(alignment: .top, spacing: 10, arrangedSubviews: [a, b, c])
        c.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 20)
        stack.layoutIfNeeded()
        #expect(c.frame.minX == 120)
        b.isHidden = true
        stack.layoutIfNeeded()
        #expect(b.frame.width == 0)
        #expect(c.frame.minX == 50)
        b.isHidden = false
        stack.layoutIfNeeded()
        #expect(b.frame == CGRect(x: 50, y: 0, width: 60, height: 20))
        #expect(c.frame.minX == 120)
        // Hiding the last view removes the spacing before it.
        c.isHidden = true
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 110, height: 20))
    }

    @Test func axisVerticalAsTheReactionsSeedDoes() {
        let items = [Block(24, 24), Block(24, 24), Block(24, 24)]
        let stack = ContainerStackView(axis: .horizontal, spacing: 4, arrangedSubviews: items)
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 80, height: 24))
        stack.axis = .vertical
        let size = stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(size == CGSize(width: 24, height: 80))
        stack.frame = CGRect(origin: .zero, size: size)
        stack.layoutIfNeeded()
        #expect(items.map(\.frame.minY) == [0, 28, 56])
    }

    @Test func removeArrangedSubviewRemovesItAsTheReactionAuthorSeedDoes() {
        let avatar = Block(40, 40), name = Block(80, 16)
        let containerStack = ContainerStackView(axis: .vertical, alignment: .center, spacing: 4,
                                                arrangedSubviews: [avatar, name])
        #expect(containerStack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 80, height: 60))
        containerStack.removeArrangedSubview(name)
        #expect(name.superview == nil)
        #expect(containerStack.arrangedSubviews.count == 1)
        #expect(containerStack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 40, height: 40))
    }

    @Test func spacingIsALiteralOrAuto() {
        let stack = ContainerStackView(arrangedSubviews: [Block(10, 10), Block(10, 10)])
        #expect(stack.spacing == .auto)
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).width == 28)
        stack.spacing = 2
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).width == 22)
        stack.spacing = 2.5
        #expect(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).width == 23)
    }

    @Test func marginsRelativeArrangementAndEqualDistribution() {
        let a = Block(10, 10), b = Block(30, 10)
        let stack = ContainerStackView(spacing: 0, distribution: .equal, arrangedSubviews: [a, b])
        stack.layoutMargins = UIEdgeInsets(top: 2, left: 6, bottom: 2, right: 6)
        stack.isLayoutMarginsRelativeArrangement = true
        stack.frame = CGRect(x: 0, y: 0, width: 112, height: 14)
        stack.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 6, y: 2, width: 50, height: 10))
        #expect(b.frame == CGRect(x: 56, y: 2, width: 50, height: 10))
    }

    @Test func replaceAndRemoveAll() {
        let stack = ContainerStackView(arrangedSubviews: [Block(10, 10), Block(10, 10)])
        let replacement = Block(20, 20)
        stack.replaceArrangedSubviews(with: [replacement])
        #expect(stack.arrangedSubviews.count == 1 && stack.arrangedSubviews.first === replacement)
        stack.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        stack.layoutIfNeeded()
        #expect(replacement.frame == CGRect(x: 0, y: 0, width: 20, height: 20))
        stack.removeAllArrangedSubviews()
        #expect(stack.arrangedSubviews.isEmpty)
    }
}
