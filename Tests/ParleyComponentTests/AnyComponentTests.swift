import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct AnyComponentTests {
    let width320 = Constraint(maxSize: CGSize(width: 320, height: unbounded))

    @Test func erasedComponentLaysOutLikeTheComponent() {
        let plain = Space(width: 40, height: 12).inset(4).layout(width320)
        let erased = Space(width: 40, height: 12).inset(4).eraseToAnyComponent().layout(width320)
        #expect(erased.size == plain.size)
        #expect(erased.size == CGSize(width: 48, height: 20))
        #expect(erased.positions == plain.positions)
        #expect(erased.children.map { $0.size } == plain.children.map { $0.size })
        // Both spellings wrap the same way.
        #expect(AnyComponent(Space(width: 5, height: 5)).layout(width320).size == AnyComponent(content: Space(width: 5, height: 5)).layout(width320).size)
    }

    @Test func erasingTwiceAddsNoNode() {
        let twice = AnyComponent(content: Space(width: 10, height: 10).eraseToAnyComponent()).layout(width320)
        #expect(twice.content is SpaceRenderNode, "the inner erasure is unwrapped, not nested")
        #expect(twice.size == CGSize(width: 10, height: 10))
    }

    @Test func erasedComponentsMixInOneArray() {
        let rows: [AnyComponent] = [Text("a").eraseToAnyComponent(), Space(width: 10, height: 30).eraseToAnyComponent()]
        let node = VStack(children: rows).layout(width320)
        #expect(node.children[1].size == CGSize(width: 10, height: 30))
        #expect(node.positions[1].y == node.children[0].size.height)
    }

    @Test func erasedLeafMakesTheLeafsView() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = Text("hello").inset(10).eraseToAnyComponent()
        view.layoutIfNeeded()
        #expect(view.subviews.count == 1, "no view for the erasure itself")
        let label = try #require(view.subviews.first as? UILabel)
        #expect(label.text == "hello")
        #expect(label.frame.origin == CGPoint(x: 10, y: 10))
    }
}
