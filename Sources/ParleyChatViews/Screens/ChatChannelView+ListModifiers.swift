import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The edges of the message list and of its background: the list's are insets from the list's
/// area (the screen above the composer), the background's are the list's insets from it.
@preconcurrency @MainActor
struct ListEdgeConstraints {
    /// Top, leading, trailing, bottom: each constant is the list's inset on that side.
    let list: [NSLayoutConstraint]
    /// Top, leading, trailing, bottom: each constant is the list's inset from its background.
    let background: [NSLayoutConstraint]

    /// The list's insets from its background.
    var backgroundInsets: UIEdgeInsets {
        UIEdgeInsets(top: background[0].constant, left: background[1].constant, bottom: background[3].constant, right: background[2].constant)
    }

    /// Sets both sets of insets; `true` when one changed.
    func set(list listInsets: UIEdgeInsets, background backgroundInsets: UIEdgeInsets) -> Bool {
        var changed = false
        let values = [listInsets.top, listInsets.left, listInsets.right, listInsets.bottom,
                      backgroundInsets.top, backgroundInsets.left, backgroundInsets.right, backgroundInsets.bottom]
        for (constraint, value) in zip(list + background, values) where constraint.constant != value {
            constraint.constant = value
            changed = true
        }
        return changed
    }
}

// The factory's message list container modifier (around the list, its background and its
// buttons, as in the SDK's message list view) and message list modifier (around the rows).
extension ChatChannelView {
    /// Places the list as the factory's ``ViewFactory/makeMessageListContainerModifier()`` and
    /// ``ViewFactory/makeMessageListModifier()`` put it: the container modifier is applied to the
    /// list's area (the screen above the composer), the list modifier to the rows inside the
    /// background; the list goes where they put their content, and what they draw around it is
    /// drawn behind. Both defaults change nothing.
    ///
    /// The rows are a virtualised list, not one view: the list modifier's padding insets the
    /// list's frame (rows are clipped there rather than scrolling under it), and what it draws
    /// does not scroll.
    func applyListModifiers() {
        guard let listEdges, view.bounds.width > 0 else { return }
        let area = CGSize(width: view.bounds.width, height: max(0, composerHostView.frame.minY))
        let (container, list) = Self.placeListModifiers(of: viewFactory, in: area)
        let containerFrame = container?.frame ?? CGRect(origin: .zero, size: area)
        guard container != nil || list != nil || listChrome.container != nil || listChrome.list != nil else { return }

        let listFrame = (list?.frame ?? CGRect(origin: .zero, size: containerFrame.size)).offsetBy(dx: containerFrame.minX, dy: containerFrame.minY)
        let listInsets = UIEdgeInsets(top: listFrame.minY, left: listFrame.minX,
                                      bottom: area.height - listFrame.maxY, right: area.width - listFrame.maxX)
        let backgroundInsets = list?.insets(in: containerFrame.size) ?? .zero
        showChrome(container, at: CGRect(origin: .zero, size: area), in: \.container, below: listBackgroundView)
        showChrome(list, at: containerFrame, in: \.list, below: listView)
        if listEdges.set(list: listInsets, background: backgroundInsets) {
            view.setNeedsLayout()
        }
    }

    /// Where `factory`'s container modifier puts the list's area in `area`, and where its list
    /// modifier puts the rows in that.
    private static func placeListModifiers<Factory: ViewFactory>(of factory: Factory, in area: CGSize) -> (ModifierSlot?, ModifierSlot?) {
        let container = ModifierSlot.place(factory.makeMessageListContainerModifier(), in: area)
        let containerSize = container?.frame.size ?? area
        return (container, ModifierSlot.place(factory.makeMessageListModifier(), in: containerSize))
    }

    /// Shows `slot`'s chrome in the host at `path` (made on first use, behind `sibling`).
    private func showChrome(_ slot: ModifierSlot?, at frame: CGRect,
                            in path: WritableKeyPath<(container: ComponentView?, list: ComponentView?), ComponentView?>, below sibling: UIView) {
        if slot != nil, listChrome[keyPath: path] == nil {
            let host = ComponentView.makeChromeHost()
            view.insertSubview(host, belowSubview: sibling)
            listChrome[keyPath: path] = host
        }
        listChrome[keyPath: path]?.showChrome(of: slot, at: frame)
    }

    /// The size the list's background is laid out at: the list's, with the list modifier's insets.
    var listBackgroundSize: CGSize {
        let insets = listEdges?.backgroundInsets ?? .zero
        return CGSize(width: listView.bounds.width + insets.left + insets.right, height: listView.bounds.height + insets.top + insets.bottom)
    }
}
