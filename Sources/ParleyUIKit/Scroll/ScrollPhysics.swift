import Foundation

/// The scrolling feel, in one place: UIKit's constants and formulas, pure functions of numbers so
/// they can be tested without views.
///
/// Units: positions in points, time in milliseconds, velocities in points per millisecond (as
/// UIKit's `scrollViewWillEndDragging` reports them).
enum ScrollPhysics {
    /// UIKit's rubber-band constant.
    static let rubberBandCoefficient: CGFloat = 0.55
    /// Angular frequency of the critically damped spring that brings overscroll back, per ms
    /// (a 100-point overscroll settles in about half a second).
    static let springOmega: CGFloat = 0.014
    /// Below this remaining distance momentum snaps to its target.
    static let restDistance: CGFloat = 0.5
    /// Below this speed (points per ms) a spring at its edge is at rest.
    static let restVelocity: CGFloat = 0.02

    /// How far content shows when dragged `overscroll` points past an edge of a viewport `dimension` long:
    /// (1 − 1 / (x · 0.55 / d + 1)) · d.
    static func rubberBand(_ overscroll: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, overscroll > 0 else { return max(0, overscroll) }
        return (1 - 1 / (overscroll * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The inverse of `rubberBand`: the drag distance that shows `visible` points of overscroll.
    static func inverseRubberBand(_ visible: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, visible > 0 else { return max(0, visible) }
        let clamped = min(visible, dimension * 0.999)
        return dimension * (1 / (1 - clamped / dimension) - 1) / rubberBandCoefficient
    }

    /// `raw` with rubber-banding outside `minimum...maximum` (or clamped when not bouncing).
    static func rubberBanded(_ raw: CGFloat, minimum: CGFloat, maximum: CGFloat, dimension: CGFloat, bounces: Bool) -> CGFloat {
        if raw < minimum { return bounces ? minimum - rubberBand(minimum - raw, dimension: dimension) : minimum }
        if raw > maximum { return bounces ? maximum + rubberBand(raw - maximum, dimension: dimension) : maximum }
        return raw
    }

    /// The drag position that shows `visible` (the inverse of `rubberBanded`).
    static func unbanded(_ visible: CGFloat, minimum: CGFloat, maximum: CGFloat, dimension: CGFloat) -> CGFloat {
        if visible < minimum { return minimum - inverseRubberBand(minimum - visible, dimension: dimension) }
        if visible > maximum { return maximum + inverseRubberBand(visible - maximum, dimension: dimension) }
        return visible
    }

    /// Where momentum that starts at `position` with `velocity` comes to rest with `rate` per ms.
    static func projectedRest(position: CGFloat, velocity: CGFloat, rate: CGFloat) -> CGFloat {
        guard rate > 0, rate < 1 else { return position }
        return position - velocity / log(rate)
    }

    /// Exponential decay toward `target`: position and velocity `elapsed` ms after starting at `start`.
    static func decay(start: CGFloat, target: CGFloat, rate: CGFloat, elapsed: CGFloat) -> (position: CGFloat, velocity: CGFloat) {
        let remaining = pow(rate, elapsed)
        let position = target - (target - start) * remaining
        let velocity = (target - start) * -log(rate) * remaining
        return (position, velocity)
    }

    /// A critically damped spring toward 0: offset and velocity `elapsed` ms after (x0, v0).
    static func spring(offset x0: CGFloat, velocity v0: CGFloat, elapsed t: CGFloat, omega: CGFloat = springOmega) -> (offset: CGFloat, velocity: CGFloat) {
        let b = v0 + omega * x0
        let e = exp(-omega * t)
        return ((x0 + b * t) * e, (b - omega * (x0 + b * t)) * e)
    }
}

/// One axis of momentum: exponential decay toward a target, switching to a spring when it runs
/// past an edge (or when it starts outside one).
struct ScrollAxisMomentum {
    enum Phase {
        case decaying(start: CGFloat, target: CGFloat, startTime: CGFloat)
        case springing(edge: CGFloat, offset: CGFloat, velocity: CGFloat, startTime: CGFloat)
        case resting
    }

    var phase: Phase
    var position: CGFloat
    let minimum: CGFloat
    let maximum: CGFloat
    let rate: CGFloat
    let bounces: Bool

    /// Momentum from `position` toward `target` (starting with a spring if outside the edges).
    init(position: CGFloat, target: CGFloat, velocity: CGFloat, minimum: CGFloat, maximum: CGFloat, rate: CGFloat, bounces: Bool, time: CGFloat) {
        self.position = position
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.rate = rate
        self.bounces = bounces
        let rest = target
        let outside = position < minimum - 0.01 || position > self.maximum + 0.01
        if outside && bounces && rest >= minimum && rest <= self.maximum {
            // Flicked back inward from the overscroll: plain momentum toward a resting place inside.
            phase = .decaying(start: position, target: rest, startTime: time)
        } else if position < minimum - 0.01 {
            phase = .springing(edge: minimum, offset: position - minimum, velocity: bounces ? velocity : 0, startTime: time)
        } else if position > self.maximum + 0.01 {
            phase = .springing(edge: self.maximum, offset: position - self.maximum, velocity: bounces ? velocity : 0, startTime: time)
        } else if abs(target - position) < ScrollPhysics.restDistance {
            phase = .resting
            self.position = min(max(position, minimum), self.maximum)
        } else {
            let end = bounces ? target : min(max(target, minimum), self.maximum)
            phase = .decaying(start: position, target: end, startTime: time)
        }
    }

    var isResting: Bool { if case .resting = phase { return true } else { return false } }

    /// Advances to `time` (ms) and returns the new position.
    mutating func step(to time: CGFloat) -> CGFloat {
        switch phase {
        case .resting:
            return position
        case let .decaying(start, target, startTime):
            let (p, v) = ScrollPhysics.decay(start: start, target: target, rate: rate, elapsed: time - startTime)
            if abs(target - p) < ScrollPhysics.restDistance {
                position = target
                if target < minimum || target > maximum {
                    let edge = target < minimum ? minimum : maximum
                    phase = .springing(edge: edge, offset: target - edge, velocity: 0, startTime: time)
                } else {
                    phase = .resting
                }
                return position
            }
            if (p < minimum && v < 0) || (p > maximum && v > 0) {
                let edge = p < minimum ? minimum : maximum
                if bounces {
                    phase = .springing(edge: edge, offset: p - edge, velocity: v, startTime: time)
                    position = p
                } else {
                    phase = .resting
                    position = edge
                }
                return position
            }
            position = p
            return p
        case let .springing(edge, offset, velocity, startTime):
            let (x, v) = ScrollPhysics.spring(offset: offset, velocity: velocity, elapsed: time - startTime)
            if abs(x) < ScrollPhysics.restDistance && abs(v) < ScrollPhysics.restVelocity {
                position = edge
                phase = .resting
                return edge
            }
            position = edge + x
            return position
        }
    }
}
