import Foundation
import ParleyComponent
import ParleyUIKit
import Testing

// Code shaped as UIComponent's documentation and example app write it (each test names the
// page or chapter it follows), compiled against Parley and checked for the effect described.
// Written for these tests; UIComponent's own text is not copied.

/// Labels among a view's subviews, in subview order.
@MainActor
private func labels(in view: UIView) -> [UILabel] { view.subviews.compactMap { $0 as? UILabel } }

@MainActor
@Suite struct UIComponentExamplesTests {
    // UIComponent docs, "Component Basics" → "Basic rendering": assign a stack to
    // `view.componentEngine.component` and the view shows it.
    @Test func componentBasicsBasicRendering() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        view.componentEngine.component = VStack(spacing: 8, alignItems: .center) {
            Image(systemName: "heart.fill")
            Text("Hello World!")
        }
        view.layoutIfNeeded()
        let image = try #require(view.subviews.first { $0 is UIImageView })
        let text = try #require(labels(in: view).first)
        #expect(text.text == "Hello World!")
        #expect(abs(image.frame.midX - text.frame.midX) <= 0.5)
        #expect(text.frame.minY == image.frame.maxY + 8)
    }

    // UIComponent docs, "Component Basics" → "Conditional & List Rendering": `for`, `if let` and
    // `switch` inside a stack.
    @Test func componentBasicsConditionalAndListRendering() {
        enum Kind { case fruit, vegetable }
        struct Item { let image: UIImage?; let type: Kind }
        let items = [Item(image: nil, type: .fruit), Item(image: UIImage(systemName: "photo"), type: .vegetable)]
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        view.componentEngine.component = VStack {
            for item in items {
                if let image = item.image {
                    Image(image)
                }
                switch item.type {
                case .fruit:
                    Text("Fruit")
                case .vegetable:
                    Text("Vegetable")
                }
            }
        }
        view.layoutIfNeeded()
        #expect(labels(in: view).map(\.text) == ["Fruit", "Vegetable"])
        #expect(view.subviews.filter { $0 is UIImageView }.count == 1)
        #expect(view.subviews.map { $0 is UIImageView } == [false, true, false])
    }

    // UIComponent's Version 2 migration guide: `.view()` puts a component without a view of its
    // own (`Space`) into one, which takes the view modifiers.
    @Test func migrationGuideSpaceInAView() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        view.componentEngine.component = Space(width: 300, height: 300).view().backgroundColor(.red)
        view.layoutIfNeeded()
        let box = try #require(view.subviews.first)
        #expect(view.subviews.count == 1)
        #expect(box.backgroundColor == .red)
        #expect(box.frame == CGRect(x: 0, y: 0, width: 300, height: 300))
    }

    // UIComponent example app, ViewHierarchyExamplesView: stacks make no views (their labels are
    // siblings); `.view()` makes a parent holding them.
    @Test func viewHierarchyFlattenedUnlessWrapped() throws {
        let flat = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        flat.componentEngine.component = VStack(spacing: 8) {
            Text("Hello")
            Text("World")
        }
        flat.layoutIfNeeded()
        #expect(labels(in: flat).map(\.text) == ["Hello", "World"])

        let nested = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        nested.componentEngine.component = VStack(spacing: 8) {
            Text("Hello")
            Text("World")
        }.view()
        nested.layoutIfNeeded()
        let parent = try #require(nested.subviews.first)
        #expect(nested.subviews.count == 1)
        #expect(labels(in: parent).map(\.text) == ["Hello", "World"])
        #expect(labels(in: parent)[1].frame.minY == labels(in: parent)[0].frame.maxY + 8)
    }

    // UIComponent example app, ViewComponentExamplesView → "Use .with modifier": key paths set
    // view properties, nested ones (`\.layer.cornerRadius`) too.
    @Test func viewComponentWithKeyPaths() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.componentEngine.component = ViewComponent<UIView>()
            .with(\.layer.cornerRadius, 10)
            .with(\.backgroundColor, .systemPurple)
            .size(width: 60, height: 60)
        view.layoutIfNeeded()
        let box = try #require(view.subviews.first)
        #expect(box.layer.cornerRadius == 10)
        #expect(box.backgroundColor == .systemPurple)
        #expect(box.frame.size == CGSize(width: 60, height: 60))
    }

    // UIComponent example app, ViewComponentExamplesView → generator initializers: a view made
    // where the component appears, given an explicit size.
    @Test func viewComponentGeneratorWithSize() throws {
        final class MyView: UIView {
            init(color: UIColor) {
                super.init(frame: .zero)
                backgroundColor = color
            }
            /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
            required init?(coder: NSCoder) { return nil }

        }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.componentEngine.component = HStack(spacing: 10) {
            ViewComponent(generator: MyView(color: .red)).size(width: 50, height: 50)
            ViewComponent(generator: MyView(color: .blue)).size(width: 50, height: 50)
        }
        view.layoutIfNeeded()
        let made = view.subviews.compactMap { $0 as? MyView }
        #expect(made.map(\.backgroundColor) == [.red, .blue])
        #expect(made.map(\.frame.minX) == [0, 60])
    }

    // UIComponent docs, Component+Observers `onVerticalScrollToEnd`: load the next page when the
    // list scrolls near its end.
    @Test func loadMoreOnVerticalScrollToEnd() {
        let list = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        var items = Array(0..<20)
        func reload() {
            list.component = VStack {
                for item in items {
                    Text("Item \(item)").size(width: .fill, height: 50).id("item-\(item)")
                }
            }.onVerticalScrollToEnd(pages: 1) {
                guard items.count < 40 else { return }
                items += items.count..<(items.count + 20)
                reload()
            }
        }
        reload()
        list.layoutIfNeeded()
        #expect(items.count == 20)
        list.contentOffset.y = 500
        list.layoutIfNeeded()
        #expect(items.count == 40)
        list.layoutIfNeeded()
        #expect(list.contentSize.height == 2000)
    }

    // UIComponent docs, Component+Observers `onVisibleBoundsChanged`: a header that reads how far
    // the list scrolled.
    @Test func onVisibleBoundsChangedTracksTheScroll() {
        var progress: CGFloat = 0
        let list = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        list.component = VStack {
            for index in 0..<40 { Text("Row \(index)").size(width: .fill, height: 50) }
        }.onVisibleBoundsChanged { size, visibleBounds in
            progress = visibleBounds.minY / (size.height - visibleBounds.height)
        }
        list.layoutIfNeeded()
        #expect(progress == 0)
        list.contentOffset.y = 800
        list.layoutIfNeeded()
        #expect(progress == 0.5)
    }
}

