import Foundation
import Parley
import ParleyTesting
import Testing

/// A view with a body laid out inside modifiers (`.padding`, `.background`): its body builds a
/// counter with state of its own, and shows its parent's title.
struct ModifiedInner: View {
    let probe: CounterProbe
    let title: String

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(title).id("title")
            NamedCounter(probe: probe, name: "inner")
        }
    }
}

/// A screen holding ``ModifiedInner`` behind modifiers; the test changes its title.
struct ModifiedScreen: View {
    let probe: CounterProbe
    let titleHandle: TitleHandle
    @State private var title = "first"

    var body: some View {
        titleHandle.title = $title
        return VStack(alignment: .leading, spacing: 4) {
            ModifiedInner(probe: probe, title: title)
                .padding(8)
                .background(Color.clear)
            Text("after").id("after")
        }
    }
}

@MainActor
final class TitleHandle {
    var title: Binding<String>?
}

/// A circle clip of frames that are not square, and of a square one.
struct CircleClips: View {
    var body: some View {
        VStack(alignment: .center, spacing: 12) {
            LinearGradient(colors: [.purple, .blue], startPoint: .leading, endPoint: .trailing)
                .frame(width: 160, height: 60)
                .clipShape(Circle())
                .border(Color.orange)
            HStack(alignment: .center, spacing: 12) {
                Color.green.frame(width: 50, height: 110).clipShape(Circle())
                Text("Clipped").padding(12).background(Color.red).clipShape(Circle())
                Color.blue.frame(width: 60, height: 60).clipShape(Circle())
            }
        }
        .padding(16)
    }
}

@MainActor
@Suite(.serialized) struct ModifierStateAndClipTests {
    @Test func stateInsideAViewBehindModifiersSurvivesAFullReload() throws {
        let probe = CounterProbe()
        let handle = TitleHandle()
        let (controller, backend) = hostInWindow(ModifiedScreen(probe: probe, titleHandle: handle))
        let view = try #require(controller.view as? ComponentView)
        #expect(hostedLabel(controller, id: "label-inner") == "inner: 0")

        try probe.binding("inner").wrappedValue = 4
        backend.advance(by: 0.05)
        #expect(hostedLabel(controller, id: "label-inner") == "inner: 4")

        // The whole screen laid out again: the counter inside the modified view keeps its state.
        view.reloadData()
        backend.advance(by: 0.05)
        #expect(hostedLabel(controller, id: "label-inner") == "inner: 4")

        // The parent evaluated again with a new title: the modified view shows it, and the
        // counter inside still keeps its state.
        try #require(handle.title).wrappedValue = "second"
        backend.advance(by: 0.05)
        #expect(hostedLabel(controller, id: "title") == "second")
        #expect(hostedLabel(controller, id: "label-inner") == "inner: 4")
        view.reloadData()
        backend.advance(by: 0.05)
        #expect(hostedLabel(controller, id: "label-inner") == "inner: 4")
    }

    @Test func aCircleClipOfAFrameThatIsNotSquareIsTheCentredCircleOfItsShorterSide() throws {
        let (controller, backend) = hostInWindow(
            Color.green.frame(width: 120, height: 60).clipShape(Circle()).padding(10), size: CGSize(width: 200, height: 100))
        backend.advance(by: 0.05)
        let root = try #require(controller.view as? ComponentView)
        // The clipping view is the centred 60-point square, rounded to a circle.
        func all(_ view: UIView) -> [UIView] { view.subviews + view.subviews.flatMap(all) }
        let clip = try #require(all(root).first { $0.layer.masksToBounds && $0.layer.cornerRadius > 0 })
        #expect(clip.bounds.size == CGSize(width: 60, height: 60))
        #expect(clip.layer.cornerRadius == 30)
        // Inside it, the colour keeps its 120 × 60 frame, shifted so that its middle shows.
        let colour = try #require(all(clip).first { $0.bounds.width == 120 })
        #expect(colour.convert(colour.bounds, to: clip) == CGRect(x: -30, y: 0, width: 120, height: 60))
    }

    @Test func circleClipsGolden() {
        renderHostedGolden(CircleClips(), named: "swiftui-circle-clips", size: CGSize(width: 320, height: 230))
    }
}
