import Foundation
import Parley

/// `swiftui.*`: the SwiftUI-compatible layer — a lazy list's first frame, and one `@State`
/// change to its frame.
enum SwiftUIBench {
    @MainActor
    static func run(quick: Bool) throws -> [BenchResult] {
        [listFirstFrame(quick: quick), stateUpdate(quick: quick)]
    }

    /// A message of the benchmark's list.
    struct Message: Identifiable {
        let id: Int
        let author: String
        let text: String
    }

    /// A chat row written as SwiftUI: an avatar, the author and the text.
    struct MessageRow: View {
        let message: Message

        var body: some View {
            HStack(alignment: .top, spacing: 8) {
                Circle().fill(message.id.isMultiple(of: 2) ? Color.blue : Color.orange).frame(width: 32, height: 32)
                VStack(alignment: .leading, spacing: 2) {
                    Text(message.author).font(.headline)
                    Text(message.text).font(.body)
                }
                Spacer()
            }
            .padding(.horizontal, 12)
            .padding(.vertical, 6)
        }
    }

    /// The list screen: a lazy stack of rows in a scroll view.
    struct ListScreen: View {
        let messages: [Message]

        var body: some View {
            ScrollView {
                LazyVStack(alignment: .leading) {
                    ForEach(messages) { message in
                        MessageRow(message: message)
                    }
                }
            }
        }
    }

    static func messages(_ count: Int) -> [Message] {
        let words = ["hello", "the", "mockups", "are", "ready", "for", "review", "🙂", "shipping", "today", "later", "thanks"]
        return (0..<count).map { index in
            let length = 3 + index % 17
            let text = (0..<length).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
            return Message(id: index, author: "User \(index % 23)", text: text)
        }
    }

    // MARK: swiftui.list_1k_layout_ms

    /// A `LazyVStack` of 1,000 message rows in a 1,280 × 800 window: from the hosting controller's
    /// creation to its first frame drawn.
    @MainActor
    static func listFirstFrame(quick: Bool) -> BenchResult {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 1280, height: 800))
        let messages = messages(1000)
        var samples: [Double] = []
        for _ in 0..<(quick ? 3 : 11) {
            window.rootViewController = nil
            backend.advance(by: 1.0 / 60)
            samples.append(Bench.time {
                window.rootViewController = UIHostingController(rootView: ListScreen(messages: messages))
                backend.advance(by: 1.0 / 60)
            })
        }
        return BenchResult(name: "swiftui.list_1k_layout_ms", value: Bench.median(samples) * 1e3, unit: "ms", target: 20, better: .lower)
    }

    // MARK: swiftui.state_update_ms

    /// Hands the benchmark the counter's binding.
    @MainActor
    final class Handle {
        var counter: Binding<Int>?
    }

    /// The one view that reads the state.
    struct Counter: View {
        let handle: Handle
        @State private var count = 0

        var body: some View {
            handle.counter = $count
            return Text("Count \(count)").font(.title)
        }
    }

    /// A screen of 200 views (40 rows of five) and the counter.
    struct Screen: View {
        let handle: Handle

        var body: some View {
            VStack(alignment: .leading, spacing: 2) {
                Counter(handle: handle)
                ForEach(0..<40) { row in
                    HStack(spacing: 6) {
                        Image(systemName: "person.crop.circle")
                        Text("Row \(row)").font(.headline)
                        Spacer()
                        Text("12:\(10 + row)").font(.caption).foregroundColor(.secondary)
                        Circle().fill(Color.green).frame(width: 8, height: 8)
                    }
                }
            }
            .padding(.horizontal, 16)
        }
    }

    /// One `@State` change in a screen of 200 views, to its frame drawn.
    @MainActor
    static func stateUpdate(quick: Bool) -> BenchResult {
        let backend = HeadlessBackend.install()
        let handle = Handle()
        _ = backend.openWindow(size: CGSize(width: 1280, height: 800), rootViewController: UIHostingController(rootView: Screen(handle: handle)))
        backend.advance(by: 1.0 / 60)
        guard let counter = handle.counter else { preconditionFailure("the counter was not laid out") }
        let evaluationsBefore = ViewGraph.bodyEvaluations
        var samples: [Double] = []
        let rounds = quick ? 20 : 120
        for _ in 0..<rounds {
            samples.append(Bench.time {
                counter.wrappedValue += 1
                backend.advance(by: 1.0 / 60)
            })
        }
        // Only the counter's body ran again, once per change.
        precondition(ViewGraph.bodyEvaluations - evaluationsBefore == rounds, "a state change re-rendered more than its reader")
        return BenchResult(name: "swiftui.state_update_ms", value: Bench.median(samples) * 1e3, unit: "ms", target: 2, better: .lower)
    }
}
