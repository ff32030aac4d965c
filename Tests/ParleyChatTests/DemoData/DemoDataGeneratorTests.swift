import Foundation
import GRDB
import Testing
@testable import ParleyChat

@Suite struct DemoDataGeneratorTests {
    static let parameters = DemoDataParameters(seed: 11, userCount: 20, messagesPerChannel: 120, busyChannelMessageCount: 2_000)

    func generated(_ parameters: DemoDataParameters = parameters) throws -> (ChatClient, DemoDataSummary) {
        let client = try makeClient("sam")
        return (client, try DemoDataGenerator(parameters: parameters).generate(into: client))
    }

    @Test func sameSeedSameDatabaseOtherSeedOtherDatabase() throws {
        let (a, _) = try generated()
        let (b, _) = try generated()
        var other = Self.parameters
        other.seed = 12
        let (c, _) = try generated(other)
        let digest = try databaseDigest(a)
        #expect(digest == (try databaseDigest(b)))
        #expect(digest != (try databaseDigest(c)))
    }

    @Test func theResultKeepsEveryStoreInvariant() throws {
        let (client, summary) = try generated()
        #expect(try storeViolations(client) == [])
        try DemoDataGenerator(parameters: Self.parameters).appendMessages(500, to: summary.busyChannel, in: client)
        #expect(try storeViolations(client) == [])
    }

    /// `busyChannelPictures`: one top-level message in five of the busy channel carries 1, 2, 3,
    /// 4, 1… of the pictures in turn; nothing else changes (other channels carry none).
    @Test func busyChannelPicturesGoOnOneMessageInFive() throws {
        var parameters = Self.parameters
        parameters.busyChannelPictures = (0..<3).map {
            ImageAttachmentPayload(localURL: URL(fileURLWithPath: "/tmp/photo-\($0).jpg"), title: "photo-\($0).jpg", width: 1600, height: 1200)
        }
        let (client, summary) = try generated(parameters)
        let rows = try client.reader { reader in
            try Row.fetchAll(reader.db, sql: """
                SELECT cid, attachments FROM message WHERE parent_id IS NULL AND type = 'regular' AND attachments LIKE '%photo-%'
                """)
        }
        let counts = rows.map { row -> Int in
            JSONColumn.decodeAttachments(row["attachments"] as String? ?? "[]").filter { $0.type == .image }.count
        }
        #expect(rows.allSatisfy { ($0["cid"] as String?) == summary.busyChannel.rawValue })
        #expect(rows.count > 300 && rows.count <= 400, "one in five of 2,000: \(rows.count)")
        #expect(Set(counts) == [1, 2, 3, 4])
        #expect(try storeViolations(client) == [])
    }

    @Test func channelKinds() throws {
        let (client, summary) = try generated()
        let busy = try #require(try client.channel(summary.busyChannel))
        #expect(busy.type == .livestream && busy.memberCount == 21 && !busy.config.typingEventsEnabled)
        #expect(try client.channel(summary.reactionsDisabledChannel)?.config.reactionsEnabled == false)
        #expect(try client.channel(summary.frozenChannel)?.isFrozen == true)
        let direct = try summary.channelIds.filter { $0.id.hasPrefix("dm-") }.compactMap { try client.channel($0) }
        #expect(direct.count == 5 && direct.allSatisfy(\.isDirectMessageChannel))
        let busyCount = try client.reader {
            try Int.fetchOne($0.db, sql: "SELECT count(*) FROM message WHERE cid = ? AND parent_id IS NULL", arguments: [summary.busyChannel.rawValue])
        }
        #expect((busyCount ?? 0) >= 2_000)
        #expect(try client.currentUser()?.name == "Sam Taylor")
        let users = try summary.userIds.compactMap { try client.user(id: $0) }
        #expect(users.count == 21 && users.allSatisfy { !$0.initials.isEmpty })
        #expect(Set(users.map(\.avatarColor)).count > 3)
    }

