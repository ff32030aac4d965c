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
    /// navigation stack (or, when there is none, presents it in a `components.navigationVC`).
    open func show(_ controller: UIViewController, from root: UIViewController) {
        applyTheme(of: root, to: controller)
        if let navigation = root.navigationController {
            navigation.pushViewController(controller, animated: true)
        } else {
            let navigation = components.navigationVC.init(rootViewController: controller)
            if let bar = navigation.navigationBar as? _NavigationBar {
                bar.components = components
                if let appearance = heldAppearance(of: root) { bar.appearance = appearance }
            }
            root.present(navigation, animated: true)
        }
    }

    /// Gives `controller` the root's components and appearance.
    func applyTheme(of root: UIViewController, to controller: UIViewController) {
        if let themed = controller as? _ViewController {
            themed.components = components
            if let appearance = heldAppearance(of: root) { themed.appearance = appearance }
        }
    }
}
