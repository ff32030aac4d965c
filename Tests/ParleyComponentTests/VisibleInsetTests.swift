import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct VisibleInsetTests {
    /// Ten 50-point rows, each a container (a box inset in an HStack), not a leaf.
    func rows() -> VStack {
        VStack {
            for index in 0..<10 {
                HStack { ColorBox(.systemBlue).size(width: 40, height: 46) }.inset(top: 2, left: 0, bottom: 2, right: 0).id("row\(index)")
            }
        }
    }

    func host(_ component: any Component) -> ComponentView {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = component
        view.layoutIfNeeded()
        return view
    }

    @Test func negativeInsetMakesViewsBeyondTheViewport() {
        #expect(host(rows()).subviews.count == 2, "rows 0 and 1 fill the 100-point viewport")
        let reaching = host(rows().visibleInset(-60))
        // The frame reaches 60 points further down: rows at 100 and 150 come in too.
        #expect(reaching.subviews.map { $0.frame.minY } == [2, 52, 102, 152])
        let vertical = host(rows().visibleInset(v: -60))
        #expect(vertical.subviews.count == 4)
    }

    @Test func positiveInsetShrinksAndTheNodeIsTransparent() {
        #expect(host(rows().visibleInset(UIEdgeInsets(top: 0, left: 0, bottom: 60, right: 0))).subviews.count == 1)
        let constraint = Constraint(maxSize: CGSize(width: 200, height: unbounded))
        let plain = rows().layout(constraint), inset = rows().visibleInset(-10).layout(constraint)
        #expect(inset.size == plain.size)
        #expect(inset.positions == plain.positions)
        #expect(inset.visibleIndexes(in: CGRect(x: 0, y: 0, width: 200, height: 100)) == [0, 1, 2])
        #expect(rows().visibleInset(.nan).layout(constraint).insets == .zero)
    }
}
