import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct ViewComponentSetterTests {
    @Test func dynamicMemberSettersConfigureTheViewAndItsMeasure() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = ViewComponent<UILabel>().text("hi").backgroundColor(.red).numberOfLines(2)
        view.layoutIfNeeded()
        let label = try #require(view.subviews.first as? UILabel)
        #expect(label.text == "hi")
        #expect(label.backgroundColor == .red)
        #expect(label.numberOfLines == 2)
        // The measuring instance saw the text too.
        let node = ViewComponent<UILabel>().text("hi").layout(Constraint(maxSize: CGSize(width: 200, height: unbounded)))
        #expect(node.size.width > 0 && node.size.height > 0)
        #expect(label.frame.size == node.size)
        #expect(ViewComponent<UILabel>().layout(Constraint(maxSize: CGSize(width: 200, height: unbounded))).size.width < node.size.width)
    }

    @Test func emptyInitializerMakesAFreshViewPerPlace() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = HStack {
            ViewComponent<UIView>().size(width: 20, height: 20)
            ViewComponent<UIView>().backgroundColor(.blue).size(width: 30, height: 20)
        }
        view.layoutIfNeeded()
        #expect(view.subviews.count == 2)
        #expect(view.subviews[0] !== view.subviews[1])
        #expect(view.subviews[1].backgroundColor == .blue)
        #expect(view.subviews.map { $0.frame } == [CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 20, y: 0, width: 30, height: 20)])
    }

    @Test func tappableViewIsTappableWithTheSameViewsAsTappable() throws {
        // One behaviour, two spellings: the same views in the same frames, and the action runs.
        var taps: [String] = []
        func host(_ component: any Component) -> ComponentView {
            let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            view.component = component
            view.layoutIfNeeded()
            return view
        }
        let uiComponentSpelling = host(Text("Tap me").inset(10).tappableView { taps.append("tappableView") })
        let parleySpelling = host(Text("Tap me").inset(10).tappable { taps.append("tappable") })
        #expect(viewTreeSnapshot(uiComponentSpelling) == viewTreeSnapshot(parleySpelling))
        try #require(uiComponentSpelling.subviews.first as? TappableView).sendActions(for: .touchUpInside)
        #expect(taps == ["tappableView"])
    }
}

@MainActor
@Suite struct ViewComponentGeneratorTests {
    final class ProfileView: UIView {
        var profile = ""
        init(field: String) {
            super.init(frame: .zero)
            profile = field
        }
        /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
        required init?(coder: NSCoder) { return nil }

    }

    @Test func autoclosureGeneratorRunsPerViewAndSettersApplyToCustomViews() throws {
        var made = 0
        func makeProfileView() -> ProfileView {
            made += 1
            return ProfileView(field: "initial")
        }
        let component = ViewComponent(generator: makeProfileView()).profile("Luke").size(width: 100, height: 40)
        #expect(made == 0, "the generator expression is not evaluated when the component is made")
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = component
        view.layoutIfNeeded()
        let profile = try #require(view.subviews.first as? ProfileView)
        #expect(made == 1)
        #expect(profile.profile == "Luke")
        #expect(profile.frame == CGRect(x: 0, y: 0, width: 100, height: 40))
    }

    @Test func tappableViewCanReceiveTheTappedView() throws {
        var tapped: [UIView] = []
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = Space(width: 50, height: 30).tappableView { (control: TappableView) in tapped.append(control) }
        view.layoutIfNeeded()
        let control = try #require(view.subviews.first as? TappableView)
        control.sendActions(for: .touchUpInside)
        #expect(tapped.count == 1 && tapped.first === control)
        #expect(control.frame == CGRect(x: 0, y: 0, width: 50, height: 30))
    }
}
