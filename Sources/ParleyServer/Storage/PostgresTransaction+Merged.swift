import PostgresNIO

// Fewer statements per write. PostgresNIO sends a connection's statements one at a time, each
// after the previous one's answer: every statement is a round trip, two wake-ups of each process
// and a turn of PostgreSQL's executor. So a send's reads leave as one statement (their rows side
// by side in one answer row), and a send's writes as one statement (data-modifying `WITH`s).

/// Writes sent as one statement: data-modifying `WITH` clauses and a last statement. Each row
/// they touch is named, so that no two change one row (in one statement, PostgreSQL would keep
/// one of the two changes and not say which).
struct MergedWrites {
    /// The writes waiting to leave, in order.
    var statements: [PreparedSQL] = []
    /// The rows they change (`"table:key"`).
    var rows: Set<String> = []
}

extension PreparedSQL {
    /// The statement with its parameters numbered from `offset + 1` (values are never written
    /// into its SQL: a `$` followed by digits is a parameter, any other `$` stays as it is).
    func renumbered(by offset: Int) -> PreparedSQL {
        guard offset > 0 else { return self }
        var result = PreparedSQL(stringLiteral: "")
        result.binds = binds
        result.sql.reserveCapacity(sql.utf8.count + binds.count)
        var digits: String?
        func endParameter() {
            guard let pending = digits else { return }
            result.sql += "$" + (Int(pending).map { String($0 + offset) } ?? "")
            digits = nil
        }
        for character in sql {
            if digits != nil, character.isASCII, character.isNumber {
                digits?.append(character)
                continue
            }
            endParameter()
            if character == "$" { digits = "" } else { result.sql.append(character) }
        }
        endParameter()
        return result
    }

    /// Statements after one another: each renumbered after the ones before it.
    private static func joined(_ parts: [PreparedSQL], _ text: (Int, String) -> String) -> PreparedSQL {
        var result = PreparedSQL(stringLiteral: "")
        for (index, part) in parts.enumerated() {
            let numbered = part.renumbered(by: result.binds.count)
            result.sql += text(index, numbered.sql)
            result.binds += numbered.binds
        }
        return result
    }

    /// Writes as one statement: the first ones as data-modifying `WITH` clauses, the last as the
    /// statement. They run together on one snapshot: none may read what another writes.
    static func writes(_ statements: [PreparedSQL]) -> PreparedSQL {
        joined(statements) { index, sql in
            switch index {
            case 0 where statements.count == 1: sql
            case 0: "WITH w0 AS (\(sql))"
            case statements.count - 1: " \(sql)"
            default: ", w\(index) AS (\(sql))"
            }
        }
    }

    /// Marks the start of each read's columns in ``reads(_:)``'s row: `true` when the read found
    /// its row, `NULL` when not.
    static let readMarker = "#"

    /// Reads of one row each (`SELECT` statements) as one: their rows side by side in one answer
    /// row, each read's columns after a ``readMarker`` column. Locking reads (`FOR UPDATE`) lock
    /// as they would alone; nil when a statement is not a `SELECT`.
    static func reads(_ statements: [PreparedSQL]) -> PreparedSQL? {
        guard statements.allSatisfy({ $0.sql.hasPrefix("SELECT ") }) else { return nil }
        let columns = statements.indices.map { "r\($0).*" }.joined(separator: ", ")
        var merged = joined(statements) { index, sql in
            " LEFT JOIN LATERAL (SELECT true AS \"\(readMarker)\", \(sql.dropFirst(7))) AS r\(index) ON true"
        }
        merged.sql = "SELECT \(columns) FROM (VALUES (1)) AS one (x)" + merged.sql
        return merged
    }
}

extension PostgresTransaction {
    /// Sends a write that may leave with the writes before and after it as one statement (see
    /// ``MergedWrites``): those that change the row named `row` (`"table:key"`) leave first. It
    /// leaves before any other statement (a read, a plain write, a wait).
    func send(merging statement: PreparedSQL, row: String) {
        if merging.rows.contains(row) { flushMerged() }
        merging.statements.append(statement)
        merging.rows.insert(row)
    }

    /// Sends the merged writes waiting, as one statement.
    func flushMerged() {
        guard !merging.statements.isEmpty else { return }
        let statements = merging.statements
        merging = MergedWrites()
        send(prepared: .writes(statements))
    }
}

extension ExpectedAnswers {
    /// The rows of the reads merged into one statement (``PreparedSQL/reads(_:)``), one per read:
    /// each read's columns by name, or nil when the read found no row.
    static func split(_ row: PostgresRow) -> [AnswerRow?] {
        let random = row.makeRandomAccess()
        var reads: [AnswerRow?] = []
        var columns: [String: Int] = [:]
        var found = false
        func close() {
            reads.append(found ? AnswerRow(random, columns: columns) : nil)
            columns = [:]
        }
        var started = false
        for index in 0..<random.count {
            let cell = random[index]
            if cell.columnName == PreparedSQL.readMarker {
                if started { close() }
                started = true
                found = cell.bytes != nil
            } else if columns[cell.columnName] == nil {
                columns[cell.columnName] = index
            }
        }
        if started { close() }
        return reads
    }
}
