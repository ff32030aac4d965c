import Foundation
import Parley
import Testing

/// Grouping and per-message decisions of the default resolver (messages oldest first).
@MainActor
@Suite struct ChatMessageLayoutOptionsResolverTests {
    typealias F = MessageRowFixtures
    let resolver = ChatMessageLayoutOptionsResolver(calendar: MessageRowFixtures.utc)

    private func options(_ messages: [ChatMessage], channel: ChatChannel = F.channel()) -> [ChatMessageLayoutOptions] {
        messages.indices.map { resolver.optionsForMessage(at: $0, in: channel, oldestFirst: messages, appearance: F.appearance) }
    }

    @Test func sixtySecondsApartGroupsAndSixtyOneDoesNot() {
        let within = options([F.message("a", "one", by: F.ana, at: 0), F.message("b", "two", by: F.ana, at: 60)])
        #expect(within[0].contains(.continuousBubble))
        #expect(within[0].contains(.avatarSizePadding))
        #expect(!within[0].contains(.avatar))
        #expect(!within[0].contains(.timestamp))
        #expect(within[1].isSuperset(of: [.avatar, .timestamp, .authorName]))
        #expect(!within[1].contains(.continuousBubble))

        let apart = options([F.message("a", "one", by: F.ana, at: 0), F.message("b", "two", by: F.ana, at: 61)])
        #expect(apart[0].isSuperset(of: [.avatar, .timestamp]))
        #expect(!apart[0].contains(.continuousBubble))
        #expect(apart[1].isSuperset(of: [.avatar, .timestamp]))
    }

    @Test func theWindowIsBetweenNeighboursNotFromTheFirstMessage() {
        // 0, 50, 100, 150: every gap is 50 s, so all four are one group although it spans 150 s.
        let result = options((0..<4).map { F.message("m\($0)", "x", by: F.ben, at: Double($0) * 50) })
        #expect(result[0...2].allSatisfy { $0.contains(.continuousBubble) && !$0.contains(.timestamp) })
        #expect(result[3].contains(.timestamp) && !result[3].contains(.continuousBubble))
    }

    @Test func anotherAuthorEndsTheGroup() {
        let result = options([
            F.message("a", "hi", by: F.ana, at: 0), F.message("b", "hey", by: F.ben, at: 5), F.message("c", "yo", by: F.ana, at: 10),
        ])
        for option in result {
            #expect(option.isSuperset(of: [.avatar, .timestamp]))
            #expect(!option.contains(.continuousBubble))
        }
    }

    @Test func midnightEndsTheGroup() {
        // 23:59:40 and 00:00:10 UTC: 30 s apart, different days.
        let midnight = F.utc.startOfDay(for: F.start.addingTimeInterval(86_400))
        let offset = midnight.timeIntervalSince(F.start)
        let result = options([F.message("a", "late", by: F.ana, at: offset - 20), F.message("b", "early", by: F.ana, at: offset + 10)])
        #expect(result[0].contains(.timestamp))
        #expect(!result[0].contains(.continuousBubble))
        // The same 30 s inside one day groups.
        let sameDay = options([F.message("a", "x", by: F.ana, at: offset - 50), F.message("b", "y", by: F.ana, at: offset - 20)])
        #expect(sameDay[0].contains(.continuousBubble))
    }

    @Test func aSystemMessageBreaksTheGroupAndIsCenteredTextOnly() {
        let result = options([
            F.message("a", "one", by: F.ana, at: 0),
            F.message("s", "Ben joined the channel", by: F.ben, at: 10, type: .system),
            F.message("b", "two", by: F.ana, at: 20),
        ])
        #expect(result[0].contains(.timestamp) && !result[0].contains(.continuousBubble))
        #expect(result[1] == [.centered, .text])
        #expect(result[2].contains(.timestamp))
    }

    @Test func authorNamesOnlyInChannelsOfMoreThanTwoMembers() {
        let messages = [F.message("a", "hi", by: F.ana)]
        #expect(options(messages, channel: F.channel(memberCount: 3))[0].contains(.authorName))
        #expect(!options(messages, channel: F.channel(memberCount: 2))[0].contains(.authorName))
        // Never on own messages.
        #expect(!options([F.message("m", "hi", by: F.me)], channel: F.channel(memberCount: 3))[0].contains(.authorName))
    }

    @Test func ownMessagesAreFlippedWithDeliveryStatusAndNoAvatar() {
        let result = options([F.message("a", "one", by: F.me, at: 0), F.message("b", "two", by: F.me, at: 10)])
        #expect(result[0].contains(.flipped) && result[1].contains(.flipped))
        #expect(result[0].contains(.continuousBubble))
        #expect(!result[0].contains(.avatarSizePadding))
        #expect(!result[0].contains(.deliveryStatusIndicator))
        #expect(result[1].isSuperset(of: [.timestamp, .deliveryStatusIndicator, .bubble, .text]))
        #expect(result[1].isDisjoint(with: [.avatar, .avatarSizePadding, .authorName]))
        // Others' messages are not flipped and have no delivery status.
        let other = options([F.message("c", "x", by: F.ana)])[0]
        #expect(other.isDisjoint(with: [.flipped, .deliveryStatusIndicator]))
    }

