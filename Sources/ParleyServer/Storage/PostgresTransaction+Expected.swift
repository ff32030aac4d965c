import PostgresNIO

/// The reads a write announced (``ServerTransaction/expect(_:)``): sent together ahead of the
/// body, by their place among the transaction's statements until their answers arrive.
struct ExpectedAnswers {
    /// The reads sent and not waited for yet, with their index in ``PostgresTransaction/sent``.
    var pending: [ExpectedRead: Int] = [:]
    /// The answers that arrived and were not read yet.
    var answers: [ExpectedRead: [PostgresRow]] = [:]

    /// Keeps the answers of the `pending` reads among `sent` (the answers of all the statements sent).
    mutating func keep(_ pending: [ExpectedRead: Int], of sent: [PostgresAnswer]) {
        for (read, index) in pending where sent.indices.contains(index) {
            answers[read] = sent[index].rows
        }
    }
}

// A send's reads (its author, the channel row locked, the membership, the message id) cost one
// round trip together instead of one each: the body announces them, they leave at once in the
// order the body reads them (so rows are locked in the same order), and each read then takes its
// answer.
extension PostgresTransaction {
    func expect(_ reads: [ExpectedRead]) {
        // A read-only snapshot reads little and locks nothing: one round trip per read is fine.
        guard isWrite else { return }
        for read in reads where expected.pending[read] == nil && expected.answers[read] == nil {
            let query: PreparedSQL
            switch read {
            case .user(let id): query = Self.userQuery(id)
            case .channel(let cid):
                // As ``channel(_:)`` does before it reads the row.
                flushHeads()
                query = channelQuery(cid)
            case .member(let cid, let userId): query = Self.memberQuery(cid, userId: userId)
            case .message(let id): query = messageQuery(id)
            }
            expected.pending[read] = sent.count
            send(prepared: query)
        }
    }

    /// The rows of `read` when it was announced (once: reading it again asks the database), after
    /// waiting for the statements sent so far; `nil` when it was not announced.
    func expectedRows(_ read: ExpectedRead) throws -> [AnswerRow]? {
        if expected.pending[read] != nil { try waitForSentAnswers() }
        return expected.answers.removeValue(forKey: read)?.map(AnswerRow.init)
    }
}
