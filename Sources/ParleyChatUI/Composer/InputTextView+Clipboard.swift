import Foundation
import ParleyChat
import ParleyUIKit

/// Hears pictures and files pasted into an ``InputTextView``, as Stream's
/// `InputTextViewClipboardAttachmentDelegate`: a picture copied in another app (the clipboard's
/// `image/png`), or the files a pasted list of paths or `file://` URIs names (what a file
/// manager's Copy puts on the clipboard).
@preconcurrency @MainActor
public protocol InputTextViewClipboardAttachmentDelegate: AnyObject {
    /// A picture was pasted (Stream's method).
    func inputTextView(_ inputTextView: InputTextView, didPasteImage image: UIImage)
    /// `urls` were pasted (instead of their text).
    func inputTextView(_ inputTextView: InputTextView, didPasteFiles urls: [URL])
}

extension InputTextView {
    /// The files `text` names, or nil when it is not only files: every non-empty line must be an
    /// absolute path or a `file://` URI (percent-escapes decoded), and at least one must be an
    /// existing regular file (so "/" or a sentence starting with "/" pastes as text). Missing files
    /// are kept, so the composer can say they cannot be read.
    public nonisolated static func fileURLs(inPastedText text: String) -> [URL]? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty, lines.count <= 100 else { return nil }
        var urls: [URL] = []
        for line in lines {
            if line.hasPrefix("file://"), let url = URL(string: line), url.isFileURL, !url.path.isEmpty {
                urls.append(url.standardizedFileURL)
            } else if line.hasPrefix("/"), !line.contains("\0") {
                urls.append(URL(fileURLWithPath: line).standardizedFileURL)
            } else {
                return nil
            }
        }
        let hasFile = urls.contains { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        return hasFile ? urls : nil
    }
}
