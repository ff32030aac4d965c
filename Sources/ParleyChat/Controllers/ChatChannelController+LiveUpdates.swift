import Foundation

/// Live updates: committed changes of the store applied to the window in O(changed).
extension ChatChannelController {
    /// Applies a committed change of the store (see ``StoreListener``).
    func apply(_ change: StoreChange) {
        guard isSynchronized else { return }
        if change.isUnresolved || needsReload {
            reloadWindow()
        } else {
            applyMessages(change)
        }
        if change.channels.contains(cid) || change.members.contains(cid) || !change.users.isEmpty
            || change.isUnresolved
        {
            scheduleChannelRefresh()
        }
    }

    /// Rebuilds the channel summary in a main-actor job of its own, right after the one that
    /// delivered the message diff (what the user is waiting for). Refreshes requested while one is
    /// pending coalesce; each reads the store's latest state, so a deferred one is never stale.
    private func scheduleChannelRefresh() {
        guard !channelRefreshPending else { return }
        channelRefreshPending = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            channelRefreshPending = false
            do {
                if let channel = try client.channel(cid) { replaceChannel(channel) }
            } catch {
                // Nothing to show instead; the next change of the channel asks again.
            }
        }
    }

    /// Applies a committed change in O(changed): only rows of this channel whose version moved
    /// (or that newly fall inside the window) are read, each is put at its place, and the
    /// ``ListChange`` says exactly what was done.
    private func applyMessages(_ change: StoreChange) {
        let viewer = client.currentUserId
        var wanted = retryIds
        var removals: [MessageId] = []
        for event in change.messages where event.ref.cid == cid {
            let id = event.ref.id
            if event.kind == .removed {
                if window.contains(id) { removals.append(id) }
            } else if let loaded = window.message(id) {
                if loaded.version != event.version { wanted.insert(id) }
            } else if event.isShownInChannel, event.isVisible(to: viewer), belongsInWindow(event.orderKey) {
                wanted.insert(id)
            }
        }
        // A profile shows in its author's messages. Finding them walks the window (comparing ids,
        // no reads): profiles change rarely, messages arrive all the time.
        if !change.users.isEmpty {
            for message in window.messages where change.users.contains(message.author.id) { wanted.insert(message.id) }
        }
        guard !wanted.isEmpty || !removals.isEmpty else { return }
        for id in removals { window.remove(id) }
        if !wanted.isEmpty {
            do {
                let fetched = try client.messages(ids: Array(wanted))
                retryIds = []
                for id in wanted { place(id, fetched[id]) }
            } catch {
                retryIds = wanted
            }
        }
        dropOldestPastLimit()
        publishMessages()
    }

    /// Puts the current state of `id` into the window: replaced, inserted at its place, or gone.
    private func place(_ id: MessageId, _ current: ChatMessage?) {
        guard let current, current.cid == cid, current.isShownInChannel else {
            window.remove(id)
            return
        }
        if window.contains(id) || belongsInWindow(current.orderKey) { window.upsert(current) }
    }

    /// Re-reads the window's range after a change that could not be resolved (a replacement, like
    /// a jump: the store could not say what changed).
    private func reloadWindow() {
        guard let first = window.messages.first(where: { $0.orderKey.sequence != .max })?.orderKey else { return }
        let count = max(window.count, Self.pageSize)
        let cid = self.cid
        do {
            var page = try client.reader { reader in
                try reader.messages(from: reader.channelRows(cid: cid, after: first, including: true, limit: count))
            }
            if hasLoadedAllNextMessages { page = mergingOutbox(into: page) }
            retryIds = []
            needsReload = false
            window.replaceAll(with: page)
            publishMessages()
        } catch {
            // The store cannot be read at all: keep what is shown; the next change tries again.
            needsReload = true
        }
    }

    /// Whether a message not in the window falls inside its range.
    func belongsInWindow(_ key: MessageOrderKey) -> Bool {
        guard let first = window.first, let last = window.last else {
            return hasLoadedAllNextMessages && hasLoadedAllPreviousMessages
        }
        if key < first.orderKey && !hasLoadedAllPreviousMessages { return false }
        if key > last.orderKey && !hasLoadedAllNextMessages { return false }
        return true
    }

    /// Keeps the window within ``maxLoadedMessages`` by dropping its oldest messages.
    func dropOldestPastLimit() {
        guard window.count > limit else { return }
        window.dropOldest(window.count - limit)
        hasLoadedAllPreviousMessages = false
    }
}
