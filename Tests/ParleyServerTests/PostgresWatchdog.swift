import Foundation
import Synchronization
import Testing
@testable import ParleyServer

/// Bounds every test case of a suite that talks to PostgreSQL or to server children.
///
/// Swift Testing's `.timeLimit` records a failure, but then waits for the test's task, which may
/// sit forever on a query to a hung server, a lease from a pool whose database is gone, or a child
/// process that never answers. This trait starts a timer beside each test case: if the case has not
/// returned `seconds` after it started, the process prints which test hung and why it stops, stops
/// the throwaway clusters it started, and exits with status 70, so CI fails with that message
/// instead of running into its own timeout.
struct PostgresWatchdog: TestTrait, SuiteTrait, TestScoping {
    let seconds: Int

    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> PostgresWatchdog? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let finished = Flag()
        let name = test.displayName ?? test.name
        let seconds = seconds
        let timer = Thread {
            let deadline = Date().addingTimeInterval(TimeInterval(seconds))
            while Date() < deadline {
                if finished.value.load(ordering: .acquiring) { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
            if finished.value.load(ordering: .acquiring) { return }
            FileHandle.standardError.write(Data("""

                PostgresWatchdog: "\(name)" still running after \(seconds) s: a hung PostgreSQL cluster, \
                connection or server child. The test process stops here (status 70) rather than hang CI.

                """.utf8))
            PostgresCluster.emergencyStopAll()
            _exit(70)
        }
        timer.start()
        defer { finished.value.store(true, ordering: .releasing) }
        try await function()
    }
}

/// Set once the test case returned.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}

extension Trait where Self == PostgresWatchdog {
    /// Stops the test process when a test case runs longer than `seconds` (see ``PostgresWatchdog``).
    static func postgresWatchdog(seconds: Int) -> Self { PostgresWatchdog(seconds: seconds) }
}

extension PostgresCluster {
    /// A new empty database on the shared cluster (started on first use), made off the
    /// concurrency pool (see ``PostgresCluster/offPool(_:)``).
    static func freshTestDatabase() async throws -> String {
        try await offPool { try freshDatabase() }
    }
}
