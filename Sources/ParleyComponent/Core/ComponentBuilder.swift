import Foundation
import ParleyUIKit

/// A component described by another component: implement ``build()`` instead of `layout(_:)`.
///
/// ```swift
/// struct ProfileComponent: ComponentBuilder {
///     let profile: Profile
///     func build() -> some Component {
///         VStack {
///             Text(profile.name)
///             Text(profile.role)
///         }
///     }
/// }
///
/// componentView.component = ProfileComponent(profile: myProfile)
/// ```
@preconcurrency @MainActor
public protocol ComponentBuilder: Component {
    /// The component type `build()` returns.
    associatedtype ResultComponent: Component

    /// The component this one stands for.
    func build() -> ResultComponent
}

extension ComponentBuilder {
    /// Lays out the built component.
    public func layout(_ constraint: Constraint) -> ResultComponent.R {
        build().layout(constraint)
    }
}
