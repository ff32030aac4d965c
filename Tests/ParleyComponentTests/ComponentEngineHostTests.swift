import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

/// `UIView.componentEngine`: any view renders a component; a component view answers with its own.
@MainActor
@Suite struct ComponentEngineHostTests {
    private func labels(_ view: UIView) -> [UILabel] { view.subviews.compactMap { $0 as? UILabel } }

    @Test func aPlainViewRendersItsComponentAsSubviews() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        host.componentEngine.component = VStack(spacing: 8) {
            Text("Hello")
            Text("World")
        }
        #expect(labels(host).isEmpty)
        host.layoutIfNeeded()
        let shown = labels(host)
        #expect(shown.map(\.text) == ["Hello", "World"])
        #expect(shown[0].frame.minY == 0)
        #expect(shown[1].frame.minY == shown[0].frame.maxY + 8)
        #expect(host.componentEngine.visibleViews.count == 2)
        #expect(host.componentEngine === host.componentEngine)
        #expect(host.componentEngine.reloadCount == 1)
    }

    @Test func aNewComponentOrSizeReloadsAtTheNextLayoutPass() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        host.componentEngine.component = HStack { Text("A"); Spacer(); Text("B") }
        host.layoutIfNeeded()
        #expect(labels(host).last?.frame.maxX == 300)
        host.frame.size.width = 200
        host.layoutIfNeeded()
        #expect(labels(host).last?.frame.maxX == 200)
        host.componentEngine.component = Text("C")
        host.layoutIfNeeded()
        #expect(labels(host).map(\.text) == ["C"])
    }

    @Test func sizeThatFitsIsTheComponentsSize() {
        let host = UIView()
        host.componentEngine.component = Space(width: 120, height: 44)
        #expect(host.sizeThatFits(CGSize(width: 300, height: 300)) == CGSize(width: 120, height: 44))
        #expect(host.sizeThatFits(CGSize(width: 100, height: 300)) == CGSize(width: 100, height: 44))
        #expect(UIView().sizeThatFits(CGSize(width: 100, height: 300)) == .zero)
    }

    @Test func hostsAreFreedWithTheirEngines() {
        weak var plain: UIView?
        weak var list: ComponentView?
        weak var scroll: UIScrollView?
        do {
            let p = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            p.componentEngine.component = Text("a")
            p.layoutIfNeeded()
            plain = p
            let c = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            c.component = Text("b")
            c.layoutIfNeeded()
            list = c
            let s = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            s.componentEngine.component = Text("c")
            s.layoutIfNeeded()
            scroll = s
        }
        #expect(plain == nil)
        #expect(list == nil)
        #expect(scroll == nil)
    }

    @Test func aComponentViewAnswersWithItsOwnEngine() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.componentEngine === view.engine)
        view.componentEngine.component = Text("x")
        view.layoutIfNeeded()
        #expect(view.visibleViews.count == 1)
        #expect(view.layoutAttachment == nil)
    }

    @Test func aPlainScrollViewScrollsThroughItsComponent() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        scroll.componentEngine.component = VStack(children: (0..<100).map { Text("row \($0)").size(width: .fill, height: 40).id("r\($0)") })
        scroll.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 300, height: 4000))
        #expect(labels(scroll).map(\.text) == (0..<5).map { "row \($0)" })
        scroll.contentOffset.y = 1000
        scroll.layoutIfNeeded()
        #expect(labels(scroll).compactMap(\.text).sorted() == (25..<30).map { "row \($0)" }.sorted())
    }

    @Test func visibleFrameInsetsMakeViewsBeyondTheBounds() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        scroll.componentEngine.component = VStack(children: (0..<100).map { Text("row \($0)").size(width: .fill, height: 40).id("r\($0)") })
        scroll.componentEngine.visibleFrameInsets = UIEdgeInsets(top: 0, left: 0, bottom: -80, right: 0)
        scroll.layoutIfNeeded()
        #expect(labels(scroll).count == 7)
    }

    @Test func theViewModifierGroupsAComponentInAViewOfItsOwn() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        host.componentEngine.component = VStack(spacing: 10) {
            VStack { Text("a"); Text("b") }.view().backgroundColor(.red)
            Text("c")
        }
        host.layoutIfNeeded()
        #expect(host.subviews.count == 2)
        let wrapper = host.subviews.first { !($0 is UILabel) }
        #expect(wrapper?.backgroundColor == .red)
        #expect(wrapper.map(labels)?.map(\.text) == ["a", "b"])
        let c = labels(host).first
        #expect(c?.text == "c")
        #expect(c?.frame.minY == (wrapper?.frame.maxY ?? 0) + 10)
    }

    @Test func updateComponentRunsItsClosureOnTheView() {
        let tagged: UpdateComponent<Text> = Text("x").update { $0.alpha = 0.5 }
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        host.componentEngine.component = tagged
        host.layoutIfNeeded()
        #expect(labels(host).first?.alpha == 0.5)
    }
}

/// `onVisibleBoundsChanged` and the scroll-to-end observers built on it.
@MainActor
@Suite struct VisibleBoundsObserverTests {
    private func rows(_ count: Int) -> VStack {
        VStack(children: (0..<count).map { Text("row \($0)").size(width: .fill, height: 40).id("r\($0)") })
    }

    @Test func theRootIsToldItsSizeAndVisibleRectOnReloadAndScroll() {
        var seen: [(CGSize, CGRect)] = []
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.component = rows(100).onVisibleBoundsChanged { size, visible in seen.append((size, visible)) }
        view.layoutIfNeeded()
        #expect(seen.last?.0 == CGSize(width: 320, height: 4000))
        #expect(seen.last?.1 == CGRect(x: 0, y: 0, width: 320, height: 200))
        let count = seen.count
        view.contentOffset.y = 1000
        view.layoutIfNeeded()
        #expect(seen.count == count + 1)
        #expect(seen.last?.1 == CGRect(x: 0, y: 1000, width: 320, height: 200))
    }

    @Test func aNestedComponentSeesTheRectInItsOwnCoordinates() {
        var last: CGRect?
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.component = VStack {
            ColorBox(.red).size(width: .fill, height: 100)
            rows(50).onVisibleBoundsChanged { _, visible in last = visible }
        }
        view.layoutIfNeeded()
        #expect(last == CGRect(x: 0, y: -100, width: 320, height: 200))
        view.contentOffset.y = 150
        view.layoutIfNeeded()
        #expect(last == CGRect(x: 0, y: 50, width: 320, height: 200))
    }

    @Test func verticalScrollToEndFiresOnlyNearTheEnd() {
        var loads = 0
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.component = rows(100).onVerticalScrollToEnd(pages: 1) { loads += 1 }
        view.layoutIfNeeded()
        #expect(loads == 0)
        view.contentOffset.y = 3000
        view.layoutIfNeeded()
        #expect(loads == 0)
        view.contentOffset.y = 3700
        view.layoutIfNeeded()
        #expect(loads == 1)
    }

    @Test func horizontalScrollToEndWatchesTheWidth() {
        var loads = 0
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = HStack(children: (0..<50).map { Text("\($0)").size(width: 40, height: 40).id("c\($0)") })
            .unboundedWidth()
            .onHorizontalScrollToEnd(pages: 0.5) { loads += 1 }
        view.layoutIfNeeded()
        #expect(loads == 0)
        view.contentOffset.x = 1750
        view.layoutIfNeeded()
        #expect(loads == 1)
    }
}
