import Foundation

/// Fetches what a web page says about itself, for link previews.
///
/// The embedded backend (``ChatClientConfig/linkPreviewFetcher``) and `parley serve` call it after
/// a message with a link was accepted. `ParleyLinkPreview`'s `HTTPLinkPreviewFetcher` fetches over
/// HTTP with tight bounds; tests and demos inject their own.
public protocol LinkPreviewFetching: Sendable {
    /// The metadata of the page at `url`; nil when there is none (a bad address, a failed or slow
    /// request, a page that is not HTML). Never throws: a bad page is not the sender's error.
    func metadata(for url: URL) async -> OpenGraphMetadata?

    /// The page's preview picture at `url` (its ``OpenGraphMetadata/imageURL``); nil when there
    /// is none to keep (a bad address, a failed or slow request, an answer that is not a picture
    /// or is too large, a header that declares more pixels than can be decoded). Never throws.
    func image(at url: URL) async -> LinkPreviewImage?
}

extension LinkPreviewFetching {
    /// No pictures: fetchers that only read pages keep previews without one.
    public func image(at url: URL) async -> LinkPreviewImage? { nil }
}

/// A link preview's picture as fetched: its bytes (whose header was checked) and what they are.
public struct LinkPreviewImage: Sendable, Hashable {
    /// The encoded picture (PNG, JPEG or GIF).
    public var data: Data
    /// Its MIME type as the server said it (`image/png`).
    public var mimeType: String

    /// A picture of `mimeType`.
    public init(data: Data, mimeType: String) {
        self.data = data
        self.mimeType = mimeType
    }

    /// The file name it is kept under: `link-preview` with the extension of its type.
    public var fileName: String {
        let subtype = mimeType.split(separator: "/").last.map(String.init) ?? ""
        let known = ["png": "png", "jpeg": "jpg", "jpg": "jpg", "pjpeg": "jpg", "gif": "gif"]
        return "link-preview." + (known[subtype] ?? "img")
    }
}

/// Finding the link a message's preview is made of.
public enum LinkPreviewLinks {
    /// The first `http://` or `https://` address in `text`, without the punctuation that usually
    /// ends a sentence or closes a bracket around it; nil when there is none. Other schemes
    /// (`file:`, `data:`, `ftp:`) are never returned.
    public static func firstLink(in text: String) -> URL? {
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" }) {
            guard let start = word.range(of: "http", options: .caseInsensitive)?.lowerBound else { continue }
            var candidate = word[start...]
            while let last = candidate.last, ".,;:!?)]}'".contains(last) { candidate = candidate.dropLast() }
            let lowered = candidate.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { continue }
            if let url = URL(string: String(candidate)), let host = url.host, !host.isEmpty { return url }
        }
        return nil
    }

    /// Whether `message` should get a preview: it has a link and no link attachment yet.
    static func link(for text: String, attachments: [ChatMessageAttachment]) -> URL? {
        guard !attachments.contains(where: { if case .link = $0.payload { true } else { false } }) else { return nil }
        return firstLink(in: text)
    }
}
