import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

@MainActor
@Suite struct LayoutTests {
    let width320 = Constraint(maxSize: CGSize(width: 320, height: unbounded))

    func box(_ width: CGFloat, _ height: CGFloat) -> some Component { Space(width: width, height: height) }

    @Test func constraintIsWellFormed() {
        let c = Constraint(minSize: CGSize(width: 500, height: CGFloat.nan), maxSize: CGSize(width: 300, height: -4))
        #expect(c.minSize == CGSize(width: 300, height: 0))
        #expect(c.maxSize == CGSize(width: 300, height: 0))
        #expect(Constraint(tightSize: CGSize(width: 10, height: 20)).isTight)
        let inset = Constraint(minSize: CGSize(width: 10, height: 10), maxSize: CGSize(width: 100, height: unbounded))
            .inset(by: UIEdgeInsets(top: 5, left: 20, bottom: 5, right: 20))
        #expect(inset.minSize == CGSize(width: 0, height: 0))
        #expect(inset.maxSize.width == 60 && inset.maxSize.height == unbounded)
    }

    @Test func vstackSpacingAndCrossAlignment() {
        let children: [any Component] = [box(100, 10), box(50, 20), box(80, 30)]
        let start = VStack(spacing: 5, children: children).layout(width320)
        #expect(start.size == CGSize(width: 100, height: 70))
        #expect(start.positions == [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 15), CGPoint(x: 0, y: 40)])
        let center = VStack(spacing: 5, alignItems: .center, children: children).layout(width320)
        #expect(center.positions.map { $0.x } == [0, 25, 10])
        let end = VStack(alignItems: .end, children: children).layout(width320)
        #expect(end.positions.map { $0.x } == [0, 50, 20])
        let stretch = VStack(alignItems: .stretch, children: children).layout(width320)
        #expect(stretch.children.map { $0.size.width } == [320, 320, 320])
        #expect(stretch.size.width == 320)
    }

    @Test func justifyContentDistributesSpareRoom() {
        let fixed = Constraint(minSize: .zero, maxSize: CGSize(width: 100, height: 40))
        let children: [any Component] = [box(10, 10), box(20, 10), box(10, 10)]
        func xs(_ justify: MainAxisAlignment) -> [CGFloat] { HStack(justifyContent: justify, children: children).layout(fixed).positions.map { $0.x } }
        #expect(xs(.start) == [0, 10, 30])
        #expect(xs(.end) == [60, 70, 90])
        #expect(xs(.center) == [30, 40, 60])
        #expect(xs(.spaceBetween) == [0, 40, 90])
        #expect(xs(.spaceAround) == [10, 40, 80])
        #expect(xs(.spaceEvenly) == [15, 40, 75])
        #expect(HStack(justifyContent: .spaceBetween, children: children).layout(fixed).size.width == 100)
    }

    @Test func flexGrowSharesRoomAndShrinkAbsorbsOverflow() {
        let fixed = Constraint(maxSize: CGSize(width: 100, height: 40))
        let grown = HStack { box(20, 10); box(0, 10).flex(1); box(0, 10).flex(3) }.layout(fixed)
        #expect(grown.children.map { $0.size.width } == [20, 20, 60])
        #expect(grown.size.width == 100)
        let spaced = HStack { Text("left"); Spacer(); Text("right") }.layout(fixed)
        #expect(spaced.positions[2].x + spaced.children[2].size.width == 100)
        let long = String(repeating: "word ", count: 40)
        let shrunk = HStack(spacing: 8) { Text(long).flex(0, shrink: 1); Text("12:04") }.layout(Constraint(maxSize: CGSize(width: 200, height: unbounded)))
        #expect(shrunk.size.width <= 200)
        #expect(shrunk.children[0].size.height > shrunk.children[1].size.height * 3, "the long text wraps")
    }

    @Test func baselineAlignmentLinesUpText() throws {
        let node = HStack(alignItems: .baseline) {
            Text("Big", font: .systemFont(ofSize: 30))
            Text("small", font: .systemFont(ofSize: 11))
        }.layout(width320)
        let big = try #require(node.children[0].firstBaseline), small = try #require(node.children[1].firstBaseline)
        #expect(abs((node.positions[0].y + big) - (node.positions[1].y + small)) <= 0.5)
        #expect(node.positions[1].y > node.positions[0].y)
    }