    @Test func deletedMessagesShowThePlaceholderInABubble() {
        let result = options([F.message("a", "secret", by: F.me, deleted: true), F.message("b", "gone", by: F.ana, at: 100, deleted: true)])
        #expect(result[0].isSuperset(of: [.deletedPlaceholder, .bubble, .flipped, .timestamp]))
        #expect(result[0].isDisjoint(with: [.text, .deliveryStatusIndicator, .reactions]))
        #expect(result[1].isSuperset(of: [.deletedPlaceholder, .bubble, .timestamp]))
        #expect(!result[1].contains(.flipped))
    }

    @Test func emojiOnlyMessagesHaveNoBubble() {
        let cases: [(String, Bool)] = [
            ("🎉", true), ("👍🏽", true), ("❤️ 🔥 😂", true), ("👨‍👩‍👧", true), ("🇫🇷", true),
            ("🎉🎉🎉🎉", false), ("ok 👍", false), ("1", false), ("#", false), ("", false), ("   ", false),
        ]
        for (text, emojiOnly) in cases {
            let option = options([F.message("a", text, by: F.ana)])[0]
            #expect(option.contains(.emojiOnly) == emojiOnly, "\(text.debugDescription)")
            if emojiOnly { #expect(!option.contains(.bubble), "\(text.debugDescription)") }
            #expect(option.contains(.text) == !text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.debugDescription)")
        }
    }

    @Test func quotesThreadsReactionsErrorsAndEphemeral() {
        let quoted = F.message("q", "original", by: F.ben)
        let reply = options([F.message("a", "answer", by: F.ana, quoting: quoted)])[0]
        #expect(reply.isSuperset(of: [.quotedMessage, .bubble, .text]))
        // A quoted emoji-only reply keeps its bubble (the quote lives in it).
        #expect(options([F.message("a", "👍", by: F.ana, quoting: quoted)])[0].isSuperset(of: [.quotedMessage, .bubble]))

        #expect(options([F.message("t", "root", by: F.ana, replyCount: 3)])[0].contains(.threadInfo))
        #expect(!options([F.message("t", "root", by: F.ana)])[0].contains(.threadInfo))
        // In its own thread (followed by its replies) the root shows no thread info.
        let thread = [F.message("t", "root", by: F.ana, replyCount: 1), F.message("r", "reply", by: F.ben, at: 5, parentMessageId: "t")]
        #expect(!options(thread)[0].contains(.threadInfo))

        let reacted = F.message("r", "nice", by: F.ana, reactions: [.love: F.reaction(.love)])
        #expect(options([reacted])[0].contains(.reactions))
        #expect(!options([reacted], channel: F.channel(config: ChannelConfig(reactionsEnabled: false)))[0].contains(.reactions))
        let unknownReaction = F.message("r", "nice", by: F.ana, reactions: ["banana": F.reaction("banana")])
        #expect(!options([unknownReaction])[0].contains(.reactions))

        let failed = options([F.message("f", "oops", by: F.me, localState: .sendingFailed)])[0]
        #expect(failed.contains(.errorIndicator))
        #expect(!failed.contains(.deliveryStatusIndicator))

        let ephemeral = options([F.message("e", "/giphy cats", by: F.me, type: .ephemeral)])[0]
        #expect(ephemeral.contains(.onlyVisibleToYouIndicator))
        #expect(!options([F.message("n", "normal", by: F.me)])[0].contains(.onlyVisibleToYouIndicator))
    }

    @Test func outOfRangeIndicesAndEmptyListsGiveNoOptions() {
        let one = AnyRandomAccessCollection([F.message("a", "x", by: F.ana)])
        #expect(resolver.optionsForMessage(at: IndexPath(item: 0, section: 0), in: F.channel(), with: AnyRandomAccessCollection([]), appearance: F.appearance) == [])
        #expect(resolver.optionsForMessage(at: IndexPath(item: -1, section: 0), in: F.channel(), with: one, appearance: F.appearance) == [])
        #expect(resolver.optionsForMessage(at: IndexPath(item: 1, section: 0), in: F.channel(), with: one, appearance: F.appearance) == [])
        #expect(resolver.isMessageLastInSequence(messageIndexPath: IndexPath(item: 3, section: 0), messages: one))
    }

    @Test func spacingIsCompactInsideGroups() {
        #expect(resolver.spacing(below: [.continuousBubble, .bubble]) == 2)
        #expect(resolver.spacing(below: [.bubble, .timestamp]) > 2)
    }
}