    @Test func messageVariety() throws {
        let (client, _) = try generated()
        func count(_ condition: String) throws -> Int {
            try client.reader { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM message WHERE \(condition)") } ?? 0
        }
        #expect(try count("type = 'system'") > 0)
        #expect(try count("parent_id IS NOT NULL") > 0)
        #expect(try count("parent_id IS NOT NULL AND show_in_channel = 1") > 0)
        #expect(try count("quoted_id IS NOT NULL") > 0)
        #expect(try count("text_updated_at IS NOT NULL") > 0)
        #expect(try count("type = 'deleted'") > 0)
        #expect(try count("mentioned IS NOT NULL") > 0)
        #expect(try count("attachments LIKE '%link%'") > 0)
        #expect(try count("length(text) > 200") > 0)
        #expect(try count("text IN ('🎉', '👍👍', '😂😂😂', '❤️', '🔥🔥', '🙏', '👀', '🚀', '😅', '🥳🎂', '☕️', '💯', '🤔', '✨✨✨')") > 0)
        let reactions = try client.reader { reader in
            try Row.fetchOne(reader.db, sql: "SELECT count(DISTINCT type), count(DISTINCT user_id), max(score) FROM reaction")
        }
        #expect((reactions?[0] as Int? ?? 0) >= 4)
        #expect((reactions?[1] as Int? ?? 0) > 5)
        #expect((reactions?[2] as Int? ?? 0) > 1)
        // Groups of consecutive messages by one author within a minute exist.
        let grouped = try count("""
            type = 'regular' AND EXISTS (SELECT 1 FROM message p WHERE p.cid = message.cid AND p.pk = message.pk - 1
              AND p.user_id = message.user_id AND message.created_at - p.created_at < 60000)
            """)
        #expect(grouped > 0)
    }

    @Test func theCurrentUserSeesUnreadsAndPreviews() async throws {
        let (client, summary) = try generated()
        let list = await client.channelListController()
        try await list.synchronize()
        try await list.loadNextChannels()
        #expect(await list.channels.count == summary.channelIds.count)
        #expect(await list.channels.contains { $0.unreadCount.messages > 0 })
        #expect(await list.channels.allSatisfy { $0.previewMessage != nil })
        let dates = await list.channels.compactMap(\.lastMessageAt)
        #expect(dates == dates.sorted(by: >))
    }
}

@Suite struct SimulatedPeersTests {
    func world() throws -> (ChatClient, ManualChatClock, DemoDataSummary) {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient("sam", clock: clock)
        let summary = try DemoDataGenerator(parameters: DemoDataParameters(
            seed: 3, userCount: 12, directChannelCount: 2, groupChannelCount: 2, messagesPerChannel: 30,
            busyChannelMessageCount: 200, busyChannelMemberCount: 6)).generate(into: client)
        return (client, clock, summary)
    }

    @Test func theSameSeedPlaysTheSameEvents() async throws {
        var runs: [([SimulatedPeers.Action], String)] = []
        for _ in 0..<2 {
            let (client, _, summary) = try world()
            let peers = SimulatedPeers(client: client, channels: summary.channelIds, seed: 42, meanInterval: 3)
            await peers.run(until: testEpoch.addingTimeInterval(20 * 60))
            runs.append((peers.performedActions, try databaseDigest(client)))
        }
        #expect(runs[0].0 == runs[1].0)
        #expect(runs[0].1 == runs[1].1)
        #expect(runs[0].0.count > 100)
    }

    @Test func peersDoEverythingButNeverActAsTheCurrentUser() async throws {
        let (client, _, summary) = try world()
        let peers = SimulatedPeers(client: client, channels: summary.channelIds, seed: 8, meanInterval: 2)
        let actions = await peers.run(until: testEpoch.addingTimeInterval(30 * 60))
        var kinds = Set<String>()
        for action in actions {
            switch action {
            case .typing(let user, _): kinds.insert("typing"); #expect(user != "sam")
            case .message(let user, _, _): kinds.insert("message"); #expect(user != "sam")
            case .reply(let user, _, _, _): kinds.insert("reply"); #expect(user != "sam")
            case .reaction(let user, _, _, _): kinds.insert("reaction"); #expect(user != "sam")
            case .join(let user, _): kinds.insert("join"); #expect(user != "sam")
            }
        }
        #expect(kinds == ["typing", "message", "reply", "reaction", "join"])
        // The frozen channel refused them (all but the admin); nothing of theirs landed there.
        #expect(peers.skippedActions > 0)
        let admins = try client.reader { try String.fetchAll($0.db, sql: "SELECT id FROM user WHERE role = 'admin'") }
        #expect(admins.count == 1)
        let frozenPosts = try client.reader {
            try Int.fetchOne($0.db, sql: """
                SELECT count(*) FROM message WHERE cid = ? AND created_at > ? AND type <> 'system' AND user_id <> ?
                """, arguments: [summary.frozenChannel.rawValue, testEpoch.millisecondsSince1970, admins.first])
        }
        #expect(frozenPosts == 0)
        #expect(try storeViolations(client) == [])
    }

    @MainActor
    @Test func realTimeModeFollowsTheClock() async throws {
        let (client, clock, summary) = try world()
        let controller = client.channelController(for: summary.busyChannel)
        try controller.synchronize()
        let before = controller.messages.last?.id
        let peers = SimulatedPeers(client: client, channels: [summary.busyChannel], seed: 5, meanInterval: 1)
        peers.start()
        try await eventually(timeout: .seconds(60), "a new message from a peer") {
            // Move time only while the peers wait on the clock, as a real clock would.
            if clock.sleeperCount > 0 { clock.advance(by: 0.5) }
            return controller.messages.last?.id != before
        }
        peers.stop()
        try await Task.sleep(for: .milliseconds(100))  // an action already under way may finish
        let count = peers.performedActions.count
        clock.advance(by: 600)
        try await Task.sleep(for: .milliseconds(100))
        #expect(peers.performedActions.count == count)
    }
}
