import Foundation
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// Applies a factory's `ViewModifier` to a part of a screen that is a toolkit view rather than a
/// view value (a virtualised list, a screen of several hosts): the modifier is applied to a slot
/// that fills what it is offered (and grows in a stack), laid out at the part's size; the slot's frame is where the part
/// goes, and the modified tree around it (paddings, frames, backgrounds, overlays) is the
/// *chrome*, drawn in a host behind the part.
///
/// An ``EmptyViewModifier`` (every default) has no placement: the screen stays as it was.
/// What differs from SwiftUI: the chrome is drawn behind the part, so an overlay shows only where
/// the part is transparent, and it does not scroll with a list's content.
@preconcurrency @MainActor
struct ModifierSlot {
    /// The id of the slot in the chrome's render tree.
    static let slotID = "parley-modifier-slot"

    /// Where the part goes, in the coordinates of the area the modifier was laid out in.
    let frame: CGRect
    /// The modified tree, at the area's size; its slot draws nothing.
    let chrome: AnyComponent

    /// The placement of a part modified by `modifier` in an area of `size`; `nil` for an
    /// ``EmptyViewModifier`` or an empty area.
    static func place<Modifier: ViewModifier>(_ modifier: Modifier, in size: CGSize) -> ModifierSlot? {
        guard !(modifier is EmptyViewModifier), size.width > 0, size.height > 0 else { return nil }
        let chrome = AnyComponent(Color.clear.id(slotID).flex().modifier(modifier))
            .size(width: .absolute(size.width), height: .absolute(size.height))
            .eraseToAnyComponent()
        let node = chrome.layout(Constraint(minSize: size, maxSize: size))
        let frame = node.frame(id: slotID) ?? CGRect(origin: .zero, size: size)
        return ModifierSlot(frame: frame, chrome: chrome)
    }

    /// The insets of the slot's frame from the edges of an area of `size`.
    func insets(in size: CGSize) -> UIEdgeInsets {
        UIEdgeInsets(top: frame.minY, left: frame.minX, bottom: size.height - frame.maxY, right: size.width - frame.maxX)
    }
}

extension ComponentView {
    /// A host for a ``ModifierSlot``'s chrome: not scrolling, not taking touches, clear.
    static func makeChromeHost() -> ComponentView {
        let host = ComponentView(frame: .zero)
        host.isScrollEnabled = false
        host.isUserInteractionEnabled = false
        host.backgroundColor = .clear
        return host
    }

    /// Shows `slot`'s chrome at `frame` (hidden without a slot).
    func showChrome(of slot: ModifierSlot?, at frame: CGRect) {
        isHidden = slot == nil
        guard let slot else {
            component = nil
            return
        }
        self.frame = frame
        component = slot.chrome
    }
}
