import Foundation
import Testing
@testable import ParleyServer

#if canImport(Glibc)
import Glibc
#endif

/// How ``PostgresCluster`` runs PostgreSQL's tools.
@Suite(PostgresWatchdog(seconds: 120)) struct PostgresClusterToolTests {
    /// A tool starts with no signal blocked, whatever the calling thread blocks: pgbench's `-T`
    /// ends on SIGALRM, and under the bench's inherited mask it ran until it was killed.
    @Test func aToolStartsWithNoSignalBlocked() async throws {
        let cluster = try PostgresCluster.shared()
        let blocked = try await PostgresCluster.offPool {
            var alarm = sigset_t()
            sigemptyset(&alarm)
            sigaddset(&alarm, SIGALRM)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &alarm, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            return try cluster.run("/bin/grep", ["SigBlk", "/proc/self/status"], asOwner: false)
        }
        let mask = blocked.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(mask == "0000000000000000", "the tool's blocked signals: \(blocked)")
    }

    /// What the tool prints comes back; a failing tool's output is in the error.
    @Test func aToolsOutputComesBackAndAFailureSaysWhy() async throws {
        let cluster = try PostgresCluster.shared()
        let output = try cluster.run("/bin/echo", ["hello from a tool"], asOwner: false)
        #expect(output == "hello from a tool\n")
        #expect {
            try cluster.run("/bin/sh", ["-c", "echo no such table >&2; exit 3"], asOwner: false)
        } throws: { error in
            "\(error)".contains("no such table") && "\(error)".contains("failed")
        }
    }
}
