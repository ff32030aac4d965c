import Foundation
import Testing
import ParleyChat

/// The chat rules as a pure value (no store): what a server asks them, it gets the same answer
/// the embedded backend acts on.
@Suite struct ChatRulesTests {
    let cid = ChannelId(type: .messaging, id: "general")
    let other = ChannelId(type: .messaging, id: "secret")

    func rules(
        _ role: MemberRole?, user: UserId = "alice", userRole: UserRole = .user, frozen: Bool = false,
        config: ChannelConfig = ChannelConfig(), in cid: ChannelId? = nil
    ) -> ChatRules {
        ChatRules(
            cid: cid ?? self.cid, config: config, isFrozen: frozen, memberRole: role, userId: user, userRole: userRole)
    }

    func message(_ id: MessageId, by author: UserId, in cid: ChannelId? = nil, type: MessageType = .regular) -> ChatRules.Message {
        ChatRules.Message(id: id, cid: cid ?? self.cid, authorId: author, type: type)
    }

    func outgoing(_ text: String, parent: MessageId? = nil, quoted: MessageId? = nil) -> OutgoingMessage {
        OutgoingMessage(id: "m-new", cid: cid, text: text, parentMessageId: parent, quotedMessageId: quoted, createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func nonMembersCannotReadAndLearnNothing() throws {
        #expect(throws: ChatError.channelNotFound(cid)) { try rules(nil).checkRead() }
        try rules(.member).checkRead()
        try rules(nil, userRole: .admin).checkRead()
        try rules(nil, in: ChannelId(type: .livestream, id: "tv")).checkRead()
        #expect(rules(nil).capabilities.isEmpty)
    }

    @Test func messageLengthLimitIsFiveThousandCharacters() throws {
        let member = rules(.member)
        try member.checkSend(outgoing(String(repeating: "a", count: 5000)), parent: nil, quoted: nil)
        #expect(throws: ChatError.messageTooLong(length: 5001, limit: 5000)) {
            try member.checkSend(outgoing(String(repeating: "a", count: 5001)), parent: nil, quoted: nil)
        }
        #expect(throws: ChatError.emptyMessage) { try member.checkSend(outgoing("  \n"), parent: nil, quoted: nil) }
    }

    @Test func frozenChannelsStopPostingButNotModerators() throws {
        #expect(throws: ChatError.channelFrozen(cid)) {
            try rules(.member, frozen: true).checkSend(outgoing("hi"), parent: nil, quoted: nil)
        }
        #expect(throws: ChatError.channelFrozen(cid)) {
            try rules(.member, frozen: true).checkReaction(on: message("m1", by: "bob"))
        }
        try rules(.moderator, frozen: true).checkSend(outgoing("hi"), parent: nil, quoted: nil)
        #expect(!rules(.member, frozen: true).allows(.sendMessage))
        #expect(rules(.member, frozen: true).allows(.readEvents))
    }

    @Test func editAndDeleteOwnVersusAny() throws {
        let mine = message("m1", by: "alice")
        let bobs = message("m2", by: "bob")
        try rules(.member).checkEdit(mine, text: "fixed")
        try rules(.member).checkDelete(mine)
        #expect(throws: ChatError.notOwnMessage("m2")) { try rules(.member).checkEdit(bobs, text: "mine now") }
        #expect(throws: ChatError.notOwnMessage("m2")) { try rules(.member).checkDelete(bobs) }
        try rules(.moderator).checkEdit(bobs, text: "moderated")
        try rules(.member, userRole: .admin).checkDelete(bobs)
        #expect(throws: ChatError.missingCapability(.updateOwnMessage, cid: cid)) {
            try rules(.member, userRole: .guest).checkEdit(mine, text: "x")
        }
        let deleted = message("m3", by: "alice", type: .deleted)
        #expect(throws: ChatError.messageDeleted("m3")) { try rules(.member).checkEdit(deleted, text: "x") }
        #expect(throws: ChatError.messageDeleted("m3")) { try rules(.member).checkDelete(deleted) }
        #expect(throws: ChatError.messageNotEditable("m4", .system)) {
            try rules(.owner).checkEdit(message("m4", by: "alice", type: .system), text: "x")
        }
    }

    @Test func threadsAndQuotesStayInTheirChannel() throws {
        let member = rules(.member)
        let elsewhere = message("x1", by: "bob", in: other)
        #expect(throws: ChatError.invalidThreadParent("x1")) {
            try member.checkSend(outgoing("re", parent: "x1"), parent: elsewhere, quoted: nil)
        }
        #expect(throws: ChatError.invalidQuotedMessage("x1")) {
            try member.checkSend(outgoing("q", quoted: "x1"), parent: nil, quoted: elsewhere)
        }
        #expect(throws: ChatError.messageNotFound("gone")) {
            try member.checkSend(outgoing("re", parent: "gone"), parent: nil, quoted: nil)
        }
        var reply = message("r1", by: "bob")
        reply.parentId = "m1"
        #expect(throws: ChatError.invalidThreadParent("r1")) {
            try member.checkSend(outgoing("re", parent: "r1"), parent: reply, quoted: nil)
        }
        try member.checkSend(outgoing("re", parent: "m1", quoted: "m1"), parent: message("m1", by: "bob"), quoted: message("m1", by: "bob"))
        #expect(throws: ChatError.featureDisabled(.replies, cid: cid)) {
            try rules(.member, config: ChannelConfig(repliesEnabled: false))
                .checkSend(outgoing("re", parent: "m1"), parent: message("m1", by: "bob"), quoted: nil)
        }
    }

    @Test func retriesAreOnlyForTheSameAuthorAndChannel() throws {
        let sent = outgoing("hi")
        try rules(.member).checkRetry(sent, existing: message("m-new", by: "alice"))
        #expect(throws: ChatError.duplicateId("m-new")) {
            try rules(.member).checkRetry(sent, existing: message("m-new", by: "bob"))
        }
        #expect(throws: ChatError.duplicateId("m-new")) {
            try rules(.member).checkRetry(sent, existing: message("m-new", by: "alice", in: other))
        }
    }

    @Test func reactionsReadStateAndTyping() throws {
        #expect(throws: ChatError.invalidReactionScore(0)) { try ChatRules.validateReaction(.love, score: 0) }
        #expect(throws: ChatError.invalidReactionType("two words")) { try ChatRules.validateReaction("two words", score: 1) }
        try rules(.member).checkReaction(on: message("m1", by: "bob"))
        #expect(throws: ChatError.featureDisabled(.reactions, cid: cid)) {
            try rules(.member, config: ChannelConfig(reactionsEnabled: false)).checkReaction(on: message("m1", by: "bob"))
        }
        try rules(.member).checkMarkRead()
        #expect(throws: ChatError.notAMember("alice", cid: cid)) { try rules(nil).checkMarkRead() }
        #expect(throws: ChatError.featureDisabled(.readEvents, cid: cid)) {
            try rules(.member, config: ChannelConfig(readEventsEnabled: false)).checkMarkRead()
        }
        try rules(.member).checkTyping()
        #expect(throws: ChatError.missingCapability(.sendTypingEvents, cid: cid)) { try rules(nil).checkTyping() }
    }

    @Test func membershipChanges() throws {
        let livestream = ChannelId(type: .livestream, id: "tv")
        try rules(nil, in: livestream).checkAddMembers(["alice"])
        #expect(throws: ChatError.missingCapability(.updateChannelMembers, cid: livestream)) {
            try rules(nil, in: livestream).checkAddMembers(["bob"])
        }
        try rules(.member).checkRemoveMembers(["alice"])
        try rules(.member).checkAddMembers(["carol"])  // messaging: any member may add people
        #expect(throws: ChatError.missingCapability(.updateChannelMembers, cid: livestream)) {
            try rules(.member, in: livestream).checkRemoveMembers(["bob"])
        }
        #expect(throws: ChatError.missingCapability(.freezeChannel, cid: cid)) { try rules(.member).checkFreeze() }
        try rules(.owner, frozen: true).checkFreeze()
        #expect(throws: ChatError.missingCapability(.deleteChannel, cid: cid)) { try rules(.member).checkDeleteChannel() }
    }
}
