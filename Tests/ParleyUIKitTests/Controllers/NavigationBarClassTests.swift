import Foundation
import ParleyUIKit
import Testing

/// `UINavigationController(navigationBarClass:toolbarClass:)` makes its bar from the class, and
/// a bar's `backIndicatorImage` replaces the "‹" of the back button.
@MainActor
@Suite struct NavigationBarClassTests {
    final class TallBar: UINavigationBar {
        var madeFromClass = true
    }

    @Test func theBarComesFromTheClass() throws {
        let navigation = UINavigationController(navigationBarClass: TallBar.self, toolbarClass: nil)
        #expect((navigation.navigationBar as? TallBar)?.madeFromClass == true)
        // Not a bar class: a plain bar.
        let plain = UINavigationController(navigationBarClass: UIView.self, toolbarClass: nil)
        #expect(type(of: plain.navigationBar) == UINavigationBar.self)
    }

    @Test func aBackIndicatorImageReplacesTheChevron() throws {
        let first = UIViewController(), second = UIViewController()
        first.title = "Channels"
        let navigation = UINavigationController(rootViewController: first)
        navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 600)
        navigation.pushViewController(second, animated: false)
        navigation.view.layoutIfNeeded()
        let back = try #require(Self.buttons(in: navigation.navigationBar).first { $0.accessibilityIdentifier == "navigationBar.back" })
        #expect(back.title(for: .normal) == "‹ Channels")
        let image = try #require(UIImage(systemName: "chevron.left"))
        navigation.navigationBar.backIndicatorImage = image
        navigation.navigationBar.layoutIfNeeded()
        #expect(back.title(for: .normal) == "Channels")
        #expect(back.image(for: .normal) === image)
    }

    static func buttons(in view: UIView) -> [UIButton] {
        ((view as? UIButton).map { [$0] } ?? []) + view.subviews.flatMap(buttons(in:))
    }
}
