import Foundation

/// The clipboard, as UIKit's `UIPasteboard` (text only): `general` is the desktop's clipboard
/// through the application's backend (the headless backend keeps it in memory).
@preconcurrency @MainActor
public final class UIPasteboard {
    /// The system clipboard.
    public static let general = UIPasteboard()

    /// The text on the clipboard.
    public var string: String? {
        get { UIApplication.shared.backend.clipboardText }
        set { UIApplication.shared.backend.clipboardText = newValue }
    }

    /// Whether the clipboard holds text.
    public var hasStrings: Bool { !(string ?? "").isEmpty }

    /// The texts on the clipboard (at most one).
    public var strings: [String]? {
        get { string.map { [$0] } }
        set { string = newValue?.first }
    }
}
