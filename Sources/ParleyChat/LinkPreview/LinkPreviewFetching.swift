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
