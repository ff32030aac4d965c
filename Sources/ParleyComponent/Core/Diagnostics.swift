import Foundation

/// Warnings about bad input (malformed sizes, repeated ids), each logged once per process.
///
/// The engine never crashes on bad input: it repairs it and says so once, on standard error, so
/// that a list of 10,000 rows with one broken row does not flood the log.
@preconcurrency @MainActor
public enum ComponentDiagnostics {
    /// Where warnings go; the default writes them to standard error. Tests and apps may route them.
    public static var handler: @MainActor (String) -> Void = { message in
        FileHandle.standardError.write(Data("ParleyComponent warning: \(message)\n".utf8))
    }

    /// Keys of the warnings already logged.
    private static var logged: Set<String> = []

    /// Warnings logged since launch (for tests).
    public private(set) static var warningCount = 0

    /// Logs `message` unless a warning with `key` was logged before.
    static func warnOnce(_ key: String, _ message: @autoclosure () -> String) {
        guard logged.insert(key).inserted else { return }
        warningCount += 1
        handler(message())
    }
}
