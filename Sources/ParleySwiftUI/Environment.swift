import Foundation
import ParleyComponent
import ParleyUIKit

/// A key for a value of the environment: declare one, extend ``EnvironmentValues`` with a
/// property reading and writing `self[MyKey.self]`, and read it with `@Environment(\.myValue)`.
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value
    /// The value where no view set one.
    static var defaultValue: Value { get }
}

/// Light or dark appearance.
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark
}

/// Closes the presented screen (or pops the pushed one) that holds the view reading it.
@preconcurrency @MainActor
public struct DismissAction {
    weak var controller: UIViewController?

    /// Dismisses the sheet, or pops the screen off its navigation stack.
    public func callAsFunction() {
        guard let controller else { return }
        if let navigation = controller.navigationController, navigation.viewControllers.count > 1,
           navigation.viewControllers.last === controller {
            navigation.popViewController(animated: true)
        } else if controller.presentingViewController != nil {
            controller.dismiss(animated: true)
        } else if let presented = controller.navigationController, presented.presentingViewController != nil {
            presented.dismiss(animated: true)
        }
    }
}

/// The values views read with ``Environment``: the appearance, the dismiss action, fonts and
/// colours set by modifiers above them, and any custom ``EnvironmentKey``.
@preconcurrency @MainActor
public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]
    var colorSchemeOverride: ColorScheme?

    /// Empty values: every key at its default.
    public init() {}

    /// The value of a custom key.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// The appearance of the window showing the view.
    public var colorScheme: ColorScheme {
        get {
            if let colorSchemeOverride { return colorSchemeOverride }
            let style = (ViewGraph.currentHost as? HostingView)?.traitCollection.userInterfaceStyle
            return style == .dark ? .dark : .light
        }
        set { colorSchemeOverride = newValue }
    }

    /// Closes the screen showing the view.
    public var dismiss: DismissAction {
        DismissAction(controller: (ViewGraph.currentHost as? HostingView)?.controller)
    }

    /// Whether a screen showing the view is presented (a sheet or a pushed screen).
    public var isPresented: Bool {
        guard let controller = (ViewGraph.currentHost as? HostingView)?.controller else { return false }
        return controller.presentingViewController != nil || (controller.navigationController?.viewControllers.count ?? 0) > 1
    }
}

/// Reads a value of the environment in a view.
///
/// ```swift
/// struct Header: View {
///     @Environment(\.colorScheme) var colorScheme
///     @Environment(\.dismiss) var dismiss
///     var body: some View {
///         Button("Close") { dismiss() }
///             .foregroundColor(colorScheme == .dark ? .white : .black)
///     }
/// }
/// ```
@propertyWrapper
@preconcurrency @MainActor
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The value where the view is laid out.
    public var wrappedValue: Value { ViewGraph.environment[keyPath: keyPath] }
}

/// Sets an environment value for a view's content.
public struct EnvironmentWriter<Content: Component>: PrimitiveView {
    let content: Content
    let transform: (inout EnvironmentValues) -> Void

    /// Lays out the content with the changed environment.
    public func layout(_ constraint: Constraint) -> WrapperRenderNode {
        ViewGraph.withEnvironment(transform) { AnyComponent(content).layout(constraint) }
    }
}

extension View {
    /// Sets the environment value at `keyPath` for this view's content.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> EnvironmentWriter<Self> {
        EnvironmentWriter(content: self) { $0[keyPath: keyPath] = value }
    }
}
