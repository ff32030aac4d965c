import Foundation

/// File names that are safe to use as one path component, whoever chose them: the embedded
/// backend's blob directory, the server's uploads and the remote backend's download cache all
/// name files through ``sanitized(_:)``.
public enum AttachmentFileName {
    /// `name` reduced to ASCII letters, digits, `.`, `_` and `-` (others become `_`), without
    /// leading dots, at most 120 characters (its end kept, so the extension stays); "file" when
    /// nothing is left. `../x`, NUL and direction overrides cannot survive it.
    public static func sanitized(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".unicodeScalars)
        var safe = String(String.UnicodeScalarView(name.unicodeScalars.map { allowed.contains($0) ? $0 : "_" }))
        while safe.hasPrefix(".") { safe.removeFirst() }
        safe = String(safe.suffix(120))
        return safe.isEmpty ? "file" : safe
    }
}
