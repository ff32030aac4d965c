import Foundation
import ParleyUIKit

extension Component {
    /// The component transformed by `apply` when `value` is true, else by `other` (or unchanged),
    /// erased so both branches have one type (UIComponent's `if(_:apply:else:)`).
    ///
    /// ```swift
    /// Text(name).if(isHighlighted) { $0.background(.systemYellow) }
    /// ```
    public func `if`(_ value: Bool, apply: (Self) -> any Component,
                     else other: ((Self) -> any Component)? = nil) -> AnyComponent {
        if value { return AnyComponent(content: apply(self)) }
        // `AnyComponent` unwraps nested erasure, so an already erased branch costs no extra node.
        return AnyComponent(content: other?(self) ?? self)
    }

    /// The component transformed by `apply` when `value` is false, else by `other` (or unchanged)
    /// (UIComponent's `ifNot(_:apply:else:)`).
    public func ifNot(_ value: Bool, apply: (Self) -> any Component,
                      else other: ((Self) -> any Component)? = nil) -> AnyComponent {
        `if`(!value, apply: apply, else: other)
    }
}
