import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct FlexRowColumnTests {
    func boxes(_ count: Int, _ width: CGFloat, _ height: CGFloat) -> [any Component] {
        (0..<count).map { _ in Space(width: width, height: height) }
    }

    @Test func flexRowIsFlowAndSpreadsItsLines() {
        let width150 = Constraint(maxSize: CGSize(width: 150, height: 100))
        let row = FlexRow(spacing: 10, children: boxes(5, 40, 20)).layout(width150)
        // 40+10+40+10+40 = 140 fits; the fourth wraps.
        #expect(row.positions == [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 30), CGPoint(x: 50, y: 30)])
        #expect(row.size == CGSize(width: 140, height: 50))
        // alignContent spreads the lines over a bounded height: 100 - 50 = 50 spare, between two lines.
        let spread = FlexRow(spacing: 10, alignContent: .spaceBetween, children: boxes(5, 40, 20)).layout(width150)
        #expect(spread.positions.map { $0.y } == [0, 0, 0, 80, 80])
        #expect(spread.size.height == 100)
        let centered = FlexRow(spacing: 10, alignContent: .center, children: boxes(5, 40, 20)).layout(width150)
        #expect(centered.positions.map { $0.y } == [25, 25, 25, 55, 55])
        // Unbounded height: nothing to spread.
        let open = FlexRow(spacing: 10, alignContent: .center, children: boxes(5, 40, 20)).layout(Constraint(maxSize: CGSize(width: 150, height: unbounded)))
        #expect(open.size.height == 50)
    }

    @Test func flexColumnWrapsAtTheHeight() {
        let height100 = Constraint(maxSize: CGSize(width: unbounded, height: 100))
        let column = FlexColumn(spacing: 10) {
            for _ in 0..<5 { Space(width: 20, height: 40) }
        }.layout(height100)
        // 40+10+40 = 90 fits; the third starts a second column.
        #expect(column.positions == [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 50), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 50), CGPoint(x: 60, y: 0)])
        #expect(column.size == CGSize(width: 80, height: 90))
        // Items centred across their column's width; the column's spare height at its end.
        let mixed = FlexColumn(lineSpacing: 4, interitemSpacing: 0, justifyContent: .end, alignItems: .center, children: [
            Space(width: 10, height: 30), Space(width: 30, height: 30), Space(width: 20, height: 60),
        ]).layout(height100)
        #expect(mixed.positions == [CGPoint(x: 10, y: 40), CGPoint(x: 0, y: 70), CGPoint(x: 34, y: 40)])
        #expect(mixed.size == CGSize(width: 54, height: 100))
    }

    @Test func flexColumnInAComponentViewMakesEveryChildsView() {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
        view.component = FlexColumn(spacing: 5) {
            for index in 0..<4 { ColorBox(.systemBlue).size(width: 20 + CGFloat(index), height: 25) }
        }
        .size(height: 55)   // a vertical component view's height is unbounded: bound it to wrap
        view.layoutIfNeeded()
        #expect(view.subviews.map { $0.frame.origin } == [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 30), CGPoint(x: 26, y: 0), CGPoint(x: 26, y: 30)])
        #expect(view.subviews.map { $0.frame.width } == [20, 21, 22, 23])
    }
}
