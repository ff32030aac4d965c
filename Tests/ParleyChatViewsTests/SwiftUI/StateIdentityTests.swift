import Foundation
import Parley
import ParleyTesting
import Testing

/// Hands tests the bindings of named counters.
@MainActor
final class CounterProbe {
    var bindings: [String: Binding<Int>] = [:]
    var evaluations: [String: Int] = [:]

    func binding(_ name: String) throws -> Binding<Int> { try #require(bindings[name]) }
}

/// A counter showing `name: count`, its state its own.
struct NamedCounter: View {
    let probe: CounterProbe
    let name: String
    @State private var count = 0

    var body: some View {
        probe.bindings[name] = $count
        probe.evaluations[name, default: 0] += 1
        return Text("\(name): \(count)").id("label-\(name)")
    }
}

/// A counter whose state is a string (another type of state at a place another view had).
struct NamedNote: View {
    let probe: CounterProbe
    let name: String
    @State private var note = "-"

    var body: some View { Text("\(name) \(note)").id("label-\(name)") }
}

/// A screen whose structure the test changes: an optional counter before the main one, a
/// note that may come before it too, and rows identified by `ForEach` ids.
struct IdentityScreen: View {
    let probe: CounterProbe
    @Binding var showsExtra: Bool
    @Binding var showsNote: Bool
    @Binding var rows: [String]

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if showsNote {
                NamedNote(probe: probe, name: "note")
            }
            if showsExtra {
                NamedCounter(probe: probe, name: "extra")
            }
            NamedCounter(probe: probe, name: "main")
            ForEach(rows, id: \.self) { row in
                NamedCounter(probe: probe, name: row)
            }
        }
    }
}

/// Owns the screen's structure, so the test can change it through bindings.
struct IdentityHost: View {
    let probe: CounterProbe
    let structure: StructureHandle
    @State private var showsExtra = false
    @State private var showsNote = false
    @State private var rows = ["a", "b", "c"]

    var body: some View {
        structure.showsExtra = $showsExtra
        structure.showsNote = $showsNote
        structure.rows = $rows
        return IdentityScreen(probe: probe, showsExtra: $showsExtra, showsNote: $showsNote, rows: $rows)
    }
}

@MainActor
final class StructureHandle {
    var showsExtra: Binding<Bool>?
    var showsNote: Binding<Bool>?
    var rows: Binding<[String]>?
}

/// A screen of many rows and one counter that reads its state.
struct ManyRowsScreen: View {
    let probe: CounterProbe

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            NamedCounter(probe: probe, name: "counter")
            ForEach(0..<30) { row in
                HStack(spacing: 6) {
                    Image(systemName: "person.crop.circle")
                    Text("Row \(row)").foregroundColor(.secondary)
                    Spacer()
                    Circle().fill(Color.green).frame(width: 8, height: 8)
                }
            }
        }
    }
}

/// A text of `count` lines, then a row after it.
struct LinesScreen: View {
    struct Lines: View {
        let probe: CounterProbe
        @State private var count = 1

        var body: some View {
            probe.bindings["lines"] = $count
            probe.evaluations["lines", default: 0] += 1
            return Text(Array(repeating: "line", count: count).joined(separator: "\n")).id("label-lines")
        }
    }

    let probe: CounterProbe

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Lines(probe: probe)
            Text("after").id("after")
        }
    }
}

/// `view` in a hosting controller in a headless window of `size`, laid out.
@MainActor
func hostInWindow<V: View>(_ view: V, size: CGSize = CGSize(width: 390, height: 700)) -> (UIHostingController<V>, HeadlessBackend) {
    let backend = HeadlessBackend.install()
    let controller = UIHostingController(rootView: view)
    _ = backend.openWindow(size: size, rootViewController: controller)
    backend.advance(by: 0.05)
    return (controller, backend)
}

/// The text of the label shown for the view `id` of a hosting controller.
@MainActor
func hostedLabel(_ controller: UIViewController, id: String) -> String? {
    ((controller.view as? ComponentView)?.visibleView(id: id) as? UILabel)?.text
}

@MainActor
@Suite(.serialized) struct StateIdentityTests {
    func host<V: View>(_ view: V) -> (UIHostingController<V>, HeadlessBackend) { hostInWindow(view) }

    func label(_ controller: UIViewController, _ name: String) -> String? { hostedLabel(controller, id: "label-\(name)") }

    @Test func aStateChangeLaysOutAndUpdatesOnlyTheSubtreeThatReadsIt() throws {
        let probe = CounterProbe()
        let (controller, backend) = host(ManyRowsScreen(probe: probe))
        let view = try #require(controller.view as? ComponentView)
        let reloads = view.componentEngine.reloadCount
        let views = view.componentEngine.visibleViews

        try probe.binding("counter").wrappedValue = 3
        backend.advance(by: 0.05)
        #expect(label(controller, "counter") == "counter: 3")
        // Same size: no reload of the screen; one view (the counter's label) updated, every
        // other view kept as it was.
        #expect(view.componentEngine.reloadCount == reloads)
        #expect(view.lastRenderStats.updated == 1)
        #expect(view.lastRenderStats.created == 0)
        #expect(view.componentEngine.visibleViews.count == views.count)
        #expect(zip(view.componentEngine.visibleViews, views).allSatisfy { $0 === $1 })
        #expect(probe.evaluations["counter"] == 2)
    }

