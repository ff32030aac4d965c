import Foundation
import ParleyComponent
import ParleyUIKit

// MARK: - Navigation

/// A navigation stack around its content (SwiftUI's `NavigationStack`): a `WindowGroup` already
/// puts its content on the window's navigation controller, so this is the content itself, and
/// ``NavigationLink``s push onto that controller.
public struct NavigationStack: PrimitiveView {
    let content: ViewList

    /// A stack whose root is the views the closure builds.
    public init(@ViewBuilder root: () -> ViewList) { content = root() }

    /// The content's layout.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode { content.layout(constraint) }
}

/// SwiftUI's older navigation container: the same as ``NavigationStack``.
public struct NavigationView: PrimitiveView {
    let content: ViewList

    /// A navigation container of the views the closure builds.
    public init(@ViewBuilder content: () -> ViewList) { self.content = content() }

    /// The content's layout.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode { content.layout(constraint) }
}

/// A label that pushes a destination view onto the navigation stack when tapped.
///
/// ```swift
/// NavigationLink(destination: ProfileView(user: user)) { Text(user.name) }
/// NavigationLink("Settings", destination: SettingsView())
/// ```
public struct NavigationLink<Label: Component, Destination: PrimitiveView>: View {
    let label: Label
    let destination: Destination

    /// A link showing the label the closure builds.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
    }

    /// A link showing the label the first closure builds, to the view the second builds.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), label: label)
    }

    /// The label; a tap pushes the destination.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        weak let host = ViewGraph.currentHost as? HostingView
        let destination = self.destination
        return AnyComponent(label.tappable {
            host?.controller?.navigationController?.pushViewController(UIHostingController(rootView: destination), animated: true)
        }).layout(constraint)
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `title`.
    public init(_ title: String, destination: Destination) {
        self.label = Text(title)
        self.destination = destination
    }
}

extension NavigationLink where Label == ViewList {
    /// A link showing the label the closure builds (the label's type is the builder's).
    public init(destination: Destination, @ViewBuilder labelList: () -> ViewList) {
        self.label = labelList()
        self.destination = destination
    }
}

/// Where a toolbar item goes.
public enum ToolbarItemPlacement: Sendable, Hashable {
    /// The platform's choice (the trailing side).
    case automatic
    /// The navigation bar's leading side.
    case navigationBarLeading
    /// The navigation bar's trailing side.
    case navigationBarTrailing
    /// The top bar's leading side.
    case topBarLeading
    /// The top bar's trailing side.
    case topBarTrailing
    /// The title's place.
    case principal
    /// Where a confirming action goes (trailing).
    case confirmationAction
    /// Where a cancelling action goes (leading).
    case cancellationAction

    var isLeading: Bool { self == .navigationBarLeading || self == .topBarLeading || self == .cancellationAction }
}

/// An item of a view's toolbar (the screen's navigation bar).
public struct ToolbarItem {
    let placement: ToolbarItemPlacement
    let content: any Component

    /// An item at `placement` showing the views the closure builds.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> ViewList) {
        self.placement = placement
        self.content = content()
    }
}

/// Toolbar content (SwiftUI's `ToolbarContent`): ``ToolbarItem``s, or a type of your own whose
/// `body` lists them.
///
/// ```swift
/// struct ChannelHeader: ToolbarContent {
///     var title: String
///     var body: some ToolbarContent {
///         ToolbarItem(placement: .principal) { Text(title).font(.headline) }
///         ToolbarItem(placement: .navigationBarTrailing) { Image(systemName: "pencil") }
///     }
/// }
/// Text("Channels").toolbar { ChannelHeader(title: "Chats") }
/// ```
@preconcurrency @MainActor
public protocol ToolbarContent {
    /// The type of the content's body.
    associatedtype Body: ToolbarContent
    /// The items of the content.
    @ToolbarContentBuilder var body: Body { get }
}

extension ToolbarContent {
    /// The items, in order.
    var toolbarItems: [ToolbarItem] {
        if let item = self as? ToolbarItem { return [item] }
        if let items = self as? [ToolbarItem] { return items }
        return body.toolbarItems
    }
}

extension ToolbarItem: ToolbarContent {
    /// An item is its own content.
    public var body: Never { return fatalError("ToolbarItem has no body") }
}

extension Array: ToolbarContent where Element == ToolbarItem {
    /// A list of items is its own content.
    public var body: Never { return fatalError("A list of toolbar items has no body") }
}

extension Never: ToolbarContent {}

