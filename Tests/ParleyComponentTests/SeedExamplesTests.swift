import Foundation
import ParleyComponent
import ParleyUIKit
import Testing

// The examples of seed 003 ("Custom Component"), compiled as written. The only change is the
// seed's slip in `MyVStack`: `child.size` (a component has no size) reads the child's render node.

/// The profile the seed's `ComponentBuilder` example shows.
struct Profile {
    let name: String
    let role: String
}

/// The seed's first example: a custom `Component` composing a `VStack`.
enum SeedComponentExample {
    struct ProfileComponent: Component {
        func layout(_ constraint: Constraint) -> some RenderNode {
            VStack {
                Text("Luke Zhao")
                Text("iOS Developer")
            }.layout(constraint)
        }
    }
}

/// The seed's second example: the same profile as a `ComponentBuilder`.
enum SeedBuilderExample {
    struct ProfileComponent: ComponentBuilder {
        let profile: Profile
        func build() -> some Component {
            VStack {
                Text(profile.name)
                Text(profile.role)
            }
        }
    }
}

/// The seed's custom layout: a `VStack` without spacing, returning a `VerticalRenderNode`.
struct MyVStack: Component {
    let children: [any Component]
    func layout(_ constraint: Constraint) -> some RenderNode {
        var childrenRenderNodes: [RenderNode] = []
        var childrenPositions: [CGPoint] = []
        var currentOffset = 0.0
        var maxChildWidth = 0.0
        var maxChildHeight = 0.0
        for child in children {
            let childRenderNode = child.layout(constraint)
            let childPosition = CGPoint(x: 0, y: currentOffset)
            currentOffset += childRenderNode.size.height
            childrenRenderNodes.append(childRenderNode)
            childrenPositions.append(childPosition)
            maxChildWidth = max(maxChildWidth, childRenderNode.size.width)
            maxChildHeight = max(maxChildHeight, childRenderNode.size.height)
        }
        let size = CGSize(width: maxChildWidth, height: currentOffset)
        return VerticalRenderNode(size: size, children: childrenRenderNodes, positions: childrenPositions, mainAxisMaxValue: maxChildHeight)
    }
}

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
        componentView.component = ProfileComponent(profile: myProfile)
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

/// The seed's usage line needs `ProfileComponent` at file scope.
typealias ProfileComponent = SeedBuilderExample.ProfileComponent
