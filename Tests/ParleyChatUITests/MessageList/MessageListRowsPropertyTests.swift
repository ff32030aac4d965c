import Foundation
import Testing
@testable import ParleyChatUI
import ParleyChat
import ParleyComponent
import ParleyUIKit
import ParleyTesting

/// Random sequences of message changes applied in place give the rows a full rebuild gives: the
/// same rows in the same order (separators included), with the same versions.
@MainActor
@Suite struct MessageListRowsPropertyTests {
    typealias F = MessageListFixtures

    /// Rows whose versions say what the UIKit list's rows depend on: the message's version, its
    /// neighbours' authors (grouping) and whether a separator sits above it.
    static func makeRows() -> MessageListRows {
        let rows = MessageListRows(makers: MessageListRows.Makers(
            message: { messages, index, startsGroup in
                var version = Hasher()
                version.combine(MessageListRows.contentVersion(of: messages[index]))
                version.combine(index > 0 ? messages[index - 1].author.id : nil)
                version.combine(index + 1 < messages.count ? messages[index + 1].author.id : nil)
                version.combine(startsGroup)
                return ComponentList.Row(id: messages[index].id, version: version.finalize(), estimatedHeight: 40, component: Space(height: 40))
            },
            dateSeparator: { _, day in ComponentList.Row(id: "date-\(day)", version: day, estimatedHeight: 30, component: Space(height: 30)) },
            unreadSeparator: { ComponentList.Row(id: MessageListRows.unreadSeparatorID, estimatedHeight: 30, component: Space(height: 30)) },
            typingIndicator: { users in
                ComponentList.Row(id: MessageListRows.typingIndicatorID, version: users.count, estimatedHeight: 20, component: Space(height: 20))
            }))
        rows.calendar = F.utc
        return rows
    }

    static func snapshot(_ rows: MessageListRows) -> [String] {
        rows.list.ids.map { "\($0)@\(rows.list.version(of: $0) ?? -1)" }
    }

    @Test(arguments: [1, 2, 3, 4])
    func inPlaceChangesMatchARebuild(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let authors = [F.alice, F.bob, ChatUser(id: "me", name: "Me")]
        var serial = 0
        // Messages hours apart, so days start and end all along the list.
        func message(at date: Date) -> ChatMessage {
            serial += 1
            return ChatMessage(id: "m\(serial)", cid: F.cid, text: "text \(serial)", author: authors.randomElement(using: &rng)!, createdAt: date)
        }
        var messages = (0..<60).map { message(at: F.day.addingTimeInterval(Double($0) * 5_000)) }
        let rows = Self.makeRows()
        rows.reload(messages, unreadSeparatorAbove: messages[30].id, typingUsers: [])
        for step in 0..<300 {
            var new = messages
            var change = ListChange<MessageId>()
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:  // arrivals at the bottom
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let next = message(at: (new.last?.createdAt ?? F.day).addingTimeInterval(Double(Int.random(in: 1...40_000, using: &rng))))
                    new.append(next)
                    change.inserted.append(next.id)
                }
            case 1:  // a page of older messages at the top
                var date = new.first?.createdAt ?? F.day
                var page: [ChatMessage] = []
                for _ in 0..<Int.random(in: 1...25, using: &rng) {
                    date = date.addingTimeInterval(-Double(Int.random(in: 1...30_000, using: &rng)))
                    page.insert(message(at: date), at: 0)
                }
                new = page + new
                change.inserted = page.map(\.id)
            case 2 where new.count > 2:  // one in the middle (a late delivery)
                let index = Int.random(in: 1..<new.count, using: &rng)
                let date = new[index - 1].createdAt.addingTimeInterval(new[index].createdAt.timeIntervalSince(new[index - 1].createdAt) / 2)
                let inserted = message(at: date)
                new.insert(inserted, at: index)
                change.inserted = [inserted.id]
            case 3 where new.count > 1:  // deletions (a window dropping a page, a hard delete)
                let start = Int.random(in: 0..<new.count, using: &rng)
                let gone = new[start..<min(new.count, start + Int.random(in: 1...4, using: &rng))].map(\.id)
                new.removeAll { gone.contains($0.id) }
                change.removed = gone
            case 4 where !new.isEmpty:  // an edit, a reaction: a new version
                let index = Int.random(in: 0..<new.count, using: &rng)
                new[index].text += " (edited)"
                new[index].version += 1
                change.updated = [new[index].id]
            case 5:
                rows.setTypingUsers(Bool.random(using: &rng) ? [F.alice] : [])
            default:
                if let id = new.randomElement(using: &rng)?.id { rows.setUnreadSeparator(above: Bool.random(using: &rng) ? id : nil, in: new) }
            }
            messages = new
            rows.apply(change, messages: messages)
            let rebuilt = Self.makeRows()
            rebuilt.setTypingUsers([])  // the same typing state, applied the way `reload` takes it
            rebuilt.reload(messages, unreadSeparatorAbove: rows.unreadSeparatorMessageId, typingUsers: rows.list.contains(MessageListRows.typingIndicatorID) ? [F.alice] : [])
            #expect(Self.snapshot(rows) == Self.snapshot(rebuilt), "step \(step)")
            if Self.snapshot(rows) != Self.snapshot(rebuilt) { return }
        }
    }
}
