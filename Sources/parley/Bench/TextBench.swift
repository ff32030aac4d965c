import Foundation
@_spi(Benchmarks) import ParleyUIKit

/// `text.*`: measuring chat messages through Parley's text engine, cold and cached, against raw
/// Pango measuring the same strings in the same run.
enum TextBench {
    static let width: CGFloat = 280

    @MainActor
    static func run(quick: Bool) throws -> [BenchResult] {
        let corpus = ChatCorpus.messages(count: 1000)
        let font = UIFont.preferredFont(forTextStyle: .body)
        let raw = RawPangoReference(font: font)
        let rounds = quick ? 5 : 15

        func ours() -> Double {
            TextEngineProbe.removeAllLayouts()
            return Bench.time {
                for message in corpus { _ = TextEngineProbe.measure(message, font: font, width: width) }
            } / Double(corpus.count)
        }
        func pango() -> Double {
            // Raw layouts stay alive through the pass, as our cached ones do; both are freed untimed.
            defer { raw.releaseKeptLayouts() }
            return Bench.time {
                for message in corpus { _ = raw.measure(message, width: width, keepLayout: true) }
            } / Double(corpus.count)
        }
        func cached() -> Double {
            Bench.time {
                for message in corpus { _ = TextEngineProbe.measure(message, font: font, width: width) }
            } / Double(corpus.count)
        }

        // Warm Pango's own font and shaping caches for both paths.
        _ = ours(); _ = pango()
        var cold: [Double] = [], rawTimes: [Double] = [], warm: [Double] = []
        for round in 0..<rounds {
            // Alternate which goes first, so drift and allocator state affect both alike.
            if round % 2 == 0 {
                cold.append(ours())
                rawTimes.append(pango())
            } else {
                rawTimes.append(pango())
                cold.append(ours())
            }
            for _ in 0..<3 { warm.append(cached()) }
        }
        let coldUs = Bench.median(cold) * 1e6, warmUs = Bench.median(warm) * 1e6, rawUs = Bench.median(rawTimes) * 1e6
        return [
            BenchResult(name: "text.measure_cold_us", value: coldUs, unit: "µs", target: nil, better: .lower),
            BenchResult(name: "text.measure_cached_us", value: warmUs, unit: "µs", target: nil, better: .lower),
            BenchResult(name: "text.cold_vs_cached", value: coldUs / warmUs, unit: "ratio", target: 500, better: .higher),
            BenchResult(name: "text.measure_vs_pango", value: coldUs / rawUs, unit: "ratio", target: 1.15, better: .lower),
            BenchResult(name: "text.raw_pango_us", value: rawUs, unit: "µs", target: nil, better: .lower),
        ]
    }
}
