import Foundation
import Hummingbird
import Logging
import NIOCore
import ParleyChat
import ParleyTesting
import ParleyUIKit
import ServiceLifecycle

/// Web pages for the link preview tests, served on a free loopback port: nothing leaves the machine.
struct LinkPreviewPageServer: Sendable {
    let port: Int
    /// The PNG served as `/card.png`.
    let picture: Data

    /// The address of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    static let goodPage = """
        <!doctype html><html><head><meta charset="utf-8">
        <meta property="og:title" content="Parley 1.0 is out">
        <meta property="og:description" content="Chat on Linux, drawn with Cairo.">
        <meta property="og:site_name" content="Parley Blog">
        <meta property="og:image" content="/card.png">
        <title>ignored</title></head><body><p>Hello</p></body></html>
        """

    /// The pages: `/good`, `/plain` (only a title), `/png` (an image), `/huge` (2 MB, head first,
    /// its second megabyte only after ten seconds), `/late-head` (the head after 600 KB), `/slow`
    /// (answers after five seconds), `/redirect/N` (N redirects, then the good page) and
    /// `/invalid-utf8`; pictures: `/card.png` (`picture`), `/not-a-picture` (HTML), `/huge.png`
    /// (20 MB), `/bomb.png` (the header of a 30,000 × 30,000 PNG) and `/picture?image=NAME`, a
    /// page whose `og:image` is `NAME` (`card.png`, … or a full address).
    static func router(picture: Data) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("card.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: picture)))
        }
        router.get("not-a-picture") { _, _ in html(goodPage) }
        router.get("huge.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"],
                     body: .init(byteBuffer: ByteBuffer(repeating: 0x89, count: 20 << 20)))
        }
        router.get("bomb.png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"],
                     body: .init(byteBuffer: ByteBuffer(bytes: BadImages.pngHeader(width: 30_000, height: 30_000))))
        }
        router.get("picture") { request, _ in
            let raw = request.uri.queryParameters["image"].map(String.init) ?? ""
            let name = raw.removingPercentEncoding ?? raw
            let image = name.contains(":") ? name : "/" + name
            return html("""
                <html><head><meta property="og:title" content="With a picture">
                <meta property="og:image" content="\(image)"></head><body></body></html>
                """)
        }
        router.get("good") { _, _ in html(goodPage) }
        router.get("plain") { _, _ in html("<html><head><title>Just a title</title></head><body>text</body></html>") }
        router.get("png") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"],
                     body: .init(byteBuffer: ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64))))
        }
        router.get("huge") { _, _ in
            let head = ByteBuffer(string: "<html><head><meta property=\"og:title\" content=\"A huge page\"></head><body>")
            let megabyte = ByteBuffer(repeating: UInt8(ascii: "x"), count: 1_024 * 1_024)
            return Response(status: .ok, headers: [.contentType: "text/html"], body: .init { writer in
                try await writer.write(head)
                try await writer.write(megabyte)
                try await Task.sleep(for: .seconds(10))
                try await writer.write(megabyte)
                try await writer.finish(nil)
            })
        }
        router.get("late-head") { _, _ in
            html("<!--" + String(repeating: "y", count: 600 * 1_024) + "--><html><head><title>Too late</title></head></html>")
        }
        router.get("slow") { _, _ in
            try await Task.sleep(for: .seconds(5))
            return html(goodPage)
        }
        router.get("redirect/:count") { _, context in
            let count = Int(context.parameters.get("count") ?? "") ?? 0
            let next = count <= 1 ? "/good" : "/redirect/\(count - 1)"
            return Response(status: .found, headers: [.location: next])
        }
        router.get("invalid-utf8") { _, _ in
            var bytes = Array("<html><head><title>Caf".utf8)
            bytes += [0xC3, 0x28, 0xFF]  // a broken two-byte sequence and a byte UTF-8 never uses
            bytes += Array("</title></head></html>".utf8)
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        return router
    }

    static func html(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A 240 × 126 PNG (Open Graph's 1.91 : 1): a sky, a sun and a hill.
    @MainActor static func cardPicture() -> Data {
        let size = CGSize(width: 240, height: 126)
        let image = UIGraphicsImageRenderer(size: size, scale: 1).image { context in
            UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1).setFill()
            context.fill(CGRect(origin: .zero, size: size))
            UIColor(white: 1, alpha: 0.9).setFill()
            context.fillEllipse(in: CGRect(x: 160, y: 14, width: 36, height: 36))
            UIColor(red: 0.1, green: 0.45, blue: 0.2, alpha: 1).setFill()
            context.fillEllipse(in: CGRect(x: -40, y: 70, width: 320, height: 120))
        }
        return image.pngData() ?? Data()
    }

    /// Runs the server for `body`, then stops it (requests still open are cut after a second).
    static func run<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: (LinkPreviewPageServer) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "parley.link-preview-pages")
        logger.logLevel = .error
        let (ports, reportPort) = AsyncStream.makeStream(of: Int.self)
        let picture = await MainActor.run { cardPicture() }
        let app = Application(
            router: router(picture: picture), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                reportPort.yield(channel.localAddress?.port ?? 0)
                reportPort.finish()
            }, logger: logger)
        var configuration = ServiceGroupConfiguration(services: [app], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(1)
        let group = ServiceGroup(configuration: configuration)
        let running = Task {
            defer { reportPort.finish() }
            try await group.run()
        }
        let result: Result<T, any Error>
        if let port = await ports.first(where: { _ in true }) {
            do { result = .success(try await body(LinkPreviewPageServer(port: port, picture: picture))) } catch { result = .failure(error) }
        } else {
            result = .failure(CancellationError())
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        return try result.get()
    }
}

/// Counts the pages and pictures it is asked for, then asks `base`.
final class RecordingLinkPreviewFetcher: LinkPreviewFetching {
    let base: any LinkPreviewFetching
    private let requested = PthreadMutex<[URL]>([])
    private let requestedImages = PthreadMutex<[URL]>([])

    init(_ base: any LinkPreviewFetching) { self.base = base }

    var urls: [URL] { requested.withLock { $0 } }
    var imageURLs: [URL] { requestedImages.withLock { $0 } }

    func metadata(for url: URL) async -> OpenGraphMetadata? {
        requested.withLock { $0.append(url) }
        return await base.metadata(for: url)
    }

    func image(at url: URL) async -> LinkPreviewImage? {
        requestedImages.withLock { $0.append(url) }
        return await base.image(at: url)
    }
}