/// The animation examples, in a window with the clock driven by hand.
@MainActor
@Suite(.serialized) struct UIComponentAnimationExamplesTests {
    private func window() -> (HeadlessBackend, UIWindow) {
        let backend = HeadlessBackend.install()
        return (backend, backend.openWindow(size: CGSize(width: 320, height: 480), title: "uicomponent"))
    }

    // UIComponent example app, AnimationExamplesView → "Global animator": one animator on
    // `view.componentEngine.animator` animates every insertion of later reloads.
    @Test func globalAnimator() throws {
        let (backend, window) = window()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var items = ["A"]
        func render() {
            view.componentEngine.component = VStack {
                for item in items {
                    Text(item).id(item)
                }
            }
        }
        view.componentEngine.animator = TransformAnimator(
            transform: CATransform3DMakeScale(0.5, 0.5, 1),
            duration: 0.4
        )
        render()
        view.layoutIfNeeded()
        items.append("B")
        render()
        view.layoutIfNeeded()
        let b = try #require(labels(in: view).first { $0.text == "B" })
        #expect(b.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        backend.advance(by: 0.6)
        #expect(b.transform == .identity)
        #expect(b.alpha == 1)
    }

    // UIComponent docs, "Animation": `.animator(TransformAnimator(…))` on one component only.
    @Test func componentLevelAnimator() throws {
        let (backend, window) = window()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        view.componentEngine.component = VStack { Text("Static").id("static") }
        view.layoutIfNeeded()
        view.componentEngine.component = VStack {
            Text("Static").id("static")
            Text("Animated text").animator(TransformAnimator(transform: CATransform3DMakeTranslation(0, 100, 0), duration: 0.4)).id("animated")
            Text("Plain").id("plain")
        }
        view.layoutIfNeeded()
        let animated = try #require(labels(in: view).first { $0.text == "Animated text" })
        let plain = try #require(labels(in: view).first { $0.text == "Plain" })
        #expect(animated.transform == CGAffineTransform(translationX: 0, y: 100))
        #expect(plain.transform == .identity && plain.alpha == 1)
        backend.advance(by: 0.6)
        #expect(animated.transform == .identity)
    }

    // UIComponent example app, AnimationExamplesView: a nested `.scrollView()` with its own
    // animator set through `.with(\.componentEngine.animator, …)`.
    @Test func nestedScrollViewWithItsOwnAnimator() throws {
        let (_, window) = window()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        view.componentEngine.component = VStack {
            for index in 0..<10 {
                Text("Item \(index)").size(width: .fill, height: 40)
            }
        }
        .scrollView()
        .with(\.componentEngine.animator, TransformAnimator(transform: CATransform3DMakeScale(0.5, 0.5, 1.0)))
        .size(width: .fill, height: 100)
        view.layoutIfNeeded()
        let scroll = try #require(view.subviews.first as? UIScrollView)
        #expect(scroll.frame.size == CGSize(width: 320, height: 100))
        #expect(scroll.componentEngine.animator is TransformAnimator)
        #expect(scroll.contentSize.height == 400)
        #expect(labels(in: scroll).count == 3)
    }
}
