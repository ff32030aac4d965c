import CCairoPango
import Foundation
import Parley
import ParleyScenes
@_spi(Benchmarks) import ParleyUIKit

/// `render.frame_vs_floor`: a full 1280×800 gallery frame composed from cached layers, against
/// clearing a 1280×800 surface and copying another onto it, in the same run.
enum RenderBench {
    @MainActor
    static func run(quick: Bool) throws -> [BenchResult] {
        let size = CGSize(width: 1280, height: 800)
        guard let scene = SceneCatalog.scene(named: "gallery") else { return [] }
        let view = SceneCatalog.makeView(scene, size: size)
        let frames = quick ? 30 : 200
        let probe = FrameProbe(view: view, width: 1280, height: 800)

        // The first frame rasterises every layer; later frames compose cached surfaces.
        let first = Bench.time { probe.renderFrame() }
        var ours: [Double] = [], floor: [Double] = []
        for _ in 0..<10 { probe.renderFrame(); probe.floorFrame() }
        for _ in 0..<frames {
            ours.append(Bench.time { probe.renderFrame() })
            floor.append(Bench.time { probe.floorFrame() })
        }
        let rasterized = Compositor.rasterizedLayersInLastFrame, composed = Compositor.composedLayersInLastFrame
        // Diagnostic: an empty window (background only) shows the cost of the frame itself.
        let empty = UIView(frame: CGRect(origin: .zero, size: size))
        empty.backgroundColor = .systemBackground
        let emptyProbe = FrameProbe(view: empty, width: 1280, height: 800)
        var emptyTimes: [Double] = []
        for _ in 0..<frames { emptyTimes.append(Bench.time { emptyProbe.renderFrame() }) }
        let oursMs = Bench.median(ours) * 1e3, floorMs = Bench.median(floor) * 1e3
        return [
            BenchResult(name: "render.first_frame_ms", value: first * 1e3, unit: "ms", target: nil, better: .lower),
            BenchResult(name: "render.frame_ms", value: oursMs, unit: "ms", target: nil, better: .lower),
            BenchResult(name: "render.empty_frame_ms", value: Bench.median(emptyTimes) * 1e3, unit: "ms", target: nil, better: .lower),
            BenchResult(name: "render.floor_ms", value: floorMs, unit: "ms", target: nil, better: .lower),
            BenchResult(name: "render.frame_vs_floor", value: oursMs / floorMs, unit: "ratio", target: 2.0, better: .lower),
            BenchResult(name: "render.rasterized_layers_per_frame", value: Double(rasterized), unit: "count", target: nil, better: .lower),
            BenchResult(name: "render.composed_layers_per_frame", value: Double(composed), unit: "count", target: nil, better: .lower),
        ]
    }
}
