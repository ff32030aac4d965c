import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ParleyChat
import ParleyUIKit

/// Fetches link previews over HTTP, within tight bounds: only `http` and `https` addresses (never
/// `file:`, `data:` or others), the whole fetch within ``timeout`` (2 s), at most
/// ``maxRedirects`` redirects (3, to http or https only), the first ``maxPageBytes`` of the page
/// (512 KB; the rest is not read, so a page whose head is not in them gives no preview), and only
/// `text/html` or `application/xhtml+xml` answers with a 2xx status are read.
///
/// A page's picture (``image(at:)``) has the same address, time and redirect bounds; only
/// `image/*` answers of at most ``maxImageBytes`` (5 MB; a larger one is refused, by its
/// `Content-Length` before any of it is read) whose header is a PNG, JPEG or GIF the image decoder
/// would take (``ParleyUIKit/UIImage/isDecodableImageHeader(_:)``: a decompression bomb is refused
/// there) are kept.
///
/// A page that fails any of these gives nil and one log line; nothing is thrown to the caller.
///
/// ```swift
/// var config = ChatClientConfig(currentUserId: "alice")
/// config.linkPreviewFetcher = HTTPLinkPreviewFetcher()
/// ```
public struct HTTPLinkPreviewFetcher: LinkPreviewFetching {
    /// How long a whole fetch may take, redirects and body included.
    public var timeout: Duration
    /// How much of a page is read at most.
    public var maxPageBytes: Int
    /// How many redirects are followed at most.
    public var maxRedirects: Int
    /// The largest preview picture kept, in bytes.
    public var maxImageBytes: Int
    /// Where a page that gave no preview is reported (at `info`).
    public var logger: Logger

    /// The content types read as pages.
    public static let pageContentTypes: Set<String> = ["text/html", "application/xhtml+xml"]

    /// A fetcher with the given bounds (2 s, 512 KB, 3 redirects and 5 MB pictures by default).
    public init(
        timeout: Duration = .seconds(2), maxPageBytes: Int = 512 * 1024, maxRedirects: Int = 3,
        maxImageBytes: Int = 5 << 20, logger: Logger = Logger(label: "parley.link-preview")
    ) {
        self.timeout = timeout
        self.maxPageBytes = maxPageBytes
        self.maxRedirects = maxRedirects
        self.maxImageBytes = maxImageBytes
        self.logger = logger
    }

    /// Why a page gave no preview.
    enum Failure: Error, CustomStringConvertible {
        case unsupportedAddress
        case status(UInt)
        case notAPage(contentType: String)
        case notText
        case timedOut
        case notAPicture(contentType: String)
        case tooLarge(limit: Int)
        case undecodable

        var description: String {
            switch self {
            case .unsupportedAddress: "only http and https addresses are fetched"
            case .status(let code): "the server answered \(code)"
            case .notAPage(let type): "the answer is \(type.isEmpty ? "of no type" : type), not an HTML page"
            case .notText: "the page is not text"
            case .timedOut: "no answer within the time limit"
            case .notAPicture(let type): "the answer is \(type.isEmpty ? "of no type" : type), not a picture"
            case .tooLarge(let limit): "the picture is larger than \(limit) bytes"
            case .undecodable: "the picture's header is not a PNG, JPEG or GIF that can be decoded"
            }
        }
    }

    /// The page's metadata; nil (and a log line) when there is none.
    public func metadata(for url: URL) async -> OpenGraphMetadata? {
        do {
            let page = try await fetch(url, as: .page(limit: maxPageBytes)).data
            guard let metadata = OpenGraphMetadata(html: page, pageURL: url) else { throw Failure.notText }
            return metadata.isEmpty ? nil : metadata
        } catch {
            logger.info("no link preview of \(url.absoluteString): \(error)")
            return nil
        }
    }

    /// The picture at `url` (a page's `og:image`); nil (and a log line) when it is not one to keep.
    public func image(at url: URL) async -> LinkPreviewImage? {
        do {
            let (data, mediaType) = try await fetch(url, as: .image(limit: maxImageBytes))
            guard UIImage.isDecodableImageHeader(data) else { throw Failure.undecodable }
            return LinkPreviewImage(data: data, mimeType: mediaType)
        } catch {
            logger.info("no link preview picture from \(url.absoluteString): \(error)")
            return nil
        }
    }

    /// What is read of an answer: a page (HTML, cut at its limit) or a picture (`image/*`,
    /// refused above its limit).
    enum Answer: Sendable {
        case page(limit: Int)
        case image(limit: Int)

        var accept: String { if case .page = self { "text/html, application/xhtml+xml" } else { "image/png, image/jpeg, image/gif, image/*" } }

        /// Refuses a media type this answer is not.
        func check(_ mediaType: String, contentType: String) throws {
            switch self {
            case .page: guard HTTPLinkPreviewFetcher.pageContentTypes.contains(mediaType) else { throw Failure.notAPage(contentType: contentType) }
            case .image: guard mediaType.hasPrefix("image/") else { throw Failure.notAPicture(contentType: contentType) }
            }
        }
    }

    /// The answer at `url` and its media type, read as `answer` allows, within ``timeout``; only
    /// http and https addresses.
    func fetch(_ url: URL, as answer: Answer) async throws -> (data: Data, mediaType: String) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
            throw Failure.unsupportedAddress
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: maxRedirects, allowCycles: false),
            timeout: .init(connect: .milliseconds(timeout.milliseconds), read: .milliseconds(timeout.milliseconds)))
        configuration.decompression = .disabled
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let result: Result<(data: Data, mediaType: String), any Error>
        do {
            result = .success(try await Self.withDeadline(timeout) {
                try await Self.read(url, with: client, as: answer, timeout: timeout)
            })
        } catch {
            result = .failure(error)
        }
        do {
            try await client.shutdown()
        } catch {
            logger.warning("the link preview client did not shut down: \(error)")
        }
        return try result.get()
    }

    /// Requests `url` and reads what `answer` allows of it: at most `limit` bytes of an HTML page;
    /// a picture of at most `limit` bytes whole.
    static func read(_ url: URL, with client: HTTPClient, as answer: Answer, timeout: Duration) async throws -> (data: Data, mediaType: String) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: answer.accept)
        request.headers.add(name: "User-Agent", value: "Parley link preview")
        let response = try await client.execute(request, timeout: .milliseconds(timeout.milliseconds))
        guard (200..<300).contains(response.status.code) else { throw Failure.status(response.status.code) }
        let contentType = response.headers.first(name: "content-type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        try answer.check(mediaType, contentType: contentType)
        switch answer {
        case .page(let limit):
            var body = Data()
            for try await buffer in response.body {
                body.append(contentsOf: buffer.readableBytesView.prefix(limit - body.count))
                if body.count >= limit { break }
            }
            return (body, mediaType)
        case .image(let limit):
            if let declared = response.headers.first(name: "content-length").flatMap(Int.init), declared > limit {
                throw Failure.tooLarge(limit: limit)
            }
            var body = Data()
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= limit else { throw Failure.tooLarge(limit: limit) }
                body.append(contentsOf: buffer.readableBytesView)
            }
            return (body, mediaType)
        }
    }

    /// `body`'s result, or ``Failure/timedOut`` once `timeout` passed (`body` is cancelled).
    static func withDeadline<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Failure.timedOut }
            return value
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000
    }
}
