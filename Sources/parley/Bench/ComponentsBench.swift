@_spi(Benchmarks) import ParleyUIKit
import Foundation
import Parley

/// `components.*`: the declarative engine — visibility queries, a scroll render step, a reload of
/// lazy rows, and laying out text rows against raw Pango measuring the same strings.
enum ComponentsBench {
    /// The width rows are laid out at.
    static let width: CGFloat = 320

    @MainActor
    static func run(quick: Bool) throws -> [BenchResult] {
        [
            visibility(quick: quick),
            scrollRender(quick: quick),
            lazyReload(quick: quick),
            textRows(quick: quick),
        ]
    }

    // MARK: components.visibility_100k_us

    /// One visible-children query of a `VerticalRenderNode` with 100,000 rows of varied heights,
    /// at positions spread over the list.
    @MainActor
    static func visibility(quick: Bool) -> BenchResult {
        var rng = SplitMix64(seed: 7)
        var children: [any RenderNode] = []
        var positions: [CGPoint] = []
        var y: CGFloat = 0, tallest: CGFloat = 0
        for _ in 0..<100_000 {
            let height = CGFloat(24 + rng.next() % 120)
            children.append(SpaceRenderNode(size: CGSize(width: width, height: height)))
            positions.append(CGPoint(x: 0, y: y))
            y += height + 4
            tallest = max(tallest, height)
        }
        let node = VerticalRenderNode(size: CGSize(width: width, height: y), children: children, positions: positions, mainAxisMaxValue: tallest)
        let queries = (0..<1000).map { _ in CGRect(x: 0, y: CGFloat(rng.next() % UInt64(y)), width: width, height: 800) }
        var found = 0
        var samples: [Double] = []
        for _ in 0..<(quick ? 7 : 25) {
            let seconds = Bench.time {
                for frame in queries { found &+= node.visibleIndexes(in: frame).count }
            }
            samples.append(seconds / Double(queries.count))
        }
        precondition(found > 0, "the queries found no rows")
        return BenchResult(name: "components.visibility_100k_us", value: Bench.median(samples) * 1e6, unit: "µs", target: 5, better: .lower)
    }

    // MARK: components.scroll_render_ms

    /// A chat-like row: a name, a message and a time, on a tinted background. Its views opt into
    /// reuse, as a long list's rows should (views leaving the screen are parked and reused).
    struct Row: ComponentBuilder {
        let index: Int
        func build() -> some Component {
            HStack(spacing: 8, alignItems: .center) {
                Text("User \(index % 17)", font: .boldSystemFont(ofSize: 13)).reuseKey("text")
                Text("Message number \(index)", font: .systemFont(ofSize: 15)).reuseKey("text").flex(0, shrink: 1)
                Spacer()
                Text("12:\(index % 60 < 10 ? "0" : "")\(index % 60)", font: .systemFont(ofSize: 11), textColor: .secondaryLabel).reuseKey("text")
            }
            .padding(.horizontal, 12)
            .size(width: .fill, height: 40)
            .background(ColorBox(index % 2 == 0 ? UIColor.systemBackground : UIColor.secondarySystemBackground).reuseKey("box"))
            .id("row\(index)")
        }
    }

