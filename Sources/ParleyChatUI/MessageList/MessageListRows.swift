import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// The rows of a message list, kept in step with the messages by applying each change in place:
/// a row per message, a date separator above the first message of each day, the "Unread
/// messages" separator above the first unread one, the typing indicator at the bottom and a
/// spacer at each end.
///
/// The one adapter between a controller's ``ListChange`` and a ``ComponentList``, shared by the
/// UIKit-style ``ChatMessageListVC`` and the declarative channel screen. A change costs
/// O(changed messages × log messages): the rows around each change (whose grouping, spacing or
/// separator may differ now) are rebuilt, and a row is replaced only when its version — the
/// message's store version with what the row shows of its neighbours — changed.
@MainActor
package final class MessageListRows {
    /// What the rows look like: the screen's makers.
    package struct Makers {
        /// The row of `messages[index]`; `startsGroup` when a separator sits right above it.
        package var message: @MainActor (_ messages: [ChatMessage], _ index: Int, _ startsGroup: Bool) -> ComponentList.Row
        /// The separator above the first message of a day (`day` as ``MessageListRows/dayNumber(_:calendar:)``).
        package var dateSeparator: @MainActor (_ date: Date, _ day: Int) -> ComponentList.Row
        /// The "Unread messages" separator.
        package var unreadSeparator: @MainActor () -> ComponentList.Row
        /// The typing indicator for these users (never empty).
        package var typingIndicator: @MainActor (_ users: [ChatUser]) -> ComponentList.Row

        /// The makers.
        package init(
            message: @escaping @MainActor ([ChatMessage], Int, Bool) -> ComponentList.Row,
            dateSeparator: @escaping @MainActor (Date, Int) -> ComponentList.Row,
            unreadSeparator: @escaping @MainActor () -> ComponentList.Row,
            typingIndicator: @escaping @MainActor ([ChatUser]) -> ComponentList.Row
        ) {
            self.message = message
            self.dateSeparator = dateSeparator
            self.unreadSeparator = unreadSeparator
            self.typingIndicator = typingIndicator
        }
    }

    package static let topSpacerID = "list-top"
    package static let bottomSpacerID = "list-bottom"
    package static let typingIndicatorID = "typing-indicator"
    package static let unreadSeparatorID = "unread-separator"

    /// The first message the current user has not read: from the channel's read state (after
    /// `lastReadAt`), else counting the unread messages back from the newest. `nil` when
    /// everything is read. (The UIKit-style list and the declarative channel screen share it.)
    package static func firstUnreadMessageId(in messages: [ChatMessage], channel: ChatChannel) -> MessageId? {
        let unread = channel.unreadCount.messages
        guard unread > 0 else { return nil }
        if let lastReadAt = channel.membership?.lastReadAt {
            return messages.first { !$0.isSentByCurrentUser && $0.type != .system && $0.createdAt > lastReadAt }?.id
        }
        var remaining = unread
        for message in messages.reversed() where !message.isSentByCurrentUser {
            remaining -= 1
            if remaining == 0 { return message.id }
        }
        return nil
    }

    /// The rows, for a ``ComponentView``'s `list`.
    package let list = ComponentList()
    /// Where days start.
    package var calendar: Calendar = .current
    /// Whether a date separator sits above the first message of each day (set before
    /// ``reload(_:unreadSeparatorAbove:typingUsers:)``).
    package var showsDateSeparators = true
    let makers: Makers

    /// The messages of the call running now (empty between calls: the rows keep no reference to
    /// the caller's array, so its owner can grow it in place).
    private var messages: [ChatMessage] = []
    /// Creation dates of the messages shown, to place the rows of removed ones.
    private var createdAt: [MessageId: Date] = [:]
    /// The message each date separator sits above, by day.
    private var dateSeparatorOwner: [Int: MessageId] = [:]
    /// The message the unread separator sits above.
    package private(set) var unreadSeparatorMessageId: MessageId?
    private var typingUsers: [ChatUser] = []

    /// Rows for a list; call ``reload(_:)`` to fill them.
    package init(makers: Makers) {
        self.makers = makers
    }

    // MARK: Days

    /// The day of `date` in `calendar`'s time zone, as a number: the one day-grouping function of
    /// the message lists (cheap enough for 100,000 rows).
    package static func dayNumber(_ date: Date, calendar: Calendar) -> Int {
        let seconds = date.timeIntervalSince1970 + Double(calendar.timeZone.secondsFromGMT(for: date))
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        return Int((seconds / 86_400).rounded(.down))
    }

    private func day(at index: Int) -> Int { Self.dayNumber(messages[index].createdAt, calendar: calendar) }

    private static func dateSeparatorID(_ day: Int) -> String { "date-\(day)" }

    // MARK: Updating

    /// Builds every row from `messages` (O(messages): the first load, or a change that touches
    /// every row, such as the channel's member count deciding author names).
    package func reload(_ messages: [ChatMessage], unreadSeparatorAbove unread: MessageId?, typingUsers: [ChatUser]) {
        self.messages = messages
        defer { self.messages = [] }
        unreadSeparatorMessageId = unread
        self.typingUsers = typingUsers.sorted { $0.id < $1.id }
        createdAt = Dictionary(messages.map { ($0.id, $0.createdAt) }, uniquingKeysWith: { $1 })
        dateSeparatorOwner = [:]
        if let unread = unreadSeparatorMessageId, createdAt[unread] == nil { unreadSeparatorMessageId = nil }
        var rows: [ComponentList.Row] = [Self.spacer(Self.topSpacerID)]
        rows.reserveCapacity(messages.count + messages.count / 8 + 4)
        var previousDay: Int?
        for index in messages.indices {
            let message = messages[index]
            let day = day(at: index)
            var startsGroup = false
            if day != previousDay, showsDateSeparators {
                rows.append(makers.dateSeparator(message.createdAt, day))
                dateSeparatorOwner[day] = message.id
                startsGroup = true
            }
            previousDay = day
            if message.id == unreadSeparatorMessageId {
                rows.append(makers.unreadSeparator())
                startsGroup = true
            }
            rows.append(makers.message(messages, index, startsGroup))
        }
        if !typingUsers.isEmpty { rows.append(makers.typingIndicator(typingUsers)) }
        rows.append(Self.spacer(Self.bottomSpacerID))
        list.replaceAll(with: rows)
    }

    /// Applies a change of the messages: rows of removed messages leave, rows of inserted ones
    /// come in at their place, and the rows around each change are rebuilt where their version
    /// changed. `messages` is the list after the change.
    ///
    /// `indexOf` finds a message in `messages` (a controller's O(1) or O(log n) lookup); without
    /// it the search starts at both ends, where changes usually are.
    package func apply(_ change: ListChange<MessageId>, messages new: [ChatMessage], indexOf: ((MessageId) -> Int?)? = nil) {
        guard !change.isEmpty else { return }
        // A change of most rows (a jump to another page) is cheaper as a rebuild.
        if change.inserted.count + change.removed.count + change.moved.count > max(64, new.count / 2) {
            return reload(new, unreadSeparatorAbove: unreadSeparatorMessageId, typingUsers: typingUsers)
        }
        messages = new
        defer { messages = [] }
        var touched = Set<Int>()

        // Rows leaving: removed and moved messages, with the separators that sat above them (one
        // edit for all: a page dropped by a bounded window is 25 rows).
        var gone: [String] = []
        for id in change.removed + change.moved {
            guard let date = createdAt.removeValue(forKey: id) else { continue }
            gone.append(id)
            let day = Self.dayNumber(date, calendar: calendar)
            if dateSeparatorOwner[day] == id {
                dateSeparatorOwner[day] = nil
                gone.append(Self.dateSeparatorID(day))
            }
            if unreadSeparatorMessageId == id {
                unreadSeparatorMessageId = nil
                gone.append(Self.unreadSeparatorID)
            }
            let at = Self.insertionIndex(of: date, in: new)
            touched.formUnion((at - 2)...(at + 1))
        }
        list.remove(gone)

        // Rows coming in, bottom up: the block of the message below is in place when one goes in.
        func locate(_ id: MessageId) -> Int? {
            if let index = indexOf?(id), new.indices.contains(index), new[index].id == id { return index }
            return Self.index(of: id, in: new)
        }
        let entering = (change.inserted + change.moved).compactMap(locate)
        // Runs of consecutive messages (a page) go in with one edit each.
        let sorted = entering.sorted(by: >)
        var run = 0
        while run < sorted.count {
            var end = run
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] - 1 { end += 1 }
            let first = sorted[end], last = sorted[run]
            var block: [ComponentList.Row] = []
            block.reserveCapacity(last - first + 1)
            for index in first...last {
                createdAt[new[index].id] = new[index].createdAt
                block.append(makers.message(new, index, false))
            }
            list.insert(block, before: blockStart(below: last))
            touched.formUnion((first - 2)...(last + 2))
            run = end + 1
        }

        // Rows updated in place.
        let enteringIds = Set(change.inserted + change.moved)
        for id in change.updated where !enteringIds.contains(id) {
            guard let index = locate(id) else { continue }
            createdAt[id] = new[index].createdAt
            touched.formUnion((index - 1)...(index + 2))
        }

        for index in touched.sorted() where new.indices.contains(index) {
            placeDateSeparator(at: index)
        }
        for index in touched.sorted() where new.indices.contains(index) {
            refreshRow(at: index)
        }
    }

    /// Moves the unread separator above the message `id` (`nil` removes it); `messages` are the
    /// messages shown.
    package func setUnreadSeparator(above id: MessageId?, in messages: [ChatMessage]) {
        self.messages = messages
        defer { self.messages = [] }
        guard id != unreadSeparatorMessageId else { return }
        var touched: [MessageId] = []
        if let old = unreadSeparatorMessageId {
            list.remove([Self.unreadSeparatorID])
            touched.append(old)
        }
        unreadSeparatorMessageId = nil
        if let id, createdAt[id] != nil {
            unreadSeparatorMessageId = id
            list.insert([makers.unreadSeparator()], before: id)
            touched.append(id)
        }
        for id in touched {
            guard let date = createdAt[id], let index = Self.index(of: id, createdAt: date, in: messages) else { continue }
            refreshRow(at: index)
        }
    }

    /// Shows the typing indicator for `users` (none: hidden).
    package func setTypingUsers(_ users: [ChatUser]) {
        let users = users.sorted { $0.id < $1.id }
        guard users.map(\.id) != typingUsers.map(\.id) || users.map(\.name) != typingUsers.map(\.name) else { return }
        let wasShown = !typingUsers.isEmpty
        typingUsers = users
        switch (wasShown, users.isEmpty) {
        case (false, false): list.insert([makers.typingIndicator(users)], before: Self.bottomSpacerID)
        case (true, true): list.remove([Self.typingIndicatorID])
        case (true, false): list.update(makers.typingIndicator(users))
        case (false, true): break
        }
    }

    /// Rebuilds the row of the message `id` (its look depends on something outside the message);
    /// `messages` are the messages shown.
    package func refreshRow(of id: MessageId, in messages: [ChatMessage]) {
        self.messages = messages
        defer { self.messages = [] }
        guard let date = createdAt[id], let index = Self.index(of: id, createdAt: date, in: messages) else { return }
        refreshRow(at: index)
    }

    /// What a message's row shows of the message: the store's version of it (every write to it,
    /// its reactions, its read state or its author's profile bumps it) and of the message it
    /// quotes (an edit of the quoted message is a write to that one).
    package static func contentVersion(of message: ChatMessage) -> Int {
        var hasher = Hasher()
        hasher.combine(message.version)
        hasher.combine(message.quotedMessage?.id)
        hasher.combine(message.quotedMessage?.version)
        return hasher.finalize()
    }

    // MARK: Internals

    /// Whether a separator sits right above the message at `index`.
    private func startsGroup(at index: Int) -> Bool {
        let id = messages[index].id
        return dateSeparatorOwner[day(at: index)] == id || unreadSeparatorMessageId == id
    }

    private func refreshRow(at index: Int) {
        list.update(makers.message(messages, index, startsGroup(at: index)))
    }

    /// The first row of the message at `index + 1`'s block (its date separator, the unread
    /// separator, or its own row), or the typing indicator / bottom spacer below the last one.
    private func blockStart(below index: Int) -> String {
        let next = index + 1
        guard messages.indices.contains(next) else {
            return typingUsers.isEmpty ? Self.bottomSpacerID : Self.typingIndicatorID
        }
        let id = messages[next].id
        guard list.contains(id) else { return blockStart(below: next) }
        let day = day(at: next)
        if dateSeparatorOwner[day] == id { return Self.dateSeparatorID(day) }
        if unreadSeparatorMessageId == id { return Self.unreadSeparatorID }
        return id
    }

    /// Puts the date separator of the message at `index`'s day above it when it is the first of
    /// its day, and takes it away when it is not.
    private func placeDateSeparator(at index: Int) {
        let message = messages[index]
        let day = day(at: index)
        let first = showsDateSeparators && (index == 0 || self.day(at: index - 1) != day)
        let owner = dateSeparatorOwner[day]
        if first, owner != message.id {
            if owner != nil { list.remove([Self.dateSeparatorID(day)]) }
            let above = unreadSeparatorMessageId == message.id ? Self.unreadSeparatorID : message.id
            list.insert([makers.dateSeparator(message.createdAt, day)], before: above)
            dateSeparatorOwner[day] = message.id
        } else if !first, owner == message.id {
            list.remove([Self.dateSeparatorID(day)])
            dateSeparatorOwner[day] = nil
        }
    }

    private static func spacer(_ id: String) -> ComponentList.Row {
        ComponentList.Row(id: id, estimatedHeight: 8, component: Space(height: 8))
    }

    /// Where a message created at `date` goes in `messages` (sorted by creation time).
    static func insertionIndex(of date: Date, in messages: [ChatMessage]) -> Int {
        var low = 0, high = messages.count
        while low < high {
            let mid = (low + high) >> 1
            if messages[mid].createdAt < date { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The index of the message `id` created at `createdAt` in `messages` (sorted by creation
    /// time, to the millisecond): a binary search, then a look at the few messages of the same
    /// moment.
    static func index(of id: MessageId, createdAt: Date, in messages: [ChatMessage]) -> Int? {
        var index = insertionIndex(of: createdAt.addingTimeInterval(-0.002), in: messages)
        let end = createdAt.addingTimeInterval(0.002)
        while index < messages.count, messages[index].createdAt <= end {
            if messages[index].id == id { return index }
            index += 1
        }
        // Out of order (never, for a controller's list): a scan finds it anyway.
        return messages.firstIndex { $0.id == id }
    }

    /// The index of the message `id` in `messages`, looked for at both ends first (arrivals at
    /// the bottom, pages at the top), then everywhere.
    private static func index(of id: MessageId, in messages: [ChatMessage]) -> Int? {
        for index in messages.indices.reversed().prefix(64) where messages[index].id == id { return index }
        for index in messages.indices.prefix(64) where messages[index].id == id { return index }
        return messages.firstIndex { $0.id == id }
    }
}
