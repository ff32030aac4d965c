import Foundation

/// Runs `UIView.animate` animations: records what the animations block changed, then moves each
/// changed layer property from its old value to its new one, frame by frame, landing exactly on
/// the new value; the completion runs once, after the last frame.
///
/// Recording compares the animatable properties (bounds, position, transform, opacity,
/// background colour) of every layer in the application's windows before and after the block,
/// so frames set by Auto Layout inside the block (`layoutIfNeeded()`) animate too. An animation
/// of a property replaces one already running on that property, starting from where it shows.
///
/// Difference from UIKit: there is no separate presentation layer, so reading a property during
/// an animation gives the value on screen, not the final one.
@MainActor
final class UIViewAnimator {
    static let shared = UIViewAnimator()

    enum Property: Hashable { case bounds, position, transform, opacity, backgroundColor }

    enum Value: Equatable {
        case rect(CGRect)
        case point(CGPoint)
        case transform(CGAffineTransform)
        case float(Float)
        case color(UIColor?)
    }

    final class Track {
        let layer: CALayer
        let property: Property
        let from: Value
        let to: Value
        init(layer: CALayer, property: Property, from: Value, to: Value) {
            self.layer = layer; self.property = property; self.from = from; self.to = to
        }
    }

    final class Animation {
        var tracks: [Track]
        let start: TimeInterval
        let delay: TimeInterval
        let duration: TimeInterval
        let curve: (Double) -> Double
        let completion: (@MainActor (Bool) -> Void)?
        init(tracks: [Track], start: TimeInterval, delay: TimeInterval, duration: TimeInterval, curve: @escaping (Double) -> Double,
             completion: (@MainActor (Bool) -> Void)?) {
            self.tracks = tracks; self.start = start; self.delay = delay; self.duration = duration; self.curve = curve; self.completion = completion
        }
    }

    private var running: [Animation] = []
    private var ticker: FrameScheduler.Ticker?
    /// Nesting depth of animation blocks (nested blocks join the outer animation).
    private var recordingDepth = 0
    /// Whether changes are applied without animation (`performWithoutAnimation`).
    var animationsDisabled = 0

    /// Whether an animation is running (tests read it).
    var isAnimating: Bool { !running.isEmpty }

    func animate(duration: TimeInterval, delay: TimeInterval, curve: @escaping (Double) -> Double,
                 animations: () -> Void, completion: (@MainActor (Bool) -> Void)?) {
        let scheduler = FrameScheduler.shared
        guard scheduler.isDriven, animationsDisabled == 0, recordingDepth == 0, duration > 0 || delay > 0 else {
            recordingDepth += 1
            animations()
            recordingDepth -= 1
            if let completion {
                if scheduler.isDriven { scheduler.schedule(after: max(0, delay + duration)) { completion(true) } } else {
                    DispatchQueue.main.async { completion(true) }
                }
            }
            return
        }
        let roots = UIApplication.shared.windows.map(\.layer)
        var before: [ObjectIdentifier: (CALayer, [Property: Value])] = [:]
        for root in roots { Self.capture(root, into: &before) }
        recordingDepth += 1
        animations()
        recordingDepth -= 1

        var tracks: [Track] = []
        for (id, entry) in before {
            let layer = entry.0
            let now = Self.values(of: layer)
            for (property, old) in entry.1 where now[property] != old {
                guard let new = now[property] else { continue }
                tracks.append(Track(layer: layer, property: property, from: old, to: new))
                _ = id
            }
        }
        guard !tracks.isEmpty else {
            if let completion { scheduler.schedule(after: delay + duration) { completion(true) } }
            return
        }
        // A new animation of a property takes over from a running one.
        for animation in running {
            animation.tracks.removeAll { old in tracks.contains { $0.layer === old.layer && $0.property == old.property } }
        }
        // Show the old values until the animation moves them.
        for track in tracks { Self.apply(track.from, track.property, to: track.layer) }
        running.append(Animation(tracks: tracks, start: scheduler.now, delay: delay, duration: duration, curve: curve, completion: completion))
        startTicking()
    }

    private func startTicking() {
        guard ticker == nil else { return }
        ticker = FrameScheduler.shared.addTicker { [weak self] time in
            guard let self else { return false }
            self.step(at: time)
            if self.running.isEmpty { self.ticker = nil; return false }
            return true
        }
    }

