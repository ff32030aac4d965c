import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct SizingModifierTests {
    let box = Constraint(maxSize: CGSize(width: 100, height: 50))
    let width320 = Constraint(maxSize: CGSize(width: 320, height: unbounded))

    @Test func fitKeepsTheContentsSizeAndFillTakesTheRoom() {
        #expect(Space(width: 10, height: 10).fit().layout(box).size == CGSize(width: 10, height: 10))
        #expect(Space(width: 10, height: 10).fill().layout(box).size == CGSize(width: 100, height: 50))
        // An unbounded axis cannot be filled: it fits the content.
        #expect(Space(width: 10, height: 10).fill().layout(width320).size == CGSize(width: 320, height: 10))
    }

    @Test func minAndMaxSizeBoundTheContent() {
        #expect(Space(width: 10, height: 10).minSize(width: 40).layout(width320).size == CGSize(width: 40, height: 10))
        #expect(Space(width: 10, height: 10).minSize(width: 40, height: 25).layout(width320).size == CGSize(width: 40, height: 25))
        #expect(Space(width: 100, height: 100).maxSize(width: 50, height: 20).layout(width320).size == CGSize(width: 50, height: 20))
        // A minimum never exceeds the container's maximum; NaN changes nothing.
        #expect(Space(width: 10, height: 10).minSize(width: 500).layout(box).size.width == 100)
        #expect(Space(width: 10, height: 10).minSize(width: .nan, height: .nan).layout(width320).size == CGSize(width: 10, height: 10))
        #expect(Space(width: 60, height: 10).maxSize(width: .nan).layout(width320).size.width == 60)
        // Text wraps at a maximum width.
        let long = String(repeating: "word ", count: 20)
        let oneLine = Text("word").layout(width320).size.height
        let wrapped = Text(long).maxSize(width: 100).layout(width320)
        #expect(wrapped.size.width <= 100)
        #expect(wrapped.size.height > oneLine * 2)
    }

    @Test func aspectPercentageFollowsTheOtherAxis() {
        #expect(Space().size(width: .aspectPercentage(2), height: 30).layout(width320).size == CGSize(width: 60, height: 30))
        #expect(Space().size(width: .fill, height: .aspectPercentage(0.5)).layout(width320).size == CGSize(width: 320, height: 160))
        // Without an absolute length, the room along the other axis (here the width, 100).
        #expect(Space(width: 7, height: 7).size(width: .fit, height: .aspectPercentage(0.25)).layout(box).size == CGSize(width: 7, height: 25))
        // Nothing to stand on: the content's own length.
        #expect(Space(width: 7, height: 9).size(width: .aspectPercentage(2), height: .fit).layout(width320).size == CGSize(width: 7, height: 9))
        #expect(Space(width: 7, height: 9).size(width: .aspectPercentage(.nan), height: 30).layout(width320).size == CGSize(width: 7, height: 30))
    }

    @Test func ifAppliesItsTransformOnlyWhenTrue() {
        #expect(Space(width: 10, height: 10).if(true) { $0.inset(5) }.layout(width320).size == CGSize(width: 20, height: 20))
        #expect(Space(width: 10, height: 10).if(false) { $0.inset(5) }.layout(width320).size == CGSize(width: 10, height: 10))
        #expect(Space(width: 10, height: 10).if(false, apply: { $0.inset(5) }, else: { $0.inset(1) }).layout(width320).size == CGSize(width: 12, height: 12))
        #expect(Space(width: 10, height: 10).ifNot(false) { $0.inset(5) }.layout(width320).size == CGSize(width: 20, height: 20))
    }
}

@MainActor
@Suite struct SizingSpellingTests {
    let width320 = Constraint(maxSize: CGSize(width: 320, height: unbounded))

    @Test func squareSize() {
        let side: CGFloat = 24
        #expect(Space().size(side).layout(width320).size == CGSize(width: 24, height: 24))
        #expect(Space().size(10).layout(width320).size == CGSize(width: 10, height: 10))
        // The existing spellings still resolve (a literal beside a variable was the risk).
        #expect(Space().size(width: 10, height: max(1, side - 4)).layout(width320).size == CGSize(width: 10, height: 20))
    }

    @Test func unboundedAxesAndRestInsets() {
        let long = String(repeating: "word ", count: 30)
        let bounded = Text(long).layout(width320)
        let unbounded = Text(long).unboundedWidth().layout(width320)
        #expect(bounded.size.width <= 320)
        #expect(unbounded.size.width > 320, "one line, wider than the container")
        #expect(Space(width: 10, height: 400).unboundedHeight().layout(Constraint(maxSize: CGSize(width: 320, height: 100))).size.height == 400)
        let node = Space(width: 10, height: 10).inset(top: 8, rest: 2).layout(width320)
        #expect(node.size == CGSize(width: 14, height: 20))
        #expect(node.positions == [CGPoint(x: 2, y: 8)])
        #expect(Space(width: 10, height: 10).inset(v: 1, h: 3).layout(width320).size == CGSize(width: 16, height: 12))
        #expect(Space(width: 10, height: 10).inset(left: 5, rest: 0).layout(width320).positions == [CGPoint(x: 5, y: 0)])
        #expect(Space(width: 10, height: 10).inset(bottom: 5, rest: 1).layout(width320).size == CGSize(width: 12, height: 16))
        #expect(Space(width: 10, height: 10).inset(right: 5, rest: 1).layout(width320).size == CGSize(width: 16, height: 12))
    }
}
