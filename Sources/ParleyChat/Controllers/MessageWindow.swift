/// A controller's loaded messages, oldest first, edited in place and reported as one
/// ``ListChange`` per batch of edits.
///
/// Invariants (checked in debug builds by ``checkInvariants()``):
/// - `messages` is sorted by `orderKey` (ties keep arrival order);
/// - `keys` holds exactly the loaded ids, each with its message's `orderKey`, so an id's position
///   is a dictionary lookup and a binary search, never a scan;
/// - `before` remembers, for each id edited since the last ``takeChange()``, whether it was loaded
///   then and with which version; ``takeChange()`` compares with now, so an id inserted and
///   dropped in the same batch is not reported at all, and `updated` holds exactly the ids whose
///   version changed.
///
/// Every edit costs O(log n) to find its place plus the array's own shift; nothing here ever
/// walks or hashes the whole window except ``replaceAll(with:)`` (a jump, which replaces it).
struct MessageWindow {
    private(set) var messages: [ChatMessage] = []
    private var keys: [MessageId: MessageOrderKey] = [:]
    private var before: [MessageId: (wasLoaded: Bool, version: Int)] = [:]
    private var touched: [MessageId] = []
    private var moved: Set<MessageId> = []

    var count: Int { messages.count }
    var first: ChatMessage? { messages.first }
    var last: ChatMessage? { messages.last }

    func contains(_ id: MessageId) -> Bool { keys[id] != nil }

    /// The loaded message with `id`.
    func message(_ id: MessageId) -> ChatMessage? { index(of: id).map { messages[$0] } }

    /// Where `id` is in ``messages``: O(log n).
    func index(of id: MessageId) -> Int? {
        guard let key = keys[id] else { return nil }
        var index = firstIndex(notBefore: key)
        while index < messages.count && messages[index].orderKey == key {
            if messages[index].id == id { return index }
            index += 1
        }
        assertionFailure("\(id) is in keys but not in messages")
        return nil
    }

    /// The first position whose key is not less than `key`.
    private func firstIndex(notBefore key: MessageOrderKey) -> Int { partitionIndex { !($0 < key) } }

    /// The position after every message whose key is not greater than `key` (so a new message
    /// with an equal key goes after those already there).
    private func insertionIndex(for key: MessageOrderKey) -> Int { partitionIndex { key < $0 } }

    /// The first position whose key satisfies `isPast`, which must be false and then true along
    /// the (sorted) window: a binary search.
    private func partitionIndex(_ isPast: (MessageOrderKey) -> Bool) -> Int {
        var low = 0
        var high = messages.count
        while low < high {
            let mid = (low + high) / 2
            if isPast(messages[mid].orderKey) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    private mutating func note(_ id: MessageId, loaded: ChatMessage?) {
        guard before[id] == nil else { return }
        before[id] = (loaded != nil, loaded?.version ?? 0)
        touched.append(id)
    }

    // MARK: Edits

    /// Inserts `message` at its place, or replaces the loaded one with its id (moving it if its
    /// order key changed: a pending message that got its real key).
    mutating func upsert(_ message: ChatMessage) {
        let id = message.id
        guard let index = index(of: id) else {
            note(id, loaded: nil)
            messages.insert(message, at: insertionIndex(for: message.orderKey))
            keys[id] = message.orderKey
            return
        }
        note(id, loaded: messages[index])
        if messages[index].orderKey == message.orderKey {
            messages[index] = message
            return
        }
        messages.remove(at: index)
        let destination = insertionIndex(for: message.orderKey)
        messages.insert(message, at: destination)
        keys[id] = message.orderKey
        if destination != index { moved.insert(id) }
    }

    /// Removes the message with `id`, if loaded.
    mutating func remove(_ id: MessageId) {
        guard let index = index(of: id) else { return }
        note(id, loaded: messages[index])
        messages.remove(at: index)
        keys[id] = nil
    }

    /// Adds `page` (sorted, every message older than the loaded ones) at the start; ids already
    /// loaded are skipped.
    mutating func prepend(_ page: [ChatMessage]) {
        let fresh = page.filter { keys[$0.id] == nil }
        for message in fresh {
            note(message.id, loaded: nil)
            keys[message.id] = message.orderKey
        }
        messages.insert(contentsOf: fresh, at: 0)
    }

    /// Adds `page` (sorted, every message newer than the loaded ones) at the end; ids already
    /// loaded are skipped.
    mutating func append(_ page: [ChatMessage]) {
        for message in page where keys[message.id] == nil {
            note(message.id, loaded: nil)
            keys[message.id] = message.orderKey
            messages.append(message)
        }
    }

    /// Drops the `count` oldest messages.
    mutating func dropOldest(_ count: Int) {
        guard count > 0 else { return }
        for message in messages.prefix(count) {
            note(message.id, loaded: message)
            keys[message.id] = nil
        }
        messages.removeFirst(min(count, messages.count))
    }

    /// Drops the `count` newest messages.
    mutating func dropNewest(_ count: Int) {
        guard count > 0 else { return }
        for message in messages.suffix(count) {
            note(message.id, loaded: message)
            keys[message.id] = nil
        }
        messages.removeLast(min(count, messages.count))
    }

    /// Replaces the whole window (a jump: synchronize, a page around a message). Costs
    /// O(old + new), both bounded by the window's limit; ids in both that changed key are
    /// reported as moved.
    mutating func replaceAll(with new: [ChatMessage]) {
        assert(zip(new, new.dropFirst()).allSatisfy { !($1.orderKey < $0.orderKey) }, "unsorted window")
        let oldKeys = keys
        for message in messages { note(message.id, loaded: message) }
        keys = [:]
        keys.reserveCapacity(new.count)
        for message in new {
            note(message.id, loaded: nil)
            keys[message.id] = message.orderKey
            if let oldKey = oldKeys[message.id], oldKey != message.orderKey { moved.insert(message.id) }
        }
        messages = new
    }

    /// What changed since the last call, and a fresh start for the next batch.
    mutating func takeChange() -> ListChange<MessageId> {
        checkInvariants()
        var change = ListChange<MessageId>()
        for id in touched {
            guard let then = before[id] else { continue }
            let current = keys[id] == nil ? nil : message(id)
            switch (then.wasLoaded, current) {
            case (false, .some):
                change.inserted.append(id)
            case (true, nil):
                change.removed.append(id)
            case (true, .some(let message)):
                if message.version != then.version { change.updated.append(id) }
                if moved.contains(id) { change.moved.append(id) }
            case (false, nil):
                break
            }
        }
        before = [:]
        touched = []
        moved = []
        return change
    }

    /// Asserts the invariants above (debug builds only; O(n), so only after a batch).
    func checkInvariants() {
        assert(keys.count == messages.count, "keys and messages disagree")
        assert(zip(messages, messages.dropFirst()).allSatisfy { !($1.orderKey < $0.orderKey) }, "unsorted window")
    }
}
