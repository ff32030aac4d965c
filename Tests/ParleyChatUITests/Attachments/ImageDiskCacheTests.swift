import Foundation
import Parley
import ParleyTesting
import Testing

/// The on-disk thumbnail cache of ``ChatImageLoader``.
@MainActor
@Suite struct ImageDiskCacheTests {
    typealias A = AttachmentFixtures

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parley-thumbnails-\(UUID().uuidString)")
    }

    static func load(_ loader: ChatImageLoader, _ url: URL, size: CGSize = CGSize(width: 80, height: 60)) async -> UIImage? {
        await withCheckedContinuation { continuation in
            loader.loadImage(at: url, pointSize: size, scale: 1) { continuation.resume(returning: $0) }
        }
    }

    @Test func aSecondLoaderFindsTheThumbnailOnDiskWithoutDecodingTheSourceAgain() async throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = A.file("disk-cache-\(UUID().uuidString).png", bytes: try #require(A.pictureData(width: 400, height: 300, palette: 2)))
        // A whole second: the date is put back below, and a date read from the file system and
        // written back can move by a rounding (1795792797.7039995 came back as .704, another
        // millisecond of the disk key; CI saw it once in its 1,256 tests).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: source.path)
        let first = ChatImageLoader(diskCache: ChatImageDiskCache(directory: directory))
        let decoded = try #require(await Self.load(first, source))
        #expect(decoded.size == CGSize(width: 80, height: 60))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)

        // A new process's loader: nothing in memory. The source's bytes are replaced with garbage of
        // the same length and date, so decoding it again would fail: the picture can only come from disk.
        let attributes = try FileManager.default.attributesOfItem(atPath: source.path)
        let length = try #require((attributes[.size] as? NSNumber)?.intValue)
        try Data(repeating: 0x42, count: length).write(to: source)
        try FileManager.default.setAttributes([.modificationDate: try #require(attributes[.modificationDate])], ofItemAtPath: source.path)
        #expect(ChatImageLoader.decode(source, pixelSize: CGSize(width: 80, height: 60), scale: 1, maxFileSize: 1 << 20) == nil)

        let second = ChatImageLoader(diskCache: ChatImageDiskCache(directory: directory))
        let fromDisk = try #require(await Self.load(second, source))
        #expect(fromDisk.size == decoded.size)
        #expect(fromDisk.pngData() == decoded.pngData())
        // Without the disk cache the same request fails: the source is garbage now.
        #expect(await Self.load(ChatImageLoader(), source) == nil)
    }

    @Test func corruptEntriesAreIgnoredAndRemoved() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ChatImageDiskCache(directory: directory)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), scale: 1).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        for key in ["truncated", "garbage", "empty", "good"] { cache.insert(image, forKey: key) }
        func path(_ key: String) -> String { directory.appendingPathComponent(ChatImageDiskCache.fileName(forKey: key)).path }
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("truncated")))
        try whole.prefix(whole.count - 30).write(to: URL(fileURLWithPath: path("truncated")))
        try Data(repeating: 0x7F, count: 500).write(to: URL(fileURLWithPath: path("garbage")))
        try Data().write(to: URL(fileURLWithPath: path("empty")))

        let fresh = ChatImageDiskCache(directory: directory)
        for key in ["truncated", "garbage", "empty"] {
            #expect(fresh.image(forKey: key, scale: 1) == nil, "\(key)")
            #expect(!FileManager.default.fileExists(atPath: path(key)), "\(key) is removed")
        }
        #expect(fresh.image(forKey: "good", scale: 1)?.size == CGSize(width: 20, height: 10))
        // An entry answers only its own key (the key is stored in the file).
        try FileManager.default.copyItem(atPath: path("good"), toPath: path("other"))
        #expect(fresh.image(forKey: "other", scale: 1) == nil)
    }

    @Test func theCacheIsBoundedByBytesAndDropsTheLeastRecentlyUsed() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        func picture(_ index: Int) -> UIImage {
            UIGraphicsImageRenderer(size: CGSize(width: 64, height: 64), scale: 1).image { context in
                for row in 0..<64 {
                    UIColor(red: CGFloat(row) / 64, green: CGFloat(index) / 8, blue: 0.5, alpha: 1).setFill()
                    context.fill(CGRect(x: 0, y: row, width: 64, height: 1))
                }
            }
        }
        let probe = ChatImageDiskCache(directory: Self.folder())
        probe.insert(picture(0), forKey: "probe")
        let entry = probe.totalBytes
        probe.removeAll()
        #expect(entry > 100)

        let cache = ChatImageDiskCache(directory: directory, byteLimit: entry * 3 + entry / 2)
        for index in 0..<3 { cache.insert(picture(index), forKey: "k\(index)") }
        #expect(cache.image(forKey: "k0", scale: 1) != nil) // recently used: kept
        cache.insert(picture(3), forKey: "k3")
        #expect(cache.totalBytes <= cache.byteLimit)
        #expect(cache.image(forKey: "k1", scale: 1) == nil)
        #expect(cache.image(forKey: "k0", scale: 1) != nil && cache.image(forKey: "k3", scale: 1) != nil)
        // Keys with path characters stay inside the folder.
        cache.insert(picture(4), forKey: "../../escape/\u{0}")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { $0.hasSuffix(".thumb") && !$0.contains("/") })
    }
}
