import Foundation
import Testing
@testable import ParleyChat

@Suite struct ModelTests {
    @Test func unreadCountNoUnread() {
        #expect(ChannelUnreadCount.noUnread == ChannelUnreadCount(messages: 0, mentions: 0))
        #expect(ChannelUnreadCount(messages: 1, mentions: 0) != .noUnread)
    }

    @Test func reactionTypeIsAStringLiteralAndCodable() throws {
        let fire: MessageReactionType = "fire"
        #expect(fire.rawValue == "fire")
        #expect(MessageReactionType(rawValue: "love") == .love)
        let encoded = try JSONEncoder().encode([MessageReactionType.love: 2])
        #expect(try JSONDecoder().decode([MessageReactionType: Int].self, from: encoded) == [.love: 2])
        #expect(String(decoding: try JSONEncoder().encode(fire), as: UTF8.self) == "\"fire\"")
        #expect(MessageReactionType.defaultSet == MessageReactionType.defaultSet.sorted())
    }

    @Test(arguments: [("love", true), ("", false), ("two words", false), (String(repeating: "x", count: 31), false), ("🔥", true)])
    func reactionTypeValidity(_ raw: String, _ valid: Bool) {
        #expect(MessageReactionType(rawValue: raw).isValid == valid)
    }

    @Test func userInitialsAndStableAvatarColour() {
        #expect(ChatUser(id: "a", name: "Ada Lovelace").initials == "AL")
        #expect(ChatUser(id: "a", name: "ada mary lovelace").initials == "AL")
        #expect(ChatUser(id: "a", name: "Plato").initials == "P")
        #expect(ChatUser(id: "zed", name: "").initials == "Z")
        #expect(ChatUser(id: "x", name: "X").avatarColor == ChatUser(id: "x", name: "Other").avatarColor)
        #expect(ChatAvatarColor.palette.contains(ChatAvatarColor.derived(from: "anyone")))
        let colour = ChatAvatarColor(rgb: 0x12_34_56)
        #expect((colour.red, colour.green, colour.blue) == (0x12, 0x34, 0x56))
    }

    @Test func messageReactionViews() {
        let author = ChatUser(id: "a", name: "A")
        let message = ChatMessage(
            id: "m", cid: ChannelId(type: .messaging, id: "c"), text: "hi", author: author, createdAt: testEpoch,
            reactionGroups: [
                .wow: ChatMessageReactionData(type: .wow, score: 1, count: 1, isChosenByCurrentUser: false),
                .love: ChatMessageReactionData(type: .love, score: 5, count: 2, isChosenByCurrentUser: true),
            ])
        #expect(message.reactionScores == [.wow: 1, .love: 5])
        #expect(message.reactionCounts == [.wow: 1, .love: 2])
        #expect(message.reactionsData.map(\.type) == [.love, .wow])
        #expect(!message.isDeleted && !message.isEdited && !message.isRootOfThread && !message.isPartOfThread)
    }

    @Test func quotedMessageIsBoxedAndCompared() {
        let cid = ChannelId(type: .messaging, id: "c")
        let author = ChatUser(id: "a", name: "A")
        let quoted = ChatMessage(id: "q", cid: cid, text: "original", author: author, createdAt: testEpoch)
        var message = ChatMessage(id: "m", cid: cid, text: "reply", author: author, createdAt: testEpoch, quotedMessage: quoted)
        #expect(message.quotedMessage?.text == "original")
        var other = message
        other.quotedMessage?.text = "changed"
        #expect(other != message)
        message.quotedMessage = nil
        #expect(message.quotedMessage == nil)
    }

    @Test func defaultConfigsPerChannelType() {
        #expect(ChannelConfig.default(for: .messaging) == ChannelConfig())
        #expect(!ChannelConfig.default(for: .livestream).typingEventsEnabled)
        #expect(!ChannelConfig.default(for: .livestream).readEventsEnabled)
        #expect(!ChannelConfig.default(for: .gaming).uploadsEnabled)
        #expect(ChannelConfig().maxMessageLength == 5000)
    }

    @Test func memberForwardsUserProperties() {
        let member = ChatChannelMember(user: ChatUser(id: "b", name: "Bob"), role: .moderator, memberCreatedAt: testEpoch)
        #expect(member.name == "Bob")
        #expect(member.id == "b")
    }
}

@Suite struct ListChangeTests {
    struct Item: Identifiable, Equatable { var id: Int; var value: String }

    @Test func insertedRemovedUpdated() {
        let old = [Item(id: 1, value: "a"), Item(id: 2, value: "b"), Item(id: 3, value: "c")]
        let new = [Item(id: 1, value: "a"), Item(id: 3, value: "C"), Item(id: 4, value: "d")]
        let change = ListChange<Int>.between(old, new)
        #expect(change.inserted == [4])
        #expect(change.removed == [2])
        #expect(change.updated == [3])
        #expect(change.moved.isEmpty)
    }

    @Test func oneItemJumpingToTheTopIsOneMove() {
        let old = (1...6).map { Item(id: $0, value: "") }
        let new = [old[4]] + old.filter { $0.id != 5 }
        let change = ListChange<Int>.between(old, new)
        #expect(change.moved == [5])
        #expect(change.inserted.isEmpty && change.removed.isEmpty && change.updated.isEmpty)
    }

    @Test func identicalListsMakeAnEmptyChange() {
        let items = (1...3).map { Item(id: $0, value: "x") }
        #expect(ListChange<Int>.between(items, items).isEmpty)
    }
}
