import Foundation
import Testing
@testable import ParleyChat

/// The window under the controllers: edits in place, one change per batch.
@Suite struct MessageWindowTests {
    func message(_ id: MessageId, at time: Int64, sequence: Int64, version: Int = 1) -> ChatMessage {
        var message = ChatMessage(
            id: id, cid: ChannelId(type: .messaging, id: "w"), text: id, author: ChatUser(id: "u", name: "U"),
            createdAt: Date(millisecondsSince1970: time), version: version)
        message.orderKey = MessageOrderKey(createdAt: time, sequence: sequence)
        return message
    }

    func window(_ ids: [MessageId]) -> MessageWindow {
        var window = MessageWindow()
        window.replaceAll(with: ids.enumerated().map { message($1, at: Int64($0) * 10, sequence: Int64($0)) })
        _ = window.takeChange()
        return window
    }

    @Test func aPendingMessageThatGetsItsKeyMovesOnlyIfItsPlaceChanges() {
        var window = window(["a", "b", "c"])
        // Held in memory (sorts last among equal times), then stored with an earlier key.
        window.upsert(message("p", at: 25, sequence: .max))
        _ = window.takeChange()
        #expect(window.messages.map(\.id) == ["a", "b", "c", "p"])
        window.upsert(message("p", at: 5, sequence: 9, version: 2))
        #expect(window.messages.map(\.id) == ["a", "p", "b", "c"])
        #expect(window.takeChange() == ListChange(updated: ["p"], moved: ["p"]))
        // A new key that keeps its place is no move.
        window.upsert(message("p", at: 6, sequence: 9, version: 2))
        #expect(window.takeChange().isEmpty)
    }

    @Test func aBatchReportsItsNetEffect() {
        var window = window(["a", "b", "c"])
        window.upsert(message("n", at: 100, sequence: 10))
        window.remove("n")
        window.remove("a")
        window.upsert(message("b", at: 10, sequence: 1, version: 5))
        window.dropNewest(1)
        #expect(window.messages.map(\.id) == ["b"])
        #expect(window.takeChange() == ListChange(removed: ["a", "c"], updated: ["b"]))
    }

    @Test func positionsComeFromABinarySearchEvenAmongEqualKeys() {
        var window = MessageWindow()
        window.replaceAll(with: [
            message("a", at: 1, sequence: 1), message("x", at: 5, sequence: .max), message("y", at: 5, sequence: .max),
            message("z", at: 5, sequence: .max), message("b", at: 9, sequence: 2),
        ])
        #expect(window.takeChange() == ListChange(inserted: ["a", "x", "y", "z", "b"]))
        for (offset, id) in ["a", "x", "y", "z", "b"].enumerated() { #expect(window.index(of: id) == offset) }
        #expect(window.index(of: "missing") == nil)
        window.upsert(message("w", at: 5, sequence: .max))
        #expect(window.index(of: "w") == 4)
        #expect(window.takeChange() == ListChange(inserted: ["w"]))
    }
}
