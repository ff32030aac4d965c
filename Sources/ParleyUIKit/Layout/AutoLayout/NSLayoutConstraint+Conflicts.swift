import Foundation

extension NSLayoutConstraint {
    /// A set of required constraints that cannot all hold, as the layout engine reports it.
    ///
    /// The engine keeps the other constraints and stops requiring `brokenConstraint` (it still
    /// pulls harder than any non-required priority), exactly once per conflict.
    public struct Conflict {
        /// UIKit's "Unable to simultaneously satisfy constraints." report: every constraint of the
        /// conflict with its views, and the one broken.
        public let message: String
        /// Your constraints in the conflict (the broken one included), in the order they were added.
        /// System constraints (a root's size, margins, autoresizing frames) appear only in `message`.
        public let constraints: [NSLayoutConstraint]
        /// The constraint no longer required, or nil when the engine had to relax one of its own.
        public let brokenConstraint: NSLayoutConstraint?
    }

    /// Receives each layout conflict once. The default prints `message` to standard error, as
    /// UIKit logs to the console; tests and apps may capture or count them instead.
    public static var conflictHandler: (Conflict) -> Void = { conflict in
        LayoutConflictReporter.log(conflict.message)
    }
}

/// Formats layout conflicts and descriptions; one place for "how a view is named in a log".
@MainActor
enum LayoutConflictReporter {
    /// `0x…` for an object, as UIKit prints addresses.
    static func address(of object: AnyObject) -> String {
        "\(Unmanaged.passUnretained(object).toOpaque())"
    }

    /// `UILabel:0x…'Hello'`, `UIView:0x…'avatar'` (its accessibility identifier), or `(nil)`.
    static func name(of item: AnyObject?) -> String {
        guard let item else { return "(nil)" }
        var text = "\(String(describing: type(of: item))):\(address(of: item))"
        if let label = item as? UILabel, let string = label.text, !string.isEmpty {
            text += "'\(string.count > 20 ? String(string.prefix(20)) + "…" : string)'"
        } else if let view = item as? UIView, let identifier = view.accessibilityIdentifier {
            text += "'\(identifier)'"
        } else if let guide = item as? UILayoutGuide, !guide.identifier.isEmpty {
            text += "'\(guide.identifier)'"
        }
        return text
    }

    /// A number without a trailing `.0`.
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }

    /// Reports a conflict once: `involved` lists descriptions of every constraint in it (yours
    /// and the engine's), `constraints` yours.
    static func report(involved: [String], constraints: [NSLayoutConstraint], broken: NSLayoutConstraint?,
                       brokenDescription: String) {
        if let broken {
            guard !broken.hasReportedConflict else { return }
            broken.hasReportedConflict = true
        } else {
            let key = involved.joined(separator: "\n")
            guard !reportedSystemConflicts.contains(key) else { return }
            if reportedSystemConflicts.count > 1000 { reportedSystemConflicts.removeAll() }
            reportedSystemConflicts.insert(key)
        }
        let list = involved.map { "    \"\($0)\"" }.joined(separator: ",\n")
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(brokenDescription)
            """
        NSLayoutConstraint.conflictHandler(
            NSLayoutConstraint.Conflict(message: message, constraints: constraints, brokenConstraint: broken))
    }

    /// Conflicts already reported in which no constraint of yours could be broken.
    private static var reportedSystemConflicts: Set<String> = []

    /// One line to standard error.
    static func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