    @Test func textMeasuresLikeALabelAndDrawsWithTheSameLayout() {
        let string = "Measured once, drawn with the same layout — naïve café 👍🏽 日本語"
        let node = Text(string, font: .systemFont(ofSize: 15)).layout(Constraint(maxSize: CGSize(width: 200, height: unbounded)))
        let label = UILabel()
        label.font = .systemFont(ofSize: 15)
        label.numberOfLines = 0
        label.text = string
        #expect(node.size == label.sizeThatFits(CGSize(width: 200, height: unbounded)))
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.component = Text(string, font: .systemFont(ofSize: 15))
        view.layoutIfNeeded()
        let before = TextMeasurement.layoutsCreated
        _ = view.renderImage(scale: 1)
        #expect(TextMeasurement.layoutsCreated == before, "drawing laid the text out again")
        #expect((view.subviews.first as? UILabel)?.text == string)
    }

    @Test func textIsNeverParsedAsMarkup() {
        let node = Text("<b>&amp;</b>").layout(width320)
        let plain = TextMeasurement.size(of: "<b>&amp;</b>", font: .systemFont(ofSize: 17), width: 320)
        #expect(node.size == plain)
        #expect(node.size.width > TextMeasurement.size(of: "&", font: .systemFont(ofSize: 17), width: 320).width * 5)
    }

    @Test func attributedText() {
        let attributed = NSMutableAttributedString(string: "Bold ", attributes: [.font: UIFont.boldSystemFont(ofSize: 20)])
        attributed.append(NSAttributedString(string: "and plain"))
        let node = Text(attributed).layout(width320)
        #expect(node.size.height >= 20)
        #expect(node.size.width > TextMeasurement.size(of: "Bold and plain", font: .systemFont(ofSize: 17), width: nil).width)
    }

    @Test func flowWrapsLines() {
        let node = Flow(spacing: 10) { for _ in 0..<7 { box(40, 20) } }.layout(Constraint(maxSize: CGSize(width: 150, height: unbounded)))
        // 40 + 10 + 40 + 10 + 40 = 140 fits; the fourth wraps.
        #expect(node.positions.map { $0.y } == [0, 0, 0, 30, 30, 30, 60])
        #expect(node.positions.map { $0.x } == [0, 50, 100, 0, 50, 100, 0])
        #expect(node.size == CGSize(width: 140, height: 80))
    }

    @Test func waterfallFillsTheShortestColumnAndStaysSorted() {
        let heights: [CGFloat] = [50, 20, 30, 10, 40, 25]
        let node = Waterfall(columns: 2, spacing: 4) { for h in heights { box(0, h) } }.layout(Constraint(maxSize: CGSize(width: 104, height: unbounded)))
        #expect(node.positions.map { $0.x } == [0, 54, 54, 0, 54, 0])
        #expect(node.positions.map { $0.y } == zip(node.positions.map { $0.y }, node.positions.map { $0.y }.sorted()).map { $1 })
        #expect(node.children.allSatisfy { $0.size.width == 50 })
    }

    @Test func zstackAndCentered() {
        let z = ZStack { box(100, 50); box(20, 10) }.layout(width320)
        #expect(z.size == CGSize(width: 100, height: 50))
        #expect(z.positions[1] == CGPoint(x: 40, y: 20))
        let centered = box(20, 10).centered().layout(Constraint(maxSize: CGSize(width: 100, height: 50)))
        #expect(centered.size == CGSize(width: 100, height: 50))
        #expect(centered.positions[0] == CGPoint(x: 40, y: 20))
    }

    @Test func sizeModifiers() {
        let c = Constraint(maxSize: CGSize(width: 200, height: 100))
        #expect(Text("hi").size(width: 50, height: 30).layout(c).size == CGSize(width: 50, height: 30))
        #expect(Text("hi").size(width: .fill, height: .fit).layout(c).size.width == 200)
        #expect(box(10, 10).width(.percentage(0.25)).layout(c).size.width == 50)
        let fit = Text("hi").layout(c).size
        #expect(Text("hi").size(width: .fit, height: .fit).layout(c).size == fit)
        let variable: CGFloat = 77
        #expect(box(1, 1).size(width: variable, height: variable).layout(c).size == CGSize(width: 77, height: 77))
    }

