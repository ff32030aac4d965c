import Foundation
import ParleyUIKit

/// `app.idle_cpu_percent` and `app.scroll_rasterized_layers` (see shared/BENCHMARKS.md).
///
/// Idle CPU is measured in `parley-sample --idle N`, a real application (SDL window when a display
/// is available, else the headless backend) whose own loop owns the main thread — the bench's async
/// main cannot run that loop itself. The sample is built next to `parley` (`swift build` builds both).
/// Scrolling is measured in process on the headless backend: a 1280×800 window with a list of 200
/// labelled rows, every row drawn once, then 240 scroll frames counting the layers each rasterises.
enum AppBench {
    @MainActor
    static func run(quick: Bool) throws -> [BenchResult] {
        var results: [BenchResult] = []
        results.append(contentsOf: idleCPU(seconds: quick ? 3 : 10))
        results.append(contentsOf: scrollRasterisation(frames: quick ? 60 : 240))
        return results
    }

    private static func idleCPU(seconds: Double) -> [BenchResult] {
        let directory = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        let binary = directory.appendingPathComponent("parley-sample")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            FileHandle.standardError.write(Data("app.idle_cpu_percent: \(binary.path) is missing; build it with `swift build -c release --product parley-sample`\n".utf8))
            return [BenchResult(name: "app.idle_cpu_percent", value: .nan, unit: "%", target: 1, better: .lower)]
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--idle", String(seconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch {
            return [BenchResult(name: "app.idle_cpu_percent", value: .nan, unit: "%", target: 1, better: .lower)]
        }
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        func field(_ name: String) -> Double? {
            output.split(separator: " ").first { $0.hasPrefix(name + "=") }.flatMap { Double($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let backend = ProcessInfo.processInfo.environment["DISPLAY"].map { $0.isEmpty ? "headless" : "SDL" } ?? "headless"
        FileHandle.standardError.write(Data("app.idle: \(backend) window, \(output.trimmingCharacters(in: .whitespacesAndNewlines))\n".utf8))
        return [
            BenchResult(name: "app.idle_cpu_percent", value: field("cpu_percent") ?? .nan, unit: "%", target: 1, better: .lower),
            BenchResult(name: "app.idle_frames", value: field("frames") ?? .nan, unit: "count", target: nil, better: .lower),
        ]
    }

    @MainActor
    private static func scrollRasterisation(frames: Int) -> [BenchResult] {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 1280, height: 800))
        let list = UIScrollView(frame: window.bounds)
        let rowHeight: CGFloat = 64
        for row in 0..<200 {
            let label = UILabel(frame: CGRect(x: 16, y: CGFloat(row) * rowHeight, width: 1248, height: rowHeight - 8))
            label.text = "Row \(row): the quick brown fox jumps over the lazy dog 🦊"
            label.numberOfLines = 2
            label.backgroundColor = row.isMultiple(of: 2) ? .secondarySystemBackground : .systemBackground
            label.layer.cornerRadius = 12
            label.clipsToBounds = true
            list.addSubview(label)
        }
        list.contentSize = CGSize(width: 1280, height: 200 * rowHeight)
        window.addSubview(list)
        // Draw every row once so each has its cached surface.
        var y: CGFloat = 0
        while y <= list.contentSize.height {
            list.contentOffset = CGPoint(x: 0, y: min(y, list.contentSize.height - 800))
            backend.advance(by: 1.0 / 60)
            y += 700
        }
        list.contentOffset = .zero
        backend.advance(by: 1)
        var total = 0, worst = 0, frameTimes: [Double] = []
        for step in 1...frames {
            let offset = CGFloat(step) * 37
            list.contentOffset = CGPoint(x: 0, y: offset.truncatingRemainder(dividingBy: list.contentSize.height - 800))
            frameTimes.append(Bench.time { backend.advance(by: 1.0 / 60) })
            total += Compositor.rasterizedLayersInLastFrame
            worst = max(worst, Compositor.rasterizedLayersInLastFrame)
        }
        return [
            BenchResult(name: "app.scroll_rasterized_layers", value: Double(total) / Double(frames), unit: "count", target: 0, better: .lower),
            BenchResult(name: "app.scroll_rasterized_layers_max", value: Double(worst), unit: "count", target: nil, better: .lower),
            BenchResult(name: "app.scroll_frame_ms", value: Bench.median(frameTimes) * 1e3, unit: "ms", target: nil, better: .lower),
        ]
    }
}
