import Foundation

/// The clipboard, as UIKit's `UIPasteboard`: `general` is the desktop's clipboard through the
/// application's backend (the headless backend keeps it in memory). Text reads and writes; other
/// types (a copied picture's `image/png`) are read, by MIME type or by UTI (`public.png`).
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

    /// The clipboard's content as `pasteboardType`: a MIME type (`image/png`) or one of the UTIs
    /// `public.png`, `public.jpeg`; nil when the clipboard does not offer it.
    public func data(forPasteboardType pasteboardType: String) -> Data? {
        UIApplication.shared.backend.clipboardData(forType: Self.mimeType(for: pasteboardType))
    }

    /// The picture on the clipboard (its `image/png`), decoded; nil when there is none or it
    /// cannot be decoded (corrupt, or too large: see `UIImage(data:)`).
    public var image: UIImage? {
        data(forPasteboardType: "image/png").flatMap { UIImage(data: $0) }
    }

    /// Reads the picture on the clipboard without holding the main thread while the application
    /// that copied it answers (on X11 that may take up to a second); `completion` runs on the main
    /// actor with the decoded picture, or nil (none, corrupt, or too large).
    public func loadImage(completion: @escaping @MainActor (UIImage?) -> Void) {
        UIApplication.shared.backend.loadClipboardData(forType: "image/png") { data in
            completion(data.flatMap { UIImage(data: $0) })
        }
    }

    /// Whether the clipboard offers a picture (`image/png`).
    public var hasImages: Bool { data(forPasteboardType: "image/png") != nil }

    /// The MIME type a UTI names (MIME types pass through).
    nonisolated static func mimeType(for pasteboardType: String) -> String {
        switch pasteboardType {
        case "public.png": "image/png"
        case "public.jpeg": "image/jpeg"
        case "public.utf8-plain-text", "public.plain-text": "text/plain;charset=utf-8"
        default: pasteboardType
        }
    }
}
