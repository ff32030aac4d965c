import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// Counts body evaluations per view, and hands tests the bindings views hold.
@MainActor
final class Probe {
    var evaluations: [String: Int] = [:]
    var counter: Binding<Int>?
    var title: Binding<String>?

    func evaluated(_ name: String) { evaluations[name, default: 0] += 1 }
    func count(_ name: String) -> Int { evaluations[name, default: 0] }
}

struct CounterRow: View {
    let probe: Probe
    @State private var count = 0

    var body: some View {
        probe.evaluated("counter")
        probe.counter = $count
        return Text("Count \(count)").id("counter-text")
    }
}

struct StaticRow: View {
    let probe: Probe
    let name: String

    var body: some View {
        probe.evaluated(name)
        return Text(name)
    }
}

struct TitleRow: View {
    let probe: Probe
    @Binding var title: String

    var body: some View {
        probe.evaluated("title-row")
        return Text(title).id("title-text")
    }
}

struct CounterScreen: View {
    let probe: Probe
    @State private var title = "Start"

    var body: some View {
        probe.evaluated("screen")
        probe.title = $title
        return VStack {
            StaticRow(probe: probe, name: "header")
            CounterRow(probe: probe)
            TitleRow(probe: probe, title: $title)
            StaticRow(probe: probe, name: "footer")
        }
    }
}

final class DraftModel: ObservableObject {
    @Published var draft = "hello"
}

struct DraftView: View {
    let probe: Probe
    @ObservedObject var model: DraftModel

    var body: some View {
        probe.evaluated("draft")
        return Text(model.draft).id("draft-text")
    }
}

struct DraftScreen: View {
    let probe: Probe
    let model: DraftModel

    var body: some View {
        probe.evaluated("draft-screen")
        return HStack {
            DraftView(probe: probe, model: model)
            StaticRow(probe: probe, name: "side")
        }
    }
}

@MainActor
@Suite(.serialized) struct SwiftUIStateTests {
    /// A hosting controller in a headless window, laid out.
    func host<V: View>(_ view: V, size: CGSize = CGSize(width: 390, height: 700)) -> (UIHostingController<V>, HeadlessBackend) {
        let backend = HeadlessBackend.install()
        let controller = UIHostingController(rootView: view)
        _ = backend.openWindow(size: size, rootViewController: controller)
        backend.advance(by: 0.05)
        return (controller, backend)
    }

    func text(_ controller: UIViewController, id: String) -> String? {
        ((controller.view as? ComponentView)?.visibleView(id: id) as? UILabel)?.text
    }

    @Test func aStateChangeReEvaluatesOnlyTheViewThatReadsIt() throws {
        let probe = Probe()
        let (controller, backend) = host(CounterScreen(probe: probe))
        #expect(text(controller, id: "counter-text") == "Count 0")
        let before = probe.evaluations
        #expect(before == ["screen": 1, "header": 1, "counter": 1, "title-row": 1, "footer": 1])

        try #require(probe.counter).wrappedValue = 3
        backend.advance(by: 0.05)
        #expect(text(controller, id: "counter-text") == "Count 3")
        // Only the counter row read `count`: the screen, its other rows are not evaluated again.
        #expect(probe.count("counter") == 2)
        #expect(probe.count("screen") == 1)
        #expect(probe.count("header") == 1)
        #expect(probe.count("title-row") == 1)
        #expect(probe.count("footer") == 1)
    }

    @Test func aBindingReaderReEvaluatesAndStateSurvivesTheParentsReEvaluation() throws {
        let probe = Probe()
        let (controller, backend) = host(CounterScreen(probe: probe))
        try #require(probe.counter).wrappedValue = 5
        backend.advance(by: 0.05)
        let screenBefore = probe.count("screen")

        // The title is the screen's state, read by the title row through a binding (and not by
        // the screen's body itself): the row re-evaluates.
        try #require(probe.title).wrappedValue = "Changed"
        backend.advance(by: 0.05)
        #expect(text(controller, id: "title-text") == "Changed")
        #expect(probe.count("title-row") == 2)
        #expect(probe.count("screen") == screenBefore)
        // The counter kept its state.
        #expect(text(controller, id: "counter-text") == "Count 5")
    }

    @Test func publishedChangesReEvaluateOnlyTheObservingView() {
        let probe = Probe()
        let model = DraftModel()
        let (controller, backend) = host(DraftScreen(probe: probe, model: model))
        #expect(text(controller, id: "draft-text") == "hello")
        // On the main queue, the change invalidates the reading view at once (no await: another
        // suite's headless backend could replace this one meanwhile).
        model.draft = "typed"
        backend.advance(by: 0.05)
        #expect(text(controller, id: "draft-text") == "typed")
        #expect(probe.count("draft") == 2)
        #expect(probe.count("draft-screen") == 1)
        #expect(probe.count("side") == 1)
    }

    @Test func theSeedsSceneOpensTheChannelListWithTheFactory() throws {
        let data = try ChannelListSceneData.make()
        let saved = ChatViews.client
        ChatViews.client = data.client
        defer { ChatViews.client = saved }
        let navigation = Seed002App().body.makeRootViewController()
        let list = try #require(navigation.topViewController as? ChatChannelListView)
        #expect(list.viewFactory === CustomFactory.shared)
    }

    @Test func aScreenInsideAViewJoinsTheHostsNavigationStack() throws {
        let data = try ChannelListSceneData.make()
        let backend = HeadlessBackend.install()
        let list = ChatChannelListView(viewFactory: DefaultViewFactory.shared, controller: data.client.channelListController())
        let host = UIHostingController(rootView: NavigationStack { list })
        let navigation = UINavigationController(rootViewController: host)
        _ = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: navigation)
        backend.advance(by: 0.1)
        #expect(list.parent === host)
        #expect(list.navigationController === navigation)
        #expect(list.view.window != nil)
    }
}
