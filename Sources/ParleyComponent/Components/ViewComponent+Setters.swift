import Foundation
import ParleyUIKit

extension ViewComponent {
    /// A modifier per writable property of the view: `.backgroundColor(.red)` sets
    /// `backgroundColor` whenever the view is updated (on insert, reuse and reload), after the
    /// component's earlier updates, and on the instance measured for layout, so a setter that
    /// changes the size (`.text(…)`, `.font(…)`) changes the layout too.
    ///
    /// This is UIComponent's `ViewModifierComponent` idea: the setters come from the view's own
    /// key paths, so every property of every view works without a hand-written modifier.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<View, Value>) -> (Value) -> ViewComponent<View> {
        { value in self.with(keyPath, value) }
    }

    /// Sets the view's property at `keyPath` to `value` whenever the view is updated
    /// (UIComponent's `with(_:_:)`; the dynamic-member setters call it).
    public func with<Value>(_ keyPath: ReferenceWritableKeyPath<View, Value>, _ value: Value) -> ViewComponent<View> {
        update { view in view[keyPath: keyPath] = value }
    }
}

// `ViewComponent<V>()` makes a fresh `V()` for every place it appears. Parley's `UIView.init()`
// is not `required` (Swift cannot call a non-required initializer through a generic metatype,
// as Objective-C can), so the empty initializer exists for each concrete UIKit view; for other
// views write `ViewComponent(generator: { MyView() })`.

extension ViewComponent where View == UIView {
    /// Hosts a new plain `UIView` wherever the component appears.
    public init() { self.init(generator: { UIView() }) }
}

extension ViewComponent where View == UILabel {
    /// Hosts a new `UILabel` wherever the component appears.
    public init() { self.init(generator: { UILabel() }) }
}

extension ViewComponent where View == UIImageView {
    /// Hosts a new `UIImageView` wherever the component appears.
    public init() { self.init(generator: { UIImageView() }) }
}

extension ViewComponent where View == UIButton {
    /// Hosts a new `UIButton` wherever the component appears.
    public init() { self.init(generator: { UIButton() }) }
}

extension ViewComponent where View == UITextField {
    /// Hosts a new `UITextField` wherever the component appears.
    public init() { self.init(generator: { UITextField() }) }
}

extension ViewComponent where View == UITextView {
    /// Hosts a new `UITextView` wherever the component appears.
    public init() { self.init(generator: { UITextView() }) }
}

extension ViewComponent where View == UIStackView {
    /// Hosts a new `UIStackView` wherever the component appears.
    public init() { self.init(generator: { UIStackView() }) }
}

extension ViewComponent where View == UIScrollView {
    /// Hosts a new `UIScrollView` wherever the component appears.
    public init() { self.init(generator: { UIScrollView() }) }
}