    @Test func insetAndPadding() {
        let node = box(10, 10).inset(top: 1, left: 2, bottom: 3, right: 4).layout(width320)
        #expect(node.size == CGSize(width: 16, height: 14))
        #expect(node.positions == [CGPoint(x: 2, y: 1)])
        let padded = box(10, 10).padding(.horizontal, 8).layout(width320)
        #expect(padded.size == CGSize(width: 26, height: 10))
        #expect(box(10, 10).padding(5).layout(width320).size == CGSize(width: 20, height: 20))
        #expect(box(10, 10).inset(h: 3, v: 4).layout(width320).size == CGSize(width: 16, height: 18))
    }

    @Test func backgroundOverlayBadgeOffset() {
        let bg = box(40, 20).background(.systemRed, cornerRadius: 4).layout(width320)
        #expect(bg.size == CGSize(width: 40, height: 20))
        #expect(bg.children[0].size == CGSize(width: 40, height: 20), "the background takes the content's size")
        let over = box(40, 20).overlay { box(5, 5) }.layout(width320)
        #expect(over.children[1].size == CGSize(width: 40, height: 20))
        let badged = box(40, 20).badge(box(10, 10)).layout(width320)
        #expect(badged.size == CGSize(width: 40, height: 20))
        #expect(badged.positions[1] == CGPoint(x: 35, y: -5))
        let shifted = box(40, 20).offset(x: 3, y: -2).layout(width320)
        #expect(shifted.size == CGSize(width: 40, height: 20) && shifted.positions[0] == CGPoint(x: 3, y: -2))
    }

    @Test func resultBuilderControlFlow() {
        let flag = true
        let optional: String? = nil
        let items = ["a", "b", "c"]
        let node = VStack {
            if flag { box(1, 1) } else { box(2, 2) }
            if let optional { Text(optional) }
            for _ in items { box(3, 3) }
            switch items.count { case 3: box(4, 4); default: box(5, 5) }
            [box(6, 6), box(7, 7)] as [any Component]
            Optional<Space>.none
        }.layout(width320)
        #expect(node.children.map { $0.size.width } == [1, 3, 3, 3, 4, 6, 7])
    }

    @Test func viewComponentAsksTheViewForItsSize() {
        let label = UILabel()
        label.text = "Hosted"
        let node = ViewComponent(view: label).layout(width320)
        #expect(node.size == label.sizeThatFits(CGSize(width: 320, height: unbounded)))
        let explicit = ViewComponent(generator: { UIView() }).size(width: 30, height: 40).layout(width320)
        #expect(explicit.size == CGSize(width: 30, height: 40))
    }

    @Test func tappableRunsItsAction() throws {
        var taps = 0
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = Text("Tap me").inset(10).tappable { taps += 1 }
        view.layoutIfNeeded()
        let control = try #require(view.subviews.first as? TappableView)
        control.sendActions(for: .touchUpInside)
        #expect(taps == 1)
        #expect(view.subviews.count == 2, "the tappable view sits behind the label")
    }

    @Test func updateModifierRunsAfterTheNodeUpdatesTheView() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.component = Text("x").update { ($0 as? UILabel)?.text = "changed" }
        view.layoutIfNeeded()
        #expect((view.subviews.first as? UILabel)?.text == "changed")
    }
}

/// Text in an overflowing row wraps (seed 002's `HStack { Text(message.text); Spacer() }`).
@MainActor
@Suite struct HStackTextWrapTests {
    @Test func longTextInARowWrapsWithinTheRow() {
        let long = String(repeating: "a long livestream message that keeps going ", count: 6)
        let node = HStack {
            Text(long)
            Spacer()
        }.layout(Constraint(maxSize: CGSize(width: 200, height: CGFloat.infinity)))
        let text = node.children[0]
        #expect(node.size.width <= 200)
        #expect(text.size.width <= 200)
        let oneLine = Text("a").layout(Constraint(maxSize: CGSize(width: 200, height: CGFloat.infinity))).size.height
        #expect(text.size.height > oneLine * 3)
        // A row that fits is left alone: the text keeps its one-line width.
        let short = HStack { Text("hi"); Spacer() }.layout(Constraint(maxSize: CGSize(width: 200, height: CGFloat.infinity)))
        #expect(short.children[0].size.height == oneLine)
    }

    @Test func twoTextsShareTheShortfallInProportion() {
        let a = String(repeating: "left ", count: 40), b = String(repeating: "right ", count: 20)
        let node = HStack(spacing: 8) {
            Text(a)
            Text(b)
        }.layout(Constraint(maxSize: CGSize(width: 300, height: CGFloat.infinity)))
        #expect(node.size.width <= 300.5)
        #expect(node.children[0].size.width > node.children[1].size.width)
    }
}
