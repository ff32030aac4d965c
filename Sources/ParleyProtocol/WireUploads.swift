import Foundation

// Uploads: the bytes of image and file attachments, stored by the server so that clients on
// other machines can fetch them.
//
//   POST /v1/uploads?cid=CID&name=NAME   (the raw bytes; Content-Type: the file's MIME type)
//                                                                  → UploadResponse (201)
//   GET  /v1/uploads/{id}                                          → the bytes, with their type

extension WirePath {
    /// `/v1/uploads`.
    public static let uploads = "\(Wire.pathPrefix)/uploads"

    /// `/v1/uploads/{id}`.
    public static func upload(_ id: String) -> String { "\(uploads)/\(segment(id))" }

    /// `/v1/uploads?cid=CID&name=NAME`: where a file for channel `cid` is uploaded.
    public static func upload(cid: String, name: String) -> String {
        "\(uploads)?cid=\(queryValue(cid))&name=\(queryValue(name))"
    }

    /// The id in `url` when it is an upload's path on a Parley server (`…/v1/uploads/{id}`), else `nil`.
    public static func uploadId(in url: URL) -> String? {
        let components = url.path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count >= 3, components[components.count - 2] == "uploads",
              "/" + components[components.count - 3] == Wire.pathPrefix
        else { return nil }
        let id = String(components[components.count - 1])
        return isValidUploadId(id) ? id : nil
    }

    /// Whether `id` has the shape of an upload id: 1 to 64 ASCII letters, digits and `-`.
    public static func isValidUploadId(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D }
    }

    private static func queryValue(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))) ?? value
    }
}

extension WireErrorCode {
    /// An upload's MIME type is not among the server's allowed types (415).
    public static let unsupportedMediaType: WireErrorCode = "unsupported_media_type"
    /// No such upload, or one in a channel the user may not see (404).
    public static let uploadNotFound: WireErrorCode = "upload_not_found"
}

/// What the server answers to an upload.
public struct UploadResponse: Sendable, Hashable, Codable {
    /// The upload's id.
    public var id: String
    /// Its path on the server (`/v1/uploads/{id}`); a client resolves it against its server URL.
    public var path: String
    /// The file name as stored (sanitized: letters, digits, `.`, `_` and `-`).
    public var fileName: String
    /// The MIME type it is served with.
    public var mimeType: String
    /// Its size in bytes.
    public var fileSize: Int64

    /// Describes an upload.
    public init(id: String, path: String, fileName: String, mimeType: String, fileSize: Int64) {
        self.id = id
        self.path = path
        self.fileName = fileName
        self.mimeType = mimeType
        self.fileSize = fileSize
    }
}