/// The result builder of `toolbar { … }` and of a ``ToolbarContent``'s body.
@preconcurrency @MainActor
@resultBuilder
public enum ToolbarContentBuilder {
    /// One item.
    public static func buildExpression(_ item: ToolbarItem) -> [ToolbarItem] { [item] }
    /// The items of some toolbar content.
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> [ToolbarItem] { content.toolbarItems }
    /// The items, in order.
    public static func buildBlock(_ parts: [ToolbarItem]...) -> [ToolbarItem] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ items: [ToolbarItem]?) -> [ToolbarItem] { items ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first items: [ToolbarItem]) -> [ToolbarItem] { items }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second items: [ToolbarItem]) -> [ToolbarItem] { items }
}

/// A toolbar item as its screen puts it in the navigation bar.
@MainActor
struct ToolbarItemRecord {
    let placement: ToolbarItemPlacement
    let content: any Component
    weak var host: (any ViewHost)?

    func hostedView() -> UIView {
        let view = IsolatedHostView()
        view.host = host
        view.component = content
        let size = AnyComponent(content).layout(Constraint(maxSize: CGSize(width: 200, height: 44))).size
        view.frame = CGRect(origin: .zero, size: size)
        return view
    }

    func barButtonItem() -> UIBarButtonItem { UIBarButtonItem(customView: hostedView()) }
}

/// A sheet a view asks its screen to present.
@MainActor
struct SheetRecord {
    let isPresented: Binding<Bool>
    let content: () -> any Component
}

/// Asks the screen for a title, toolbar items or a sheet while the content lays out.
public struct ScreenPreferenceView<Content: Component>: PrimitiveView {
    let content: Content
    let title: String?
    let items: [ToolbarItem]
    let sheet: (isPresented: Binding<Bool>, content: @MainActor () -> any Component)?

    /// The content's layout; the preferences go to the screen hosting it.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        if let host = ViewGraph.currentHost as? HostingView {
            ViewGraph.screenRequests += 1
            if let title { host.navigationTitle = title }
            host.toolbarItems += items.map { ToolbarItemRecord(placement: $0.placement, content: $0.content, host: host) }
            if let sheet {
                // The screen presents or dismisses the sheet when the binding changes.
                _ = host.readAsScreen { sheet.isPresented.wrappedValue }
                host.sheets.append(SheetRecord(isPresented: sheet.isPresented, content: sheet.content))
            }
        }
        return AnyComponent(content).layout(constraint)
    }
}

extension View {
    /// The title of the screen showing the view.
    public func navigationTitle(_ title: String) -> ScreenPreferenceView<Self> {
        ScreenPreferenceView(content: self, title: title, items: [], sheet: nil)
    }

    /// How the title is shown (Parley's navigation bar has one style).
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> Self { self }

    /// Items in the navigation bar of the screen showing the view.
    public func toolbar(@ToolbarContentBuilder content: () -> [ToolbarItem]) -> ScreenPreferenceView<Self> {
        ScreenPreferenceView(content: self, title: nil, items: content(), sheet: nil)
    }

    /// Presents the view `content` builds while `isPresented` is true; closing it sets it false.
    public func sheet<Sheet: View>(isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil,
                                   @ViewBuilder content: @escaping @MainActor () -> Sheet) -> ScreenPreferenceView<Self> {
        ScreenPreferenceView(content: self, title: nil, items: [],
                             sheet: (isPresented: isPresented, content: { content() }))
    }
}

extension UIViewController {
    /// Puts what `modifier` asks of a screen — a title, toolbar items, a sheet — on this view
    /// controller, as if it modified the controller's content (a UIKit screen taking a SwiftUI
    /// header modifier). State inside the modifier lives as long as the returned view, which is
    /// added (1 point, clear, not interactive) to the controller's view; remove it to stop.
    @discardableResult
    public func applyScreenPreferences<Modifier: ViewModifier>(of modifier: Modifier) -> UIView {
        let collector = HostingView()
        collector.controller = self
        collector.setRoot(EmptyView().modifier(modifier))
        collector.frame = CGRect(x: 0, y: 0, width: 1, height: 1)
        collector.isUserInteractionEnabled = false
        collector.backgroundColor = .clear
        view.addSubview(collector)
        collector.layoutIfNeeded()
        return collector
    }
}

/// Navigation bar settings.
public enum NavigationBarItem {
    /// How a title is shown.
    public enum TitleDisplayMode: Sendable, Hashable {
        /// The platform's choice.
        case automatic
        /// In the bar.
        case inline
        /// Large, under the bar.
        case large
    }
}
