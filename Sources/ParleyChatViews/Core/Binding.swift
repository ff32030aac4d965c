import Foundation

/// A read-write reference to a value owned by someone else: the screen that shows a message owns
/// the scrolled-to id and the quoted message, and hands its slots bindings to them.
///
/// The SwiftUI type of the same name, without property-wrapper magic: read and write
/// ``wrappedValue``.
///
/// ```swift
/// scrolledId.wrappedValue = quotedMessage.id     // the list scrolls to the quoted message
/// let fixed = Binding<String?>.constant(nil)     // for previews and tests
/// ```
@preconcurrency @MainActor
public struct Binding<Value> {
    private let getter: @MainActor () -> Value
    private let setter: @MainActor (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        getter = get
        setter = set
    }

    /// A binding to an unchanging value: writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The current value; setting it writes through to the owner.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself (SwiftUI's `$value`).
    public var projectedValue: Binding<Value> { self }
}
