import Foundation
import ParleyChat
import ParleyProtocol
import Testing
@testable import ParleyServer

@Suite("Event hub batching")
struct EventHubBatchingTests {
    /// A socket stand-in on a loop shared with others, counting the jobs scheduled on that loop.
    final class SharedLoopSocket: FrameSink {
        let loop: DispatchQueue
        let jobs: PthreadMutex<Int>
        let frames = PthreadMutex(0)

        init(loop: DispatchQueue, jobs: PthreadMutex<Int>) {
            self.loop = loop
            self.jobs = jobs
        }

        func execute(_ body: @escaping @Sendable () -> Void) {
            jobs.withLock { $0 += 1 }
            loop.async(execute: body)
        }

        var executor: ObjectIdentifier { ObjectIdentifier(loop) }

        func write(_ frames: [EncodedFrame], written: @escaping @Sendable (Bool) -> Void) {
            self.frames.withLock { $0 += frames.count }
            written(true)
        }

        func close(code: UInt16?) {}
        func closeOutrightAfterDeadline() {}
    }

    /// Ten members on sockets of one event loop, five each on two: a delivery scheduled a job per
    /// member (ten wake-ups of the loops for one message); it schedules one per loop.
    @Test(arguments: [1, 2])
    func aDeliveryIsOneJobPerEventLoop(loopCount: Int) async throws {
        let hub = EventHub()
        let loops = (0..<loopCount).map { DispatchQueue(label: "loop-\($0)") }
        let jobs = loops.map { _ in PthreadMutex(0) }
        var sockets: [SharedLoopSocket] = []
        for index in 0..<10 {
            let connection = ClientConnection(userId: "user-\(index)")
            hub.register(connection)
            hub.subscribe(connection, to: "messaging:team")
            let socket = SharedLoopSocket(loop: loops[index % loopCount], jobs: jobs[index % loopCount])
            connection.startWriting(to: socket)
            sockets.append(socket)
        }
        hub.publish([EventHubTests.event("messaging:team", 1, .messageNew)])
        try await EventHubTests.eventually { sockets.allSatisfy { $0.frames.withLock { $0 } == 1 } }
        #expect(sockets.map { $0.frames.withLock { $0 } } == Array(repeating: 1, count: 10))
        #expect(jobs.map { $0.withLock { $0 } } == Array(repeating: 1, count: loopCount))
    }
}
