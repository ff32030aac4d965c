import Foundation
import ParleyComponent
import ParleyUIKit

/// A cancellation token: the subscription ends when it is cancelled or released (Combine's
/// `AnyCancellable`).
public final class AnyCancellable: Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelAction: (@Sendable () -> Void)?

    /// A token that runs `cancel` once, when cancelled or released.
    public init(_ cancel: @escaping @Sendable () -> Void) { cancelAction = cancel }

    deinit { cancel() }

    /// Ends the subscription.
    public func cancel() {
        lock.lock()
        let action = cancelAction
        cancelAction = nil
        lock.unlock()
        action?()
    }

    /// Keeps the token in `set` (released, and so cancelled, with it).
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Tokens are equal when they are the same token.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    /// The token's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

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

/// Subscribers of one value's changes, safe to call from any thread; views that read the value
/// are invalidated on the main thread.
final class ChangeSubject<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [UUID: (Output) -> Void] = [:]
    nonisolated(unsafe) private var readerSet: ReaderSet?

    func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        let id = UUID()
        lock.lock()
        subscribers[id] = receive
        lock.unlock()
        return AnyCancellable { [weak self] in
            guard let self else { return }
            self.lock.lock()
            self.subscribers[id] = nil
            self.lock.unlock()
        }
    }

    func send(_ value: Output) {
        lock.lock()
        let current = Array(subscribers.values)
        lock.unlock()
        for receive in current { receive(value) }
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { readerSet?.invalidateReaders() }
        } else {
            // Another thread: the readers are invalidated on the main actor, as soon as it is free.
            Task { @MainActor in self.readerSet?.invalidateReaders() }
        }
    }

    /// Makes the body being evaluated a reader (main thread only).
    @MainActor
    func registerCurrentReader() {
        if readerSet == nil { readerSet = ReaderSet() }
        readerSet?.registerCurrentReader()
    }
}

/// What an ``ObservableObject`` sends before it changes (Combine's type of the same name).
public final class ObservableObjectPublisher: @unchecked Sendable {
    let subject = ChangeSubject<Void>()

    /// A publisher.
    public init() {}

    /// Tells subscribers (and views that read the object) that it is about to change.
    public func send() { subject.send(()) }

    /// Calls `receiveValue` before every change, until the token is released.
    public func sink(receiveValue: @escaping () -> Void) -> AnyCancellable {
        subject.subscribe { _ in receiveValue() }
    }
}

/// An object views observe: its ``Published`` properties announce changes through
/// ``objectWillChange``, and views holding it as ``ObservedObject`` or ``StateObject`` that read
/// it evaluate their bodies again.
///
/// ```swift
/// final class ChatViewModel: ObservableObject {
///     @Published var draft = ""
/// }
/// ```
public protocol ObservableObject: AnyObject {}

/// One publisher per live object.
private final class PublisherRegistry: @unchecked Sendable {
    struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    static let shared = PublisherRegistry()
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(object)
        if let entry = entries[key], entry.object === object { return entry.publisher }
        if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
        let publisher = ObservableObjectPublisher()
        entries[key] = Entry(object: object, publisher: publisher)
        return publisher
    }
}

extension ObservableObject {
    /// Sends before any ``Published`` property of the object changes.
    public var objectWillChange: ObservableObjectPublisher { PublisherRegistry.shared.publisher(for: self) }
}

/// A property of an ``ObservableObject`` that announces its changes (Combine's `@Published`).
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    private let subject = ChangeSubject<Value>()

    /// A published property starting at `value`.
    public init(wrappedValue value: Value) { self.value = value }

    /// Read and written through the enclosing object (see the static subscript).
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() } // swiftlint:disable:this unused_setter_value
    }

    /// The property's changes (`$name.sink { … }`).
    public var projectedValue: Publisher { Publisher(subject: subject) }

    /// The changes of one published property.
    public struct Publisher {
        let subject: ChangeSubject<Value>

        /// Calls `receiveValue` with every new value, until the token is released.
        public func sink(receiveValue: @escaping (Value) -> Void) -> AnyCancellable { subject.subscribe(receiveValue) }
    }

    /// The value, read and written through the enclosing object, which announces the change.
    public static subscript<EnclosingSelf: ObservableObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            object.objectWillChange.send()
            object[keyPath: storageKeyPath].value = newValue
            object[keyPath: storageKeyPath].subject.send(newValue)
        }
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
        object.objectWillChange.subject.registerCurrentReader()
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
                object.objectWillChange.subject.registerCurrentReader()
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
        object.objectWillChange.subject.registerCurrentReader()
        return object
    }

    /// Bindings to the object's properties (`$model.draft`).
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject<ObjectType>.Wrapper(object: box.object) }
}
