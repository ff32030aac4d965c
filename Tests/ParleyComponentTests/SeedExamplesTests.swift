import Foundation
import ParleyComponent
import ParleyUIKit
import Testing

// The seed's examples are in Seeds/Examples/Seed003Examples.swift.

@MainActor
@Suite struct SeedExamplesTests {
    @Test func profileComponentStacksTwoLines() {
        let node = SeedComponentExample.ProfileComponent().layout(Constraint(maxSize: CGSize(width: 320, height: CGFloat.infinity)))
        #expect(node.children.count == 2)
        #expect(node.positions[0] == .zero)
        #expect(node.positions[1].y == node.children[0].size.height)
        #expect(node.size.height == node.children[0].size.height + node.children[1].size.height)
        #expect(node.size.width == max(node.children[0].size.width, node.children[1].size.width))
        #expect(node.children[0].size.height > 15 && node.children[0].size.height < 30)
    }

    @Test func profileBuilderMatchesTheComponent() {
        let myProfile = Profile(name: "Luke Zhao", role: "iOS Developer")
        let constraint = Constraint(maxSize: CGSize(width: 320, height: CGFloat.infinity))
        let built = SeedBuilderExample.ProfileComponent(profile: myProfile).layout(constraint)
        let direct = SeedComponentExample.ProfileComponent().layout(constraint)
        #expect(built.size == direct.size)
        #expect(built.positions == direct.positions)
    }

    @Test func profileBuilderInAComponentView() {
        let myProfile = Profile(name: "Luke Zhao", role: "iOS Developer")
        let componentView = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        Seed003.usage(componentView, myProfile)
        componentView.layoutIfNeeded()
        let labels = componentView.subviews.compactMap { $0 as? UILabel }
        #expect(labels.map(\.text) == ["Luke Zhao", "iOS Developer"])
        #expect(labels[1].frame.minY == labels[0].frame.maxY)
    }

    @Test func myVStackWithVerticalRenderNode() {
        let stack = MyVStack(children: [Text("one"), Space(width: 40, height: 30), Text("three")])
        let node = stack.layout(Constraint(maxSize: CGSize(width: 200, height: CGFloat.infinity)))
        #expect(node.children.count == 3)
        #expect(node.positions.map { $0.y } == [0, node.children[0].size.height, node.children[0].size.height + 30])
        #expect((node as? VerticalRenderNode)?.mainAxisMaxValue == max(30, node.children[0].size.height))
        // The binary-search visibility of the seed's node finds the middle child alone.
        let middle = CGRect(x: 0, y: node.positions[1].y + 1, width: 200, height: 10)
        #expect(node.visibleIndexes(in: middle) == [1])
    }
}
