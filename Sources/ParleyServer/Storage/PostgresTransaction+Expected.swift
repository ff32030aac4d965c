import PostgresNIO

/// The reads a write announced (``ServerTransaction/expect(_:)``): sent together ahead of the
/// body, by their place among the transaction's statements until their answers arrive.
struct ExpectedAnswers {
    /// Where a read's answer will be: the statement (its index in ``PostgresTransaction/sent``),
    /// and its place among the reads merged into that statement, if it was (``PreparedSQL/reads(_:)``).
    struct Place {
        var statement: Int
        var merged: Int?
    }

    /// The reads sent and not waited for yet.
    var pending: [ExpectedRead: Place] = [:]
    /// The answers that arrived and were not read yet.
    var answers: [ExpectedRead: [AnswerRow]] = [:]

    /// Keeps the answers of the `pending` reads among `sent` (the answers of all the statements sent).
    mutating func keep(_ pending: [ExpectedRead: Place], of sent: [PostgresAnswer]) {
        var split: [Int: [AnswerRow?]] = [:]
        for (read, place) in pending where sent.indices.contains(place.statement) {
            let rows = sent[place.statement].rows
            guard let merged = place.merged else {
                answers[read] = rows.map(AnswerRow.init)
                continue
            }
            if split[place.statement] == nil { split[place.statement] = rows.first.map(Self.split) ?? [] }
            let reads = split[place.statement] ?? []
            answers[read] = reads.indices.contains(merged) ? reads[merged].map { [$0] } ?? [] : []
        }
    }
}

// A send's reads (its author, the channel row locked, the membership, the message id) cost one
// statement together instead of one each: the body announces them, they leave as one statement
// whose row holds each read's row in the order the body reads them (so rows are locked in that
// order), and each read then takes its answer.
extension PostgresTransaction {
    func expect(_ reads: [ExpectedRead]) {
        // A read-only snapshot reads little and locks nothing: one round trip per read is fine.
        guard isWrite else { return }
        var new: [ExpectedRead] = []
        for read in reads where expected.pending[read] == nil && expected.answers[read] == nil && !new.contains(read) {
            new.append(read)
        }
        guard !new.isEmpty else { return }
        // As ``channel(_:)`` does before it reads the row.
        if new.contains(where: { if case .channel = $0 { true } else { false } }) { flushHeads() }
        let queries = new.map(query(for:))
        // Whatever this sends is a read: a write that fails after it leaves nothing to undo.
        flushMerged()
        let before = counts.sent
        defer { counts.announced += counts.sent - before }
        if new.count > 1, let merged = PreparedSQL.reads(queries) {
            send(prepared: merged)
            for (index, read) in new.enumerated() { expected.pending[read] = .init(statement: sent.count - 1, merged: index) }
        } else {
            for (read, query) in zip(new, queries) {
                send(prepared: query)
                expected.pending[read] = .init(statement: sent.count - 1, merged: nil)
            }
        }
    }

    /// The statement that reads `read` alone.
    private func query(for read: ExpectedRead) -> PreparedSQL {
        switch read {
        case .user(let id): Self.userQuery(id)
        case .channel(let cid): channelQuery(cid)
        case .member(let cid, let userId): Self.memberQuery(cid, userId: userId)
        case .message(let id): messageQuery(id)
        }
    }

    /// The rows of `read` when it was announced (once: reading it again asks the database), after
    /// waiting for the statements sent so far; `nil` when it was not announced.
    func expectedRows(_ read: ExpectedRead) throws -> [AnswerRow]? {
        if expected.pending[read] != nil { try waitForSentAnswers() }
        return expected.answers.removeValue(forKey: read)
    }
}
