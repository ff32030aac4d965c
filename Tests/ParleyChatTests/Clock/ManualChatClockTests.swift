import Foundation
import Testing
@testable import ParleyChat

@Suite struct ManualChatClockTests {
    @Test func advanceWakesDueSleepersOnly() async throws {
        let clock = ManualChatClock(now: testEpoch)
        let early = Task { try await clock.sleep(until: testEpoch.addingTimeInterval(5)); return clock.now() }
        let late = Task { try await clock.sleep(until: testEpoch.addingTimeInterval(50)); return clock.now() }
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: 10)
        #expect(try await early.value == testEpoch.addingTimeInterval(10))
        #expect(clock.sleeperCount == 1)
        late.cancel()
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func pastDeadlinesReturnAtOnceAndTimeNeverGoesBack() async throws {
        let clock = ManualChatClock(now: testEpoch)
        try await clock.sleep(until: testEpoch.addingTimeInterval(-1))
        clock.advance(to: testEpoch.addingTimeInterval(-100))
        #expect(clock.now() == testEpoch)
    }

    @Test func systemClockIsMillisecondPrecise() {
        let now = SystemChatClock().now()
        #expect(now == now.roundedToMilliseconds)
    }
}
