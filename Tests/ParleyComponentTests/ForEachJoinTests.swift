import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct ForEachJoinTests {
    let width320 = Constraint(maxSize: CGSize(width: 320, height: unbounded))

    @Test func forEachBuildsOneGroupPerElementInABuilder() {
        let node = VStack(spacing: 2) {
            Space(width: 5, height: 5)
            ForEach([10, 20, 30]) { (side: CGFloat) in
                Space(width: side, height: side)
            }
        }.layout(width320)
        #expect(node.children.map { $0.size.height } == [5, 10, 20, 30])
        #expect(node.positions.map { $0.y } == [0, 7, 19, 41])
        #expect(node.size == CGSize(width: 30, height: 71))
        // Several components per element, spliced in order.
        let pairs = ForEach(["a", "b"]) { _ in
            Space(width: 1, height: 1)
            Space(width: 2, height: 2)
        }
        #expect(pairs.components.count == 4)
        #expect(ForEach([Int]()) { _ in Space(width: 1, height: 1) }.components.isEmpty)
    }

    @Test func joinPutsSeparatorsOnlyBetweenItems() {
        let node = HStack {
            Join {
                for width in [10, 20, 30] as [CGFloat] { Space(width: width, height: 8) }
            } separator: {
                Space(width: 1, height: 1)
            }
        }.layout(width320)
        #expect(node.children.map { $0.size.width } == [10, 1, 20, 1, 30])
        #expect(node.positions.map { $0.x } == [0, 10, 11, 31, 32])
        #expect(node.size.width == 62)
        #expect(Join { Space(width: 1, height: 1) } separator: { Separator() }.components.count == 1)
        #expect(Join { } separator: { Separator() }.components.isEmpty)
    }

    @Test func constraintReaderSeesTheConstraintAndHandsItOn() {
        var seen: Constraint?
        let node = ConstraintReader { constraint in
            seen = constraint
            // UIComponent's example: fill a child of an unbounded HStack with the outer width.
            return HStack {
                Space(height: 50).size(width: .fill).constraint(constraint)
            }
        }.layout(width320)
        #expect(seen == width320)
        #expect(node.size == CGSize(width: 320, height: 50))
        // Choosing a layout by the room.
        func columns(_ width: CGFloat) -> Int {
            let node = ConstraintReader { c in
                HStack(children: (0..<max(1, Int(c.maxSize.width / 100))).map { _ in Space(width: 10, height: 10) })
            }.layout(Constraint(maxSize: CGSize(width: width, height: unbounded)))
            return node.children.count
        }
        #expect(columns(320) == 3)
        #expect(columns(50) == 1)
    }
}
