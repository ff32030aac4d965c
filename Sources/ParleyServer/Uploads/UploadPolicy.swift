import Foundation
import ParleyChat

/// What `POST /v1/uploads` accepts: a size limit and an allow-list of MIME types. Channels whose
/// config turns uploads off (``ParleyChat/ChannelConfig/uploadsEnabled``) accept none.
public struct UploadPolicy: Sendable, Hashable {
    /// The largest upload, in bytes (413 above it; a larger `Content-Length` is refused before
    /// any of the body is read).
    public var maxBytes: Int
    /// The MIME types accepted (415 for others): exact types (`application/pdf`) or a whole
    /// family (`image/*`).
    public var allowedMimeTypes: Set<String>

    /// The types accepted by default: pictures, text, PDF and common document and archive formats.
    public static let defaultMimeTypes: Set<String> = [
        "image/*", "text/plain", "text/markdown", "text/csv", "application/pdf", "application/zip",
        "application/gzip", "application/json", "application/octet-stream", "audio/*", "video/*",
        "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]

    /// A policy; by default 20 MB (`ChatRules.defaultMaxAttachmentSize`, the embedded backend's
    /// limit too) and ``defaultMimeTypes``.
    public init(maxBytes: Int = Int(ChatRules.defaultMaxAttachmentSize), allowedMimeTypes: Set<String> = UploadPolicy.defaultMimeTypes) {
        self.maxBytes = max(0, maxBytes)
        self.allowedMimeTypes = Set(allowedMimeTypes.map { $0.lowercased() })
    }

    /// `contentType` without its parameters, lowercased (`Image/PNG; x=y` → `image/png`); `nil`
    /// when it is not `type/subtype`.
    public static func mimeType(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        let token = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$&^_.+-"))
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(token.contains) }),
              essence.unicodeScalars.allSatisfy(\.isASCII)
        else { return nil }
        return essence
    }

    /// Whether uploads of `mimeType` (as ``mimeType(of:)`` returns it) are accepted.
    public func allows(_ mimeType: String) -> Bool {
        if allowedMimeTypes.contains(mimeType) { return true }
        guard let family = mimeType.split(separator: "/").first else { return false }
        return allowedMimeTypes.contains("\(family)/*")
    }
}
