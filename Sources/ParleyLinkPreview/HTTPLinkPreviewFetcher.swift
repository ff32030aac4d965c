import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ParleyChat

/// Fetches link previews over HTTP, within tight bounds: only `http` and `https` addresses (never
/// `file:`, `data:` or others), the whole fetch within ``timeout`` (2 s), at most
/// ``maxRedirects`` redirects (3, to http or https only), the first ``maxPageBytes`` of the page
/// (512 KB; the rest is not read, so a page whose head is not in them gives no preview), and only
/// `text/html` or `application/xhtml+xml` answers with a 2xx status are read.
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
    /// Where a page that gave no preview is reported (at `info`).
    public var logger: Logger

    /// The content types read as pages.
    public static let pageContentTypes: Set<String> = ["text/html", "application/xhtml+xml"]

    /// A fetcher with the given bounds (2 s, 512 KB and 3 redirects by default).
    public init(
        timeout: Duration = .seconds(2), maxPageBytes: Int = 512 * 1024, maxRedirects: Int = 3,
        logger: Logger = Logger(label: "parley.link-preview")
    ) {
        self.timeout = timeout
        self.maxPageBytes = maxPageBytes
        self.maxRedirects = maxRedirects
        self.logger = logger
    }

    /// Why a page gave no preview.
    enum Failure: Error, CustomStringConvertible {
        case unsupportedAddress
        case status(UInt)
        case notAPage(contentType: String)
        case notText
        case timedOut

        var description: String {
            switch self {
            case .unsupportedAddress: "only http and https addresses are fetched"
            case .status(let code): "the server answered \(code)"
            case .notAPage(let type): "the answer is \(type.isEmpty ? "of no type" : type), not an HTML page"
            case .notText: "the page is not text"
            case .timedOut: "no answer within the time limit"
            }
        }
    }

    /// The page's metadata; nil (and a log line) when there is none.
    public func metadata(for url: URL) async -> OpenGraphMetadata? {
        do {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
                throw Failure.unsupportedAddress
            }
            let page = try await fetch(url)
            guard let metadata = OpenGraphMetadata(html: page, pageURL: url) else { throw Failure.notText }
            return metadata.isEmpty ? nil : metadata
        } catch {
            logger.info("no link preview of \(url.absoluteString): \(error)")
            return nil
        }
    }

    /// The first ``maxPageBytes`` of the page at `url`, within ``timeout``.
    func fetch(_ url: URL) async throws -> Data {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: maxRedirects, allowCycles: false),
            timeout: .init(connect: .milliseconds(timeout.milliseconds), read: .milliseconds(timeout.milliseconds)))
        configuration.decompression = .disabled
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        let result: Result<Data, any Error>
        do {
            result = .success(try await Self.withDeadline(timeout) { [maxPageBytes] in
                try await Self.read(url, with: client, limit: maxPageBytes, timeout: timeout)
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

    /// Requests `url` and reads at most `limit` bytes of an HTML answer.
    static func read(_ url: URL, with client: HTTPClient, limit: Int, timeout: Duration) async throws -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "text/html, application/xhtml+xml")
        request.headers.add(name: "User-Agent", value: "Parley link preview")
        let response = try await client.execute(request, timeout: .milliseconds(timeout.milliseconds))
        guard (200..<300).contains(response.status.code) else { throw Failure.status(response.status.code) }
        let contentType = response.headers.first(name: "content-type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard pageContentTypes.contains(mediaType) else { throw Failure.notAPage(contentType: contentType) }
        var body = Data()
        for try await buffer in response.body {
            body.append(contentsOf: buffer.readableBytesView.prefix(limit - body.count))
            if body.count >= limit { break }
        }
        return body
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
