import Foundation
import Logging
import ParleyProtocol

/// Forgets the reaction operation ids no client can retry any more, so the table they are kept
/// in stays the size of a retention window instead of growing with every reaction ever sent.
///
/// A client retries a queued operation for at most ``WirePath/operationRetryWindow`` after
/// queueing it, and the server records the id after that; an id kept for
/// ``WirePath/operationIdRetention`` (a day longer) therefore outlives every retry of it, and a
/// retry never finds its id forgotten and applies twice.
///
/// Pruning runs when the server starts and then every ``interval``, off the request path (sends
/// pay nothing for it), in transactions of at most ``batchSize`` rows: each holds the writer
/// (SQLite) or its rows (PostgreSQL) briefly, and other writes commit between batches.
struct ReactionOperationPruner: Sendable {
    let storage: any ServerStorage
    /// How long an applied operation id is kept.
    var retention: Duration = WirePath.operationIdRetention
    /// How often the expired ids are deleted.
    var interval: Duration = .seconds(3600)
    /// The most rows one transaction deletes.
    var batchSize = 1_000
    let logger: Logger

    /// Prunes now, then every ``interval``, until the task is cancelled.
    func run() async {
        while !Task.isCancelled {
            do {
                let deleted = try await prune(now: Date())
                if deleted > 0 { logger.debug("pruned expired reaction operation ids", metadata: ["count": "\(deleted)"]) }
            } catch {
                logger.warning("pruning reaction operation ids failed; retried later", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }

    /// Deletes every operation id recorded more than ``retention`` before `now`, batch by batch;
    /// how many it deleted.
    func prune(now: Date) async throws -> Int {
        let components = retention.components
        let cutoff = now.addingTimeInterval(-(Double(components.seconds) + Double(components.attoseconds) / 1e18))
        var total = 0
        while !Task.isCancelled {
            let deleted = try await storage.write(
                { [batchSize] tx in try tx.pruneReactionOperations(before: cutoff, limit: batchSize) }, afterCommit: { _ in })
            total += deleted
            if deleted < batchSize { break }
            await Task.yield()
        }
        return total
    }
}
