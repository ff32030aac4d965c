import GRDB
import GRDBSQLite

/// Binds values straight through the SQLite C API, for the bulk path's two hot statements: a
/// `StatementArguments` array boxes every value and cost more than SQLite's own insert work.
/// Callers reset and bind every parameter of the statement before each execution.
struct RawBinding {
    let statement: Statement

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func reset() {
        sqlite3_reset(statement.sqliteStatement)
    }

    func bind(_ value: String, at index: Int32) {
        var value = value
        let handle = statement.sqliteStatement
        value.withUTF8 { bytes in
            if let base = bytes.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                    _ = sqlite3_bind_text(handle, index, text, Int32(bytes.count), Self.transient)
                }
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, Self.transient)
            }
        }
    }

    func bind(_ value: String?, at index: Int32) {
        if let value { bind(value, at: index) } else { bindNull(at: index) }
    }

    func bind(_ value: Int64, at index: Int32) {
        sqlite3_bind_int64(statement.sqliteStatement, index, value)
    }

    func bind(_ value: Int64?, at index: Int32) {
        if let value { bind(value, at: index) } else { bindNull(at: index) }
    }

    func bindNull(at index: Int32) {
        sqlite3_bind_null(statement.sqliteStatement, index)
    }

    /// Runs the statement to completion.
    func step(_ db: Database) throws {
        let code = sqlite3_step(statement.sqliteStatement)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(statement.sqliteStatement)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}

/// Reads the current row of a statement straight through the SQLite C API: the page queries
/// build thousands of values per call, and materialising GRDB `Row`s cost more than SQLite's
/// own work. Valid only inside ``Database/forEachRawRow(_:arguments:_:)``'s closure.
struct RawRow {
    let handle: OpaquePointer

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
}

extension Database {
    /// Runs a cached statement and hands each row to `body` as a ``RawRow``.
    func forEachRawRow(_ sql: String, arguments: StatementArguments, _ body: (RawRow) throws -> Void) throws {
        let statement = try cachedStatement(sql: sql)
        try statement.validateArguments(arguments)
        statement.setUncheckedArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)),
                    sql: sql)
            }
            try body(RawRow(handle: handle))
        }
    }
}
