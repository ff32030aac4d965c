import Foundation
import ParleyUIKit

/// The base of the SDK's routers: the controller they navigate from and its components.
@preconcurrency @MainActor
open class NavigationRouter {
    /// The controller the router navigates from.
    public private(set) weak var rootViewController: UIViewController?

    /// A router for `rootViewController`.
    public required init(rootViewController: UIViewController) {
        self.rootViewController = rootViewController
    }

    /// The component types of the root controller, else `Components.default`.
    open var components: Components {
        heldComponents(of: rootViewController) ?? .default
    }

    /// Gives `controller` the root's components and appearance, then pushes it on the root's
    /// navigation stack (or presents it when there is none).
    open func show(_ controller: UIViewController, from root: UIViewController) {
        if let themed = controller as? _ViewController {
            themed.components = components
            if let appearance = heldAppearance(of: root) { themed.appearance = appearance }
        }
        if let navigation = root.navigationController {
            navigation.pushViewController(controller, animated: true)
        } else {
            root.present(controller, animated: true)
        }
    }
}
