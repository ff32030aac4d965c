import Foundation
import ParleyComponent
import ParleyUIKit
// `ObservableObject`, `@Published`, `AnyCancellable` and the rest of Combine's API come from
// OpenCombine (Combine's API, open source, on Linux); `import Parley` brings them, as
// `import SwiftUI` brings Combine's on Apple platforms.
@_exported @preconcurrency import OpenCombine

/// Whether code runs on the main queue (where the main actor runs, on the main thread or — under
/// some test runners — on another thread that drains it).
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()

    /// Marks the main queue; call once on the main actor.
    @MainActor
    static func mark() { DispatchQueue.main.setSpecific(key: key, value: true) }

    /// Whether the caller runs on the main queue.
    static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}

/// The views that read each observed object: subscribed once to the object's
/// `objectWillChange`, they are invalidated (on the main actor) before it changes.
@MainActor
final class ObjectReaders {
    private struct Entry {
        weak var object: AnyObject?
        let readers: ReaderSet
        let subscription: AnyCancellable
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    /// Makes the body being evaluated a reader of `object`.
    static func registerCurrentReader<Object: ObservableObject>(of object: Object) {
        guard ViewGraph.reader != nil else { return }
        readers(of: object).registerCurrentReader()
    }

    /// The readers of `object`, subscribing to it the first time.
    static func readers<Object: ObservableObject>(of object: Object) -> ReaderSet {
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object { return entry.readers }
        if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
        let readers = ReaderSet()
        let weakReaders = WeakReaders(readers: readers)
        let subscription = object.objectWillChange.sink { _ in
            if MainQueue.isCurrent {
                MainActor.assumeIsolated { weakReaders.readers?.invalidateReaders() }
            } else {
                // Another thread: the readers are invalidated on the main actor, as soon as it is free.
                Task { @MainActor in weakReaders.readers?.invalidateReaders() }
            }
        }
        entries[key] = Entry(object: object, readers: readers, subscription: subscription)
        return readers
    }

    /// A weak reference to a reader set, handed to the subscription.
    private final class WeakReaders: @unchecked Sendable {
        weak var readers: ReaderSet?
        init(readers: ReaderSet) { self.readers = readers }
    }
}

/// An observable object a view is given: reading it in `body` makes the view re-evaluate when
/// the object changes.
@propertyWrapper
@preconcurrency @MainActor
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    let object: ObjectType

    /// Observes `object`.
    public init(wrappedValue object: ObjectType) { self.object = object }

    /// Observes `object` (SwiftUI's older spelling).
    public init(initialValue object: ObjectType) { self.object = object }

    /// The object; reading it in a body makes the view depend on it.
    public var wrappedValue: ObjectType {
        ObjectReaders.registerCurrentReader(of: object)
        return object
    }

    /// Bindings to the object's properties (`$model.draft`).
    public var projectedValue: Wrapper { Wrapper(object: object) }

    /// Makes bindings to an observed object's properties.
    @dynamicMemberLookup
    @preconcurrency @MainActor
    public struct Wrapper {
        let object: ObjectType

        /// A binding to a property of the object.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(get: {
                ObjectReaders.registerCurrentReader(of: object)
                return object[keyPath: keyPath]
            }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

/// The box of a ``StateObject``: the object, made on first use and kept by the view graph.
@MainActor
final class StateObjectBox<ObjectType: ObservableObject>: PersistentSlot {
    private var made: ObjectType?
    private let make: () -> ObjectType
    /// The box kept for the view's identity, once adopted (its object is the one used).
    private var adopted: StateObjectBox<ObjectType>?

    init(_ make: @escaping () -> ObjectType) { self.make = make }

    func adopt(_ existing: AnyObject) -> Bool {
        guard let existing = existing as? StateObjectBox<ObjectType> else { return false }
        if existing !== self { adopted = existing.adopted ?? existing }
        return true
    }

    var object: ObjectType {
        if let adopted { return adopted.object }
        if let made { return made }
        let object = make()
        made = object
        return object
    }
}

/// An observable object a view owns: made once (on first use), kept across re-evaluations of the
/// body that created the view, and observed like an ``ObservedObject``.
@propertyWrapper
@preconcurrency @MainActor
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let box: StateObjectBox<ObjectType>

    /// Owns the object `object` makes (called once).
    public init(wrappedValue object: @autoclosure @escaping () -> ObjectType) {
        box = StateObjectBox(object)
        ViewGraph.register(box)
    }

    /// The object; reading it in a body makes the view depend on it.
    public var wrappedValue: ObjectType {
        let object = box.object
        ObjectReaders.registerCurrentReader(of: object)
        return object
    }

    /// Bindings to the object's properties (`$model.draft`).
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: box.object) }
}
