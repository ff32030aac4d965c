import Foundation
import ParleyUIKit

/// How a stack distributes its children along its main axis when it has room to spare.
public enum MainAxisAlignment: Sendable, Hashable {
    /// Packed at the start.
    case start
    /// Packed at the end.
    case end
    /// Packed in the middle.
    case center
    /// The first at the start, the last at the end, equal gaps between.
    case spaceBetween
    /// Equal space around each child (half a gap at the ends).
    case spaceAround
    /// Equal gaps between the children and at both ends.
    case spaceEvenly
}

/// How children sit across a stack's main axis.
public enum CrossAxisAlignment: Sendable, Hashable {
    /// At the start (left in a `VStack`, top in an `HStack`).
    case start
    /// At the end.
    case end
    /// In the middle.
    case center
    /// Stretched to the stack's cross size.
    case stretch
    /// First text baselines on one line (in an `HStack`; children without text align their
    /// bottoms to it). In a `VStack` it means `.start`.
    case baseline
}

/// The two layout axes, with the main/cross vocabulary the stacks use.
enum LayoutAxis: Sendable {
    case horizontal
    case vertical

    @inline(__always) func main(_ size: CGSize) -> CGFloat { self == .vertical ? size.height : size.width }
    @inline(__always) func cross(_ size: CGSize) -> CGFloat { self == .vertical ? size.width : size.height }
    @inline(__always) func main(_ point: CGPoint) -> CGFloat { self == .vertical ? point.y : point.x }
    @inline(__always) func size(main: CGFloat, cross: CGFloat) -> CGSize {
        self == .vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross)
    }
    @inline(__always) func point(main: CGFloat, cross: CGFloat) -> CGPoint {
        self == .vertical ? CGPoint(x: cross, y: main) : CGPoint(x: main, y: cross)
    }
}
