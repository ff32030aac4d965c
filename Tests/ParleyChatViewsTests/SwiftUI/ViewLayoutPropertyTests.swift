import Foundation
import Parley
import ParleyTesting
import Testing

/// A generated layout tree, built either as components or as views with bodies.
indirect enum LayoutSpec: Sendable {
    case text(String)
    case spacer
    case box(CGFloat, CGFloat)
    case hstack(CGFloat, [LayoutSpec])
    case vstack(CGFloat, [LayoutSpec])
    case zstack([LayoutSpec])
    case padding(CGFloat, LayoutSpec)

    static func random(depth: Int, using rng: inout SeededGenerator) -> LayoutSpec {
        let words = ["Hi", "Hello there", "A longer line of text that may wrap", "مرحبا", "🙂 ok", "x"]
        if depth == 0 || Int.random(in: 0..<4, using: &rng) == 0 {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return .text(words.randomElement(using: &rng)!)
            case 1: return .spacer
            default: return .box(CGFloat(Int.random(in: 1...80, using: &rng)), CGFloat(Int.random(in: 1...40, using: &rng)))
            }
        }
        let children = (0..<Int.random(in: 1...4, using: &rng)).map { _ in random(depth: depth - 1, using: &rng) }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .hstack(CGFloat(Int.random(in: 0...8, using: &rng)), children)
        case 1: return .vstack(CGFloat(Int.random(in: 0...8, using: &rng)), children)
        case 2: return .zstack(children)
        default: return .padding(CGFloat(Int.random(in: 0...12, using: &rng)), children[0])
        }
    }

    /// The tree as ParleyComponent components.
    @MainActor
    var component: any Component {
        switch self {
        case .text(let string): Text(string)
        case .spacer: Spacer()
        case .box(let width, let height): ColorBox(.systemBlue).size(width: width, height: height)
        case .hstack(let spacing, let children): HStack(spacing: spacing, children: children.map(\.component))
        case .vstack(let spacing, let children): VStack(spacing: spacing, children: children.map(\.component))
        case .zstack(let children): ZStack(children: children.map(\.component))
        case .padding(let length, let child): child.component.eraseToAnyComponent().padding(length)
        }
    }
}

/// The same tree written as SwiftUI views: every node a view with a body, children written in
/// builder closures (so they are tracked by the view graph).
struct SpecView: View {
    let spec: LayoutSpec

    var body: some View {
        switch spec {
        case .text(let string):
            Text(string)
        case .spacer:
            Spacer()
        case .box(let width, let height):
            Color.blue.frame(width: width, height: height)
        case .hstack(let spacing, let children):
            HStack(spacing: spacing) {
                for child in children { SpecView(spec: child) }
            }
        case .vstack(let spacing, let children):
            VStack(spacing: spacing) {
                ForEach(0..<children.count) { index in SpecView(spec: children[index]) }
            }
        case .zstack(let children):
            ZStack {
                for child in children { SpecView(spec: child) }
            }
        case .padding(let length, let child):
            SpecView(spec: child).padding(length)
        }
    }
}

/// The frames of the drawing leaves of a render tree, in order, in root coordinates.
@MainActor
func leafFrames(_ node: any RenderNode, origin: CGPoint = .zero) -> [CGRect] {
    let children = node.children
    if children.isEmpty { return node.shouldRenderView ? [CGRect(origin: origin, size: node.size)] : [] }
    var frames: [CGRect] = []
    for (child, position) in zip(children, node.positions) {
        frames += leafFrames(child, origin: CGPoint(x: origin.x + position.x, y: origin.y + position.y))
    }
    return frames
}

@MainActor
@Suite struct ViewLayoutPropertyTests {
    @Test(arguments: 0..<6)
    func aViewTreeLaysOutAsTheEquivalentComponentTree(batch: Int) {
        var rng = SeededGenerator(seed: 0x5717_0000 + UInt64(batch))
        for _ in 0..<40 {
            let spec = LayoutSpec.random(depth: 4, using: &rng)
            let width = CGFloat(Int.random(in: 40...600, using: &rng))
            let constraint = Constraint(maxSize: CGSize(width: width, height: .infinity))
            let componentNode = spec.component.eraseToAnyComponent().layout(constraint)
            let viewNode = SpecView(spec: spec).layout(constraint)
            #expect(viewNode.size == componentNode.size, "\(spec) at width \(width)")
            #expect(leafFrames(viewNode) == leafFrames(componentNode), "\(spec) at width \(width)")
        }
    }
}
