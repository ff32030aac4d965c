import Foundation
import ParleyComponent
import ParleyUIKit

/// The view of a ``UIHostingController``: a component view laying out the root view's graph.
@MainActor
final class HostingView: ComponentView, ViewHost {
    weak var controller: UIViewController?
    private(set) var root: ViewNode?
    /// What the views laid out last asked of the screen.
    var navigationTitle: String?
    var toolbarItems: [ToolbarItemRecord] = []
    var sheets: [SheetRecord] = []
    private var presentedSheet: (controller: UIViewController, isPresented: Binding<Bool>)?
    /// The reader of what the screen itself reads (a sheet's binding): a change lays it out again.
    private(set) lazy var screenReader = ViewNode(view: EmptyView(), host: self)

    /// Reads `value` as the screen (its changes lay the screen out again).
    func readAsScreen<T>(_ value: () -> T) -> T {
        ViewGraph.evaluating.append(screenReader)
        defer { ViewGraph.evaluating.removeLast() }
        return value()
    }

    func setRoot(_ view: any View) {
        ViewGraph.install()
        let node = ViewNode(view: view, host: self)
        root = node
        // A built-in root view (a stack, `NavigationStack`) has no body to track: it is laid out
        // as itself.
        component = HostedRoot(content: isComposite(view) ? TrackedView(node: node) : view, host: self)
    }

    func viewGraphDidInvalidate() { setNeedsReload() }

    /// Whether a state change lays the whole screen out again instead of the changed view's
    /// subtree (`PARLEY_SWIFTUI_FULL_RELOAD` set): for measuring what laying out one subtree saves.
    static let reloadsWholeScreen = ProcessInfo.processInfo.environment["PARLEY_SWIFTUI_FULL_RELOAD"] != nil

    /// Views whose state changed since the last layout pass, in the order they changed.
    private var invalidatedNodes: [ViewNode] = []

    /// `node`'s state changed: at the next layout pass its subtree alone is laid out again
    /// (the whole screen when it cannot be).
    func invalidate(_ node: ViewNode) {
        if !invalidatedNodes.contains(where: { $0 === node }) { invalidatedNodes.append(node) }
        setNeedsLayout()
    }

    /// Lays out again, alone, the subtrees of the views whose state changed; anything else (a
    /// new size, an unfound view, a view asking the screen for something) reloads the screen.
    private func relayoutInvalidatedNodes() {
        let nodes = invalidatedNodes
        invalidatedNodes = []
        if HostingView.reloadsWholeScreen, !nodes.isEmpty {
            setNeedsReload()
            return
        }
        for node in nodes where !componentEngine.relayoutSubtree(keyed: node, { node.relayout($0) }) {
            setNeedsReload()
            return
        }
    }

    /// Whether the layout pass running now laid the root out (a render-only pass does not, and
    /// keeps what the last layout asked for).
    private var laidOutRoot = false

    override func layoutSubviews() {
        laidOutRoot = false
        ViewGraph.withHost(self) {
            relayoutInvalidatedNodes()
            super.layoutSubviews()
        }
        if laidOutRoot { applyPreferences() }
    }

    /// The root is being laid out: what its views ask of the screen is collected again.
    func beginRootLayout() {
        laidOutRoot = true
        navigationTitle = nil
        toolbarItems = []
        sheets = []
    }

    /// Puts what the views asked for on the screen: title, bar items, sheets.
    private func applyPreferences() {
        guard let controller else { return }
        if let navigationTitle, controller.title != navigationTitle { controller.title = navigationTitle }
        if !toolbarItems.isEmpty {
            let leading = toolbarItems.filter { $0.placement.isLeading }.map { $0.barButtonItem() }
            let trailing = toolbarItems.filter { !$0.placement.isLeading && $0.placement != .principal }.map { $0.barButtonItem() }
            controller.navigationItem.leftBarButtonItems = leading.isEmpty ? nil : leading
            controller.navigationItem.rightBarButtonItems = trailing.isEmpty ? nil : trailing
            if let principal = toolbarItems.first(where: { $0.placement == .principal }) {
                controller.navigationItem.titleView = principal.hostedView()
            }
        }
        let wanted = sheets.first { $0.isPresented.wrappedValue }
        if let wanted, presentedSheet == nil {
            let sheet = UIHostingController(rootView: AnyView(erasing: wanted.content())!)
            presentedSheet = (sheet, wanted.isPresented)
            controller.present(sheet, animated: true)
        } else if wanted == nil, let presented = presentedSheet {
            presentedSheet = nil
            presented.controller.dismiss(animated: true)
        }
    }
}

/// The root of a hosting view: the root view is offered the view's size (as SwiftUI offers a
/// window's), so a `ScrollView` fills the screen and scrolls inside it, and a `LazyVStack` in it
/// lays out only what is near the screen.
struct HostedRoot: Component {
    let content: any Component
    weak var host: HostingView?

    func layout(_ constraint: Constraint) -> WrapperRenderNode {
        host?.beginRootLayout()
        let height = host.map { $0.bounds.height > 0 ? $0.bounds.height : CGFloat.infinity } ?? constraint.maxSize.height
        let offered = Constraint(minSize: .zero, maxSize: CGSize(width: constraint.maxSize.width, height: height))
        return AnyComponent(content).layout(offered)
    }
}

/// A view controller that shows a SwiftUI-style view (SwiftUI's `UIHostingController`): the
/// bridge from UIKit screens to views, and what a `WindowGroup` puts in its window.
///
/// ```swift
/// navigationController.pushViewController(UIHostingController(rootView: ProfileView(user: user)), animated: true)
/// ```
open class UIHostingController<Content: View>: UIViewController {
    private let hostingView = HostingView()

    /// The view shown; setting it lays the screen out again.
    public var rootView: Content {
        didSet { hostingView.setRoot(rootView) }
    }

    /// A controller showing `rootView`.
    public init(rootView: Content) {
        self.rootView = rootView
        super.init()
        hostingView.controller = self
        hostingView.backgroundColor = .systemBackground
        hostingView.setRoot(rootView)
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The hosting view.
    open override func loadView() {
        view = hostingView
    }

    /// The size the root view takes in `size` (SwiftUI's `sizeThatFits(in:)`).
    public func sizeThatFits(in size: CGSize) -> CGSize {
        hostingView.component?.layout(Constraint(maxSize: size)).size ?? .zero
    }
}
