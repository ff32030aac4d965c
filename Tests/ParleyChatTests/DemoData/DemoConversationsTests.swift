import Foundation
import GRDB
import Testing
@testable import ParleyChat

/// The written demo conversations: real threads, quotes, mentions and reactions over several days,
/// a few unread, no random words; peers answer with each channel's lines.
@Suite struct DemoConversationsTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// 1_700_000_000 is Tuesday 14 November 2023, 22:13 UTC: after the last day's last message.
    func seeded(now: Date = testEpoch, townHall: Int = 200) throws -> ChatClient {
        let client = try makeClient("sam", clock: ManualChatClock(now: now))
        try DemoConversations.seed(into: client, townHallMessages: townHall, now: now, calendar: Self.utc)
        return client
    }

    func count(_ client: ChatClient, _ condition: String) throws -> Int {
        try client.reader { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM message WHERE \(condition)") } ?? 0
    }

    @Test func theScriptIsWrittenWithEveryKindOfMessage() throws {
        let client = try seeded()
        #expect(try storeViolations(client) == [])
        #expect(try count(client, "cid = 'livestream:town-hall'") == 200)
        #expect(try count(client, "parent_id IS NOT NULL") >= 15)
        #expect(try count(client, "parent_id IS NOT NULL AND show_in_channel = 1") == 1)
        #expect(try count(client, "quoted_id IS NOT NULL") >= 8)
        #expect(try count(client, "mentioned IS NOT NULL") >= 7)
        #expect(try count(client, "attachments LIKE '%link%'") == 3)
        #expect(try count(client, "text LIKE '%```swift%'") >= 4)
        #expect(try count(client, "text_updated_at IS NOT NULL") == 1)
        // Arabic, written as people write it.
        #expect(try count(client, "cid = 'messaging:friday-dinner' AND text LIKE '%يوم الجمعة%'") >= 2)
        // Every mention in a message's text is of a member who is mentioned.
        let mentions = try client.reader { reader in
            try Row.fetchAll(reader.db, sql: "SELECT text, mentioned FROM message WHERE text LIKE '%@%' AND cid NOT IN ('livestream:town-hall', 'team:dev-help')")
        }
        #expect(mentions.allSatisfy { ($0["mentioned"] as String?) != nil })
        let engineering = try #require(try client.channel(ChannelId(type: .team, id: "engineering")))
        #expect(engineering.name == "Engineering" && engineering.memberCount == 7)
        let dm = try #require(try client.channel(ChannelId(type: .messaging, id: "dm-priya")))
        #expect(dm.isDirectMessageChannel)
    }

    @Test func messagesSpreadOverDaysEndBeforeNowAndSomeAreUnread() async throws {
        let client = try seeded()
        let list = await client.channelListController()
        try await list.synchronize()
        try await list.loadNextChannels()
        let channels = await list.channels
        #expect(channels.count == DemoConversations.channelIds.count)
        #expect(channels.first?.cid == ChannelId(type: .team, id: "engineering"))
        let unread = Dictionary(uniqueKeysWithValues: channels.map { ($0.cid.id, $0.unreadCount.messages) })
        #expect(unread["engineering"] == 2 && unread["lisbon-trip"] == 3 && unread["dev-help"] == 0)
        #expect(channels.compactMap(\.lastMessageAt).allSatisfy { $0 < testEpoch })
        let days = try client.reader { reader in
            try Int64.fetchAll(reader.db, sql: "SELECT DISTINCT created_at / 86400000 FROM message WHERE cid = 'team:engineering'")
        }
        #expect(days.count == 4)
        // The last day is the clock's day (its last message at 11:43, before 22:13).
        let newest = try #require(channels.first?.lastMessageAt)
        #expect(Self.utc.isDate(newest, inSameDayAs: testEpoch))
    }

    @Test func theLisbonTripSharesTheFlatsLocationAsACustomAttachment() throws {
        let client = try seeded()
        let ids = try client.reader { reader in
            try String.fetchAll(reader.db, sql: "SELECT id FROM message WHERE cid = 'messaging:lisbon-trip' AND attachments LIKE '%location%'")
        }
        #expect(ids.count == 1)
        let id = try #require(ids.first)
        let message = try #require(try client.message(id: id))
        let location = try #require(message.attachments.first?.customPayload)
        #expect(location.type == "location")
        let object = try #require(try JSONSerialization.jsonObject(with: location.data) as? [String: Any])
        #expect(object["name"] as? String == "Alfama flat, Rua de São Miguel" && object["latitude"] as? Double == 38.7112)
    }

    @Test func anEarlyClockMovesTheScriptBackADay() throws {
        let morning = Self.utc.startOfDay(for: testEpoch).addingTimeInterval(7 * 3_600)  // 07:00, before most of the last day
        let client = try seeded(now: morning, townHall: 0)
        let newest = try client.reader { try Int64.fetchOne($0.db, sql: "SELECT max(created_at) FROM message") } ?? 0
        #expect(newest < morning.millisecondsSince1970)
        #expect(newest > morning.millisecondsSince1970 - 86_400_000)
    }

    @Test func peersSayTheirChannelsLinesAndDoNotJoin() async throws {
        let client = try seeded()
        let lines = DemoConversations.peerLines
        let peers = SimulatedPeers(client: client, channels: DemoConversations.channelIds, seed: 4, meanInterval: 2,
                                   lines: lines, allowsJoins: false)
        let actions = await peers.run(until: testEpoch.addingTimeInterval(30 * 60))
        var said = 0
        for action in actions {
            switch action {
            case .message(_, let cid, let id), .reply(_, let cid, _, let id):
                let text = try #require(try client.message(id: id)?.text)
                #expect(lines[cid]?.contains(text) == true, "\(text) in \(cid)")
                said += 1
            case .join:
                Issue.record("a peer joined with joins off")
            default:
                break
            }
        }
        #expect(said > 10)
        #expect(try storeViolations(client) == [])
    }
}
