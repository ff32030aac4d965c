import Foundation
import ParleyUIKit

extension UIView {
    /// Constraints that pin `subview`'s four edges to this view's, inset by `insets` (not yet
    /// active, so callers can activate them together with their own).
    func edgeConstraints(pinning subview: UIView, insets: UIEdgeInsets = .zero) -> [NSLayoutConstraint] {
        [
            subview.leadingAnchor.constraint(equalTo: leadingAnchor, constant: insets.left),
            subview.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -insets.right),
            subview.topAnchor.constraint(equalTo: topAnchor, constant: insets.top),
            subview.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -insets.bottom),
        ]
    }

    /// Adds `subview` and pins its edges to this view's, inset by `insets`.
    func embed(_ subview: UIView, insets: UIEdgeInsets = .zero) {
        addSubview(subview)
        subview.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate(edgeConstraints(pinning: subview, insets: insets))
    }

    /// Runs `action` when the view is tapped (a tap recognizer that fires on `.ended`).
    func addTapAction(_ action: @escaping @MainActor () -> Void) {
        addGestureRecognizer(UITapGestureRecognizer { recognizer in
            if recognizer.state == .ended { action() }
        })
    }
}