    @Test func aStateChangeThatWidensItsViewStillLaysOutOnlyItsSubtree() throws {
        let probe = CounterProbe()
        let (controller, backend) = host(ManyRowsScreen(probe: probe))
        let view = try #require(controller.view as? ComponentView)
        let reloads = view.componentEngine.reloadCount
        let before = try #require(view.visibleView(id: "label-counter")).frame
        let others = view.componentEngine.visibleViews.filter { $0 !== view.visibleView(id: "label-counter") }.map(\.frame)

        try probe.binding("counter").wrappedValue = 123_456
        backend.advance(by: 0.05)
        #expect(label(controller, "counter") == "counter: 123456")
        // Wider, in a column as wide as the screen: the column and every other view stay.
        #expect(try #require(view.visibleView(id: "label-counter")).frame.width > before.width)
        #expect(view.componentEngine.reloadCount == reloads)
        #expect(view.componentEngine.visibleViews.filter { $0 !== view.visibleView(id: "label-counter") }.map(\.frame) == others)
        #expect(probe.evaluations["counter"] == 2)
    }

    @Test func aStateChangeThatGrowsTheScreenLaysItOutAgain() throws {
        let probe = CounterProbe()
        let (controller, backend) = host(LinesScreen(probe: probe))
        let view = try #require(controller.view as? ComponentView)
        let reloads = view.componentEngine.reloadCount
        let after = try #require(view.visibleView(id: "after")).frame

        try probe.binding("lines").wrappedValue = 3
        backend.advance(by: 0.05)
        #expect(label(controller, "lines") == "line\nline\nline")
        // Taller: the screen's column grows, so it is laid out again, and what follows moves.
        #expect(view.componentEngine.reloadCount > reloads)
        #expect(try #require(view.visibleView(id: "after")).frame.minY > after.minY)
        #expect(probe.evaluations["lines"] == 2)
    }

    @Test func stateStaysWithItsViewWhenASiblingIsInsertedBeforeIt() throws {
        let probe = CounterProbe()
        let structure = StructureHandle()
        let (controller, backend) = host(IdentityHost(probe: probe, structure: structure))
        try probe.binding("main").wrappedValue = 5
        backend.advance(by: 0.05)
        #expect(label(controller, "main") == "main: 5")

        // A counter of the same type appears before it: it starts at 0, the main one keeps 5.
        try #require(structure.showsExtra).wrappedValue = true
        backend.advance(by: 0.05)
        #expect(label(controller, "extra") == "extra: 0")
        #expect(label(controller, "main") == "main: 5")

        // A view with another type of state appears before both.
        try #require(structure.showsNote).wrappedValue = true
        backend.advance(by: 0.05)
        #expect(label(controller, "note") == "note -")
        #expect(label(controller, "main") == "main: 5")
        #expect(label(controller, "extra") == "extra: 0")
    }

    @Test func aViewThatLeavesLosesItsStateAndComesBackFresh() throws {
        let probe = CounterProbe()
        let structure = StructureHandle()
        let (controller, backend) = host(IdentityHost(probe: probe, structure: structure))
        try #require(structure.showsExtra).wrappedValue = true
        backend.advance(by: 0.05)
        try probe.binding("extra").wrappedValue = 9
        backend.advance(by: 0.05)
        #expect(label(controller, "extra") == "extra: 9")

        try #require(structure.showsExtra).wrappedValue = false
        backend.advance(by: 0.05)
        #expect(label(controller, "extra") == nil)
        try #require(structure.showsExtra).wrappedValue = true
        backend.advance(by: 0.05)
        #expect(label(controller, "extra") == "extra: 0")
    }

    @Test func forEachElementsKeepTheirStateByIdWhenReorderedOrPrecededByANewOne() throws {
        let probe = CounterProbe()
        let structure = StructureHandle()
        let (controller, backend) = host(IdentityHost(probe: probe, structure: structure))
        try probe.binding("b").wrappedValue = 7
        try probe.binding("c").wrappedValue = 2
        backend.advance(by: 0.05)

        try #require(structure.rows).wrappedValue = ["c", "b", "a"]
        backend.advance(by: 0.05)
        #expect(label(controller, "a") == "a: 0")
        #expect(label(controller, "b") == "b: 7")
        #expect(label(controller, "c") == "c: 2")

        try #require(structure.rows).wrappedValue = ["new", "c", "b", "a"]
        backend.advance(by: 0.05)
        #expect(label(controller, "new") == "new: 0")
        #expect(label(controller, "b") == "b: 7")
        #expect(label(controller, "c") == "c: 2")
    }
}