    /// One render step (offset change → `layoutSubviews` → visibility + diff) of a view showing
    /// 20 of 10,000 rows; nothing is rasterised (no frame is drawn).
    @MainActor
    static func scrollRender(quick: Bool) -> BenchResult {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: width, height: 800))
        view.component = VStack(children: (0..<10_000).map { Row(index: $0) })
        view.layoutIfNeeded()
        precondition(view.visibleIDs.count >= 20 * 4, "expected 20 visible rows")
        var samples: [Double] = []
        let steps = quick ? 1_500 : 6_000
        let maxY = view.contentSize.height - 800
        // Warm-up: views for the first screens exist, the text cache holds their layouts.
        for _ in 0..<200 { view.contentOffset.y += 13; view.layoutIfNeeded() }
        for _ in 0..<steps {
            var next = view.contentOffset.y + 13
            if next > maxY { next = 0 }
            let seconds = Bench.time {
                view.contentOffset.y = next
                view.layoutIfNeeded()
            }
            samples.append(seconds)
        }
        return BenchResult(name: "components.scroll_render_ms", value: Bench.median(samples) * 1e3, unit: "ms", target: 0.3, better: .lower)
    }

    // MARK: components.reload_10k_lazy_ms

    /// A reload of 10,000 lazy rows after one row arrives, as a chat does when a message comes
    /// in: layout (estimates and cached sizes), anchoring, measuring the rows that come on
    /// screen, and the view diff. Building the 10,000 component values is the app's work and is
    /// timed apart (reported on standard error).
    @MainActor
    static func lazyReload(quick: Bool) -> BenchResult {
        let corpus = ChatCorpus.messages(count: 1000)
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: width, height: 800))
        view.contentAnchor = .bottom
        func component(count: Int) -> some Component {
            VStack(spacing: 4) {
                for index in 0..<count {
                    Text(corpus[index % corpus.count], font: .systemFont(ofSize: 15))
                        .inset(h: 12, v: 8)
                        .lazy(id: "m\(index)", revision: 0, estimatedHeight: 44)
                }
            }
        }
        var reloads: [Double] = [], builds: [Double] = []
        var count = 10_000
        let first = Bench.time {
            view.component = component(count: count)
            view.layoutIfNeeded()
        }
        for _ in 0..<(quick ? 10 : 30) {
            count += 1
            var built: (any Component)?
            builds.append(Bench.time { built = component(count: count) })
            view.component = built
            reloads.append(Bench.time { view.layoutIfNeeded() })
            precondition(view.isScrolledToBottom, "a chat resting at the bottom stays there")
        }
        FileHandle.standardError.write(Data(String(format: "components: first reload of 10,000 lazy rows %.2f ms (cold caches); building the 10,000 component values %.2f ms\n",
                                                   first * 1e3, Bench.median(builds) * 1e3).utf8))
        return BenchResult(name: "components.reload_10k_lazy_ms", value: Bench.median(reloads) * 1e3, unit: "ms", target: 20, better: .lower)
    }

    // MARK: components.text_rows_vs_pango

    /// Lays out a `VStack` of 1,000 `Text` rows (cold text cache) against raw Pango laying out the
    /// same 1,000 strings, alternating, in the same run.
    @MainActor
    static func textRows(quick: Bool) -> BenchResult {
        // The corpus repeats messages; the engine would measure a repeat from its cache, raw
        // Pango would not. Numbered strings make both sides measure 1,000 distinct strings.
        let corpus = ChatCorpus.messages(count: 1000).enumerated().map { "\($0.element) #\($0.offset)" }
        let font = UIFont.systemFont(ofSize: 15)
        let raw = RawPangoReference(font: font)
        let constraint = Constraint(maxSize: CGSize(width: width, height: CGFloat.infinity))
        let rows = corpus.map { Text($0, font: font) }

        func engine() -> Double {
            TextMeasurement.removeAllCachedLayouts()
            var height: CGFloat = 0
            let seconds = Bench.time {
                height = VStack(children: rows).layout(constraint).size.height
            }
            precondition(height > 0)
            return seconds
        }
        func pango() -> Double {
            var height: CGFloat = 0
            // Raw layouts stay alive through the pass, as the engine's cached ones do; freed untimed.
            defer { raw.releaseKeptLayouts() }
            let seconds = Bench.time {
                for string in corpus { height += raw.measure(string, width: width, keepLayout: true).height }
            }
            precondition(height > 0)
            return seconds
        }
        // Warm Pango's glyph and shaping caches for both paths.
        _ = engine(); _ = pango()
        var ours: [Double] = [], reference: [Double] = []
        for _ in 0..<(quick ? 5 : 15) {
            ours.append(engine())
            reference.append(pango())
        }
        TextMeasurement.removeAllCachedLayouts()
        let ratio = Bench.median(ours) / Bench.median(reference)
        FileHandle.standardError.write(Data(String(format: "components: 1,000 text rows %.2f ms, raw Pango %.2f ms\n",
                                                   Bench.median(ours) * 1e3, Bench.median(reference) * 1e3).utf8))
        return BenchResult(name: "components.text_rows_vs_pango", value: ratio, unit: "ratio", target: 1.2, better: .lower)
    }
}
