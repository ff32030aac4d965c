import Foundation
import Testing
@testable import ParleyChat

/// `PthreadMutex`, the lock of the modules the server and remote-backend tests run under TSan.
@Suite("PthreadMutex")
struct PthreadMutexTests {
    struct Refused: Error, Equatable {}

    @Test("Threads that change the value under the lock lose none of their changes")
    func threadsLoseNoChanges() {
        let counter = PthreadMutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 {
                counter.withLock { $0 += 1 }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("withLock returns what its body returns, and a body that throws leaves the value and the lock usable")
    func bodyResultsAndErrors() {
        let names = PthreadMutex<[String]>(["alice"])
        let count = names.withLock { names -> Int in
            names.append("bob")
            return names.count
        }
        #expect(count == 2)
        #expect(throws: Refused.self) {
            try names.withLock { (names: inout [String]) throws(Refused) in
                names.append("carol")
                throw Refused()
            }
        }
        #expect(names.withLock { $0 } == ["alice", "bob", "carol"])
    }
}
