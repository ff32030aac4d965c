import ParleyUIKit

/// Both an ``AppearanceProvider`` and a ``ComponentsProvider``, as Stream's guides declare their
/// own views: `class MyView: _View, ThemeProvider { … }`.
public typealias ThemeProvider = AppearanceProvider & ComponentsProvider

/// What Parley's lifecycle base classes (`_View`, `_Control`, `_Button`, `_ViewController`) are to
/// Parley's own code: holders of an appearance and components.
///
/// They do not declare the public `AppearanceProvider` and `ComponentsProvider` conformances:
/// Swift rejects a subclass that declares a conformance its superclass already has, and Stream's
/// guides declare them on subclasses of `_View` (`class MyView: _View, AppearanceProvider`), so
/// that code would not compile. Their `appearance` and `components` properties satisfy the
/// public protocols when a subclass declares them. Parley's code asks for this protocol, or for
/// the public ones (through ``heldAppearance(of:)`` and friends) where any object may answer.
@MainActor
protocol ThemeHolder: AnyObject {
    /// The appearance the object reads when it sets itself up.
    var appearance: Appearance { get set }
    /// The component types the object creates subviews from.
    var components: Components { get set }
}

extension ThemeHolder {
    /// `view` with this object's appearance and components, so a subtree built from custom
    /// components (not `Components.default`) stays custom all the way down.
    func makeComponent<V: ThemeHolder>(_ view: V) -> V {
        view.appearance = appearance
        view.components = components
        return view
    }
}

/// The appearance `object` holds: a Parley base class's, or what an `AppearanceProvider` gives.
@MainActor
func heldAppearance(of object: AnyObject?) -> Appearance? {
    (object as? ThemeHolder)?.appearance ?? (object as? AppearanceProvider)?.appearance
}

/// The components `object` holds: a Parley base class's, or what a `ComponentsProvider` gives.
@MainActor
func heldComponents(of object: AnyObject?) -> Components? {
    (object as? ThemeHolder)?.components ?? (object as? ComponentsProvider)?.components
}

/// Gives `object` an appearance and components, if it holds them (see ``ThemeHolder``).
@MainActor
func hand(_ appearance: Appearance, _ components: Components, to object: AnyObject) {
    if let holder = object as? ThemeHolder {
        holder.appearance = appearance
        holder.components = components
        return
    }
    (object as? AppearanceProvider)?.appearance = appearance
    (object as? ComponentsProvider)?.components = components
}
