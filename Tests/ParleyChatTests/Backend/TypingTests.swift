import Foundation
import GRDB
import Testing
@testable import ParleyChat

@MainActor
@Suite struct TypingTests {
    @Test func typingShowsAndExpiresOnTheClock() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let controller = client.channelController(for: cid)
        try controller.synchronize()
        try await client.backend.startTyping(in: cid, parentMessageId: nil, by: "bob")
        try await eventually("bob typing") { controller.channel?.currentlyTypingUsers.map(\.id) == ["bob"] }
        clock.advance(by: EmbeddedChatBackend.typingTimeout - 1)
        #expect(try client.channel(cid)?.currentlyTypingUsers.count == 1)
        clock.advance(by: 2)
        try await eventually("typing expired") { controller.channel?.currentlyTypingUsers.isEmpty == true }
        #expect(try client.channel(cid)?.currentlyTypingUsers.isEmpty == true)
    }

    /// Stream's delegate call: once when someone starts typing and once when they stop, not for
    /// other channel changes.
    @Test func theDelegateHearsOfTypingUsersChanging() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let controller = client.channelController(for: cid)
        let recorder = ChannelDelegateRecorder()
        controller.delegate = recorder
        try controller.synchronize()
        try await client.backend.startTyping(in: cid, parentMessageId: nil, by: "bob")
        try await eventually("bob typing") { recorder.typingChanges.last == ["bob"] }
        try await controller.updateChannel(name: "Renamed")
        try await eventually("renamed") { controller.channel?.name == "Renamed" }
        #expect(recorder.typingChanges == [["bob"]])
        try await client.backend.stopTyping(in: cid, by: "bob")
        try await eventually("bob stopped") { recorder.typingChanges.last == [] }
        #expect(recorder.typingChanges == [["bob"], []])
    }

    @Test func sendingStopsTypingAndOwnTypingIsNotShown() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        try await client.startTyping(in: cid)
        #expect(try client.channel(cid)?.currentlyTypingUsers.isEmpty == true)  // not shown to oneself
        try await client.backend.startTyping(in: cid, parentMessageId: nil, by: "bob")
        #expect(try client.channel(cid)?.currentlyTypingUsers.map(\.id) == ["bob"])
        try await send(client, "done typing", in: cid, as: "bob")
        #expect(try client.channel(cid)?.currentlyTypingUsers.isEmpty == true)
        try await client.backend.startTyping(in: cid, parentMessageId: nil, by: "carol")
        try await client.backend.stopTyping(in: cid, by: "carol")
        #expect(try client.channel(cid)?.currentlyTypingUsers.isEmpty == true)
    }

    @Test func typingDisabledIsAnError() async throws {
        let client = try makeClient()
        try await addCast(client)
        let live = try await makeChannel(client, id: "live", type: .livestream)
        await #expect(throws: ChatError.featureDisabled(.typingEvents, cid: live)) { try await client.startTyping(in: live) }
        // The controller's keystroke path checks first and stays quiet.
        let controller = client.channelController(for: live)
        try controller.synchronize()
        try await controller.sendKeystrokeEvent()
    }

    @Test func keystrokesAreThrottled() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let client = try makeClient(clock: clock)
        try await addCast(client)
        let cid = try await makeChannel(client)
        let controller = client.channelController(for: cid)
        try controller.synchronize()
        try await controller.sendKeystrokeEvent()
        let firstExpiry = try client.reader { try Int64.fetchOne($0.db, sql: "SELECT expires_at FROM typing") }
        clock.advance(by: 1)
        try await controller.sendKeystrokeEvent()  // within the throttle window: no new event
        let secondExpiry = try client.reader { try Int64.fetchOne($0.db, sql: "SELECT expires_at FROM typing") }
        #expect(firstExpiry == secondExpiry)
        clock.advance(by: EmbeddedChatBackend.typingTimeout)
        try await controller.sendKeystrokeEvent()
        let thirdExpiry = try client.reader { try Int64.fetchOne($0.db, sql: "SELECT expires_at FROM typing") }
        #expect(thirdExpiry != firstExpiry)
        try await controller.sendStopTypingEvent()
        #expect(try client.reader { try Int.fetchOne($0.db, sql: "SELECT count(*) FROM typing") } == 0)
    }

    @Test func threadTypingShowsInTheMessageController() async throws {
        let client = try makeClient()
        try await addCast(client)
        let cid = try await makeChannel(client)
        let root = try await client.sendMessage("root", in: cid)
        let thread = client.messageController(cid: cid, messageId: root)
        try thread.synchronize()
        try await client.backend.startTyping(in: cid, parentMessageId: root, by: "carol")
        try await eventually("carol typing in thread") { thread.currentlyTypingUsers.map(\.id) == ["carol"] }
        #expect(try client.channel(cid)?.currentlyTypingUsers.isEmpty == true)
    }
}