    private func step(at time: TimeInterval) {
        var finished: [Animation] = []
        for animation in running {
            let elapsed = time - animation.start - animation.delay
            guard elapsed >= 0 else { continue }
            let linear = animation.duration > 0 ? min(1, elapsed / animation.duration) : 1
            if linear >= 1 {
                for track in animation.tracks { Self.apply(track.to, track.property, to: track.layer) }
                finished.append(animation)
                continue
            }
            let p = animation.curve(linear)
            for track in animation.tracks {
                Self.apply(Self.interpolate(track.from, track.to, p, layer: track.layer), track.property, to: track.layer)
            }
        }
        running.removeAll { a in finished.contains { $0 === a } }
        for animation in finished { animation.completion?(true) }
    }

    /// Ends every animation at its final values without calling completions (a fresh application).
    func reset() {
        for animation in running { for track in animation.tracks { Self.apply(track.to, track.property, to: track.layer) } }
        running.removeAll()
        ticker?.invalidate()
        ticker = nil
        recordingDepth = 0
        animationsDisabled = 0
    }

    // MARK: Values

    private static func capture(_ layer: CALayer, into map: inout [ObjectIdentifier: (CALayer, [Property: Value])]) {
        map[ObjectIdentifier(layer)] = (layer, values(of: layer))
        for sublayer in layer.sublayers ?? [] { capture(sublayer, into: &map) }
    }

    private static func values(of layer: CALayer) -> [Property: Value] {
        [.bounds: .rect(layer.bounds), .position: .point(layer.position), .transform: .transform(layer.affineTransform()),
         .opacity: .float(layer.opacity), .backgroundColor: .color(layer.backgroundColor)]
    }

    private static func apply(_ value: Value, _ property: Property, to layer: CALayer) {
        switch (property, value) {
        case let (.bounds, .rect(r)): if layer.bounds != r { layer.bounds = r }
        case let (.position, .point(p)): if layer.position != p { layer.position = p }
        case let (.transform, .transform(t)): layer.setAffineTransform(t)
        case let (.opacity, .float(f)): layer.opacity = f
        case let (.backgroundColor, .color(c)): layer.backgroundColor = c
        default: break
        }
    }

    private static func interpolate(_ from: Value, _ to: Value, _ p: Double, layer: CALayer) -> Value {
        let t = CGFloat(p)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        switch (from, to) {
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: max(0, mix(a.width, b.width)), height: max(0, mix(a.height, b.height))))
        case let (.point(a), .point(b)):
            return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case let (.transform(a), .transform(b)):
            return .transform(CGAffineTransform(a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d), tx: mix(a.tx, b.tx), ty: mix(a.ty, b.ty)))
        case let (.float(a), .float(b)):
            return .float(a + (b - a) * Float(p))
        case let (.color(a), .color(b)):
            let traits = (layer.delegate as? UIView)?.traitCollection ?? .default
            let ca = (a ?? b?.withAlphaComponent(0))?.components(for: traits) ?? (red: 0, green: 0, blue: 0, alpha: 0)
            let cb = (b ?? a?.withAlphaComponent(0))?.components(for: traits) ?? (red: 0, green: 0, blue: 0, alpha: 0)
            return .color(UIColor(red: mix(ca.red, cb.red), green: mix(ca.green, cb.green), blue: mix(ca.blue, cb.blue), alpha: mix(ca.alpha, cb.alpha)))
        default:
            return to
        }
    }

    // MARK: Curves

    /// A cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1), as Core Animation's.
    nonisolated static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> (Double) -> Double {
        { x in
            guard x > 0 else { return 0 }
            guard x < 1 else { return 1 }
            // Solve x(s) = x by Newton's method, then evaluate y(s).
            var s = x
            for _ in 0..<8 {
                let xs = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s - x
                let dx = 3 * (1 - s) * (1 - s) * x1 + 6 * (1 - s) * s * (x2 - x1) + 3 * s * s * (1 - x2)
                if abs(xs) < 1e-7 || dx == 0 { break }
                s = min(1, max(0, s - xs / dx))
            }
            return 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
        }
    }

    /// A spring from 0 to 1 over `duration`: damping ratio and initial velocity (in distances per second), as UIKit's.
    nonisolated static func spring(damping: Double, initialVelocity: Double, duration: Double) -> (Double) -> Double {
        let zeta = max(0.01, damping)
        // Chosen so the motion settles (envelope below 0.1 %) by the end of the duration.
        let omega = log(1000) / (min(1, zeta) * max(0.01, duration))
        let v0 = -initialVelocity
        return { p in
            guard p < 1 else { return 1 }
            let t = p * duration
            if zeta < 1 {
                let wd = omega * sqrt(1 - zeta * zeta)
                let envelope = exp(-zeta * omega * t)
                return 1 - envelope * (cos(wd * t) + (zeta * omega + v0) / wd * sin(wd * t))
            }
            return 1 - (1 + (omega + v0) * t) * exp(-omega * t)
        }
    }
}
