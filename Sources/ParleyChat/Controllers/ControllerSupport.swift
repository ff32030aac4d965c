/// Delivers a controller's changes to any number of `AsyncStream`s, in order, on the main actor.
@MainActor
final class ChangeFanOut<Element: Sendable> {
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextId = 0

    /// A new stream of every change from now on; it ends when the controller goes away.
    func makeStream() -> AsyncStream<Element> {
        let id = nextId
        nextId += 1
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations.removeValue(forKey: id) }
        }
        continuations[id] = continuation
        return stream
    }

    func send(_ element: Element) {
        for continuation in continuations.values { continuation.yield(element) }
    }

    func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations.removeAll()
    }

    var streamCount: Int { continuations.count }

    isolated deinit { finish() }
}

/// Listens to the store's committed changes and hands them to a controller on the main actor.
///
/// The listening task holds the controller weakly; releasing the controller releases the
/// subscription, which ends the stream and the task.
@MainActor
final class StoreListener {
    private let subscription: StoreSubscription

    init(store: ChatStore, onChange: @escaping @MainActor (StoreChange) -> Void) {
        let (stream, token) = store.observers.subscribe()
        subscription = token
        Task { @MainActor in
            for await change in stream { onChange(change) }
        }
    }

    func cancel() { subscription.cancel() }
}
