import Parley

// The examples of seed 003 ("Custom Component"), compiled as written. The changes: the seed's
// slip in `MyVStack` (`child.size`: a component has no size) reads the child's render node; the
// first example's body is a comment (`// layout code`), so it is left out; the usage line is
// wrapped in a function. This file imports Parley only, as an app's file would;
// `scripts/check-seed-package` also builds it in a package outside the repository.

/// The profile the seed's `ComponentBuilder` example shows.
struct Profile {
    let name: String
    let role: String
}

/// The seed's first profile: a custom `Component` composing a `VStack`.
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

/// The seed's usage line needs `ProfileComponent` at file scope.
typealias ProfileComponent = SeedBuilderExample.ProfileComponent

enum Seed003 {
    /// The seed's usage line, given the view and the profile it assumes.
    @MainActor static func usage(_ componentView: ComponentView, _ myProfile: Profile) {
        // Usage
        componentView.component = ProfileComponent(profile: myProfile)
    }
}
