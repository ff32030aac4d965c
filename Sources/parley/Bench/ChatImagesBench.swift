import Foundation
import Parley
@_spi(Benchmarks) import ParleyUIKit

/// `chat.scroll_images_frame_p99_ms` and `chat.images_rss_mb` (see shared/BENCHMARKS.md): the
/// `chat` fling (10 s of flicks up through the history at 1280×800) through a channel of 10,000
/// messages where one top-level message in five carries 1–4 photos (eight 2-megapixel JPEGs made
/// here, under 64 file names, so the decoder works as on real photos). Each frame first runs the main
/// queue's jobs, as the app's loop does, so pictures decoded off the main thread arrive and are
/// drawn during the fling; the frames are timed whole. Then the resident set, and how many
/// pictures were decoded on the main thread (must be none) and off it.
enum ChatImagesBench {
    static let messages = 10_000

    static func run(in workspace: URL, quick: Bool) async throws -> [BenchResult] {
        let media = workspace.appendingPathComponent("media", isDirectory: true)
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let pictures = try await MainActor.run { try makePictures(in: media) }
        let started = Date()
        let client = try ChatClient(opening: ChatClientConfig(
            currentUserId: "sam", databaseURL: workspace.appendingPathComponent("images.sqlite"), randomSeed: 7))
        var parameters = DemoDataParameters(seed: 7, busyChannelMessageCount: messages)
        parameters.busyChannelPictures = pictures
        let cid = try DemoDataGenerator(parameters: parameters).generate(into: client).busyChannel
        ChatBench.log(String(format: "chat: generated a %d-message channel with pictures in %.1f s", messages, Date().timeIntervalSince(started)))
        return try await measure((client, cid), quick: quick)
    }

    /// Eight photo-like JPEGs, landscape and portrait, 1600–1920 pixels on the long side, each
    /// written under 8 names: 64 files, so the image cache (keyed by file) decodes as it would
    /// for 64 different photos.
    @MainActor
    static func makePictures(in folder: URL) throws -> [ImageAttachmentPayload] {
        let sizes = [(1920, 1080), (1080, 1350), (1600, 1200), (1200, 1600), (1920, 1280), (1440, 1800), (1800, 1200), (1280, 1280)]
        var pictures: [ImageAttachmentPayload] = []
        for (index, size) in sizes.enumerated() {
            guard let jpeg = ImageBench.photoJPEG(width: size.0, height: size.1, seed: UInt64(index + 1)) else {
                throw CocoaError(.fileWriteUnknown)
            }
            for copy in 0..<8 {
                let url = folder.appendingPathComponent("photo-\(index)-\(copy).jpg")
                try jpeg.write(to: url)
                pictures.append(ImageAttachmentPayload(localURL: url, title: url.lastPathComponent, width: size.0, height: size.1))
            }
        }
        // Interleaved, so neighbouring messages show different photos.
        return (0..<8).flatMap { copy in (0..<sizes.count).map { pictures[$0 * 8 + copy] } }
    }

    @MainActor
    static func measure(_ store: (client: ChatClient, cid: ChannelId), quick: Bool) async throws -> [BenchResult] {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: ChatBench.size, title: "Parley bench")
        let before = ThumbnailDecodeCounter.counts()
        let opened = try ChatBench.open(store, in: window, backend: backend)
        let (frames, _, _) = ChatBench.fling(opened.vc, seconds: quick ? 2 : 10, backend: backend, drainsMainQueue: true)
        let p99 = Bench.percentile(frames, 0.99) * 1e3
        let rss = Bench.residentMemoryMB()
        let after = ThumbnailDecodeCounter.counts()
        let onMain = after.main - before.main, offMain = after.background - before.background
        ChatBench.log(String(format: "chat: fling through pictures, %d frames, median %.3f ms, p99 %.3f ms, %d pictures decoded off the main thread, %d on it, RSS %.0f MB",
                             frames.count, Bench.median(frames) * 1e3, p99, offMain, onMain, rss))
        window.rootViewController = nil
        withExtendedLifetime(opened) {}
        return [
            BenchResult(name: "chat.scroll_images_frame_p99_ms", value: p99, unit: "ms", target: 8, better: .lower),
            BenchResult(name: "chat.images_rss_mb", value: rss, unit: "MB", target: 250, better: .lower),
            BenchResult(name: "chat.images_main_thread_decodes", value: Double(onMain), unit: "count", target: 0, better: .lower),
        ]
    }
}
