import Foundation
import Parley
import ParleyTesting
import Testing

/// Hands tests a draft binding and what `onChange` saw.
@MainActor
final class ControlsProbe {
    var draft: Binding<String>?
    var isOn: Binding<Bool>?
    var count: Binding<Int>?
    var changes: [String] = []
}

/// A field bound to a draft, and a label echoing the draft.
struct DraftEditor: View {
    let probe: ControlsProbe
    @State private var draft = ""

    var body: some View {
        probe.draft = $draft
        return VStack(alignment: .leading, spacing: 8) {
            TextField("Send a message", text: $draft)
            Echo(text: draft)
        }
        .padding(8)
    }
}

struct Echo: View {
    let text: String
    var body: some View { Text("typed: \(text)").id("echo") }
}

/// A toggle and a label showing its state.
struct ToggleScreen: View {
    let probe: ControlsProbe
    @State private var isOn = false

    var body: some View {
        probe.isOn = $isOn
        return VStack(alignment: .leading, spacing: 8) {
            Toggle("Mute channel", isOn: $isOn).id("toggle")
            Text(isOn ? "muted" : "audible").id("toggle-state")
        }
        .padding(16)
    }
}

/// A counter whose changes `onChange` reports (old → new), animated with `withAnimation`.
struct ChangeScreen: View {
    let probe: ControlsProbe
    @State private var count = 0

    var body: some View {
        probe.count = $count
        let probe = self.probe
        return Text("\(count)")
            .onChange(of: count) { old, new in probe.changes.append("\(old)->\(new)") }
    }
}

/// Circles in wide, tall and square frames, beside a capsule in a wide one.
struct CircleFramesView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(spacing: 12) {
                Circle().fill(Color.blue).frame(width: 120, height: 60)
                Circle().fill(Color.orange).frame(width: 40, height: 90)
                Circle().fill(Color.green).frame(width: 60, height: 60)
            }
            Capsule().fill(Color.purple).frame(width: 120, height: 40)
            Divider()
            Toggle("Notifications", isOn: .constant(true))
            Toggle("Read receipts", isOn: .constant(false))
        }
        .padding(16)
    }
}

@MainActor
@Suite(.serialized) struct ControlsTests {
    func host<V: View>(_ view: V) -> (UIHostingController<V>, HeadlessBackend) {
        hostInWindow(view, size: CGSize(width: 390, height: 300))
    }

    func label(_ controller: UIViewController, _ id: String) -> String? { hostedLabel(controller, id: id) }

    @Test func aTextFieldWritesWhatIsTypedAndShowsTheBindingsChanges() throws {
        let probe = ControlsProbe()
        let (controller, backend) = host(DraftEditor(probe: probe))
        let field = try #require(controller.view.subviews.compactMap { $0 as? UITextField }.first)
        #expect(field.placeholder == "Send a message")
        // It fills the offered width (less the padding).
        #expect(abs(field.frame.width - (390 - 16)) < 0.5)

        field.insertText("hello")
        backend.advance(by: 0.05)
        #expect(try #require(probe.draft).wrappedValue == "hello")
        #expect(label(controller, "echo") == "typed: hello")

        try #require(probe.draft).wrappedValue = ""
        backend.advance(by: 0.05)
        #expect(field.text == "")
        #expect(label(controller, "echo") == "typed: ")
    }

    @Test func aToggleFlipsItsBindingWhenTapped() throws {
        let probe = ControlsProbe()
        let (controller, backend) = host(ToggleScreen(probe: probe))
        #expect(label(controller, "toggle-state") == "audible")
        let row = try #require(controller.view.subviews.compactMap { $0 as? TappableView }.first)
        backend.tap(at: row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil))
        backend.advance(by: 0.05)
        #expect(try #require(probe.isOn).wrappedValue)
        #expect(label(controller, "toggle-state") == "muted")
    }

    @Test func aGeometryReaderTakesTheOfferedRoomAndTellsItsContent() {
        let reader = GeometryReader { proxy in
            Color.blue.frame(width: proxy.size.width / 2, height: proxy.size.height / 4)
        }
        let node = reader.frame(width: 200, height: 120).layout(Constraint(maxSize: CGSize(width: 390, height: 500)))
        #expect(node.size == CGSize(width: 200, height: 120))
        #expect(leafFrames(node) == [CGRect(x: 0, y: 0, width: 100, height: 30)])
    }

    @Test func onChangeReportsOldAndNewValuesButNotTheFirst() throws {
        let probe = ControlsProbe()
        let (_, backend) = host(ChangeScreen(probe: probe))
        #expect(probe.changes.isEmpty)
        let count = try #require(probe.count)
        withAnimation { count.wrappedValue = 1 }
        backend.advance(by: 0.05)
        withAnimation(.easeInOut(duration: 0.2)) { count.wrappedValue = 4 }
        backend.advance(by: 0.05)
        // Laid out again without a change: no report.
        count.wrappedValue = 4
        backend.advance(by: 0.05)
        #expect(probe.changes == ["0->1", "1->4"])
    }

    @Test func aCircleIsDrawnInTheShorterSideCentred() {
        let node = Circle().fill(Color.blue).frame(width: 120, height: 60).layout(Constraint(maxSize: CGSize(width: 390, height: 500)))
        #expect(node.size == CGSize(width: 120, height: 60))
        #expect(leafFrames(node) == [CGRect(x: 30, y: 0, width: 60, height: 60)])
        let tall = Circle().fill(Color.blue).frame(width: 40, height: 90).layout(Constraint(maxSize: CGSize(width: 390, height: 500)))
        #expect(leafFrames(tall) == [CGRect(x: 0, y: 25, width: 40, height: 40)])
        // A capsule still fills its frame.
        let capsule = Capsule().fill(Color.blue).frame(width: 120, height: 40).layout(Constraint(maxSize: CGSize(width: 390, height: 500)))
        #expect(leafFrames(capsule) == [CGRect(x: 0, y: 0, width: 120, height: 40)])
    }

    @Test func circlesTogglesAndDividerGolden() {
        renderHostedGolden(CircleFramesView(), named: "swiftui-circles-toggles", size: CGSize(width: 390, height: 280))
    }
}
