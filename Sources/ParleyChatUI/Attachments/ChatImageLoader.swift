import Foundation
import ParleyChat
import ParleyUIKit

/// Decoded pictures kept in memory, bounded by their pixel bytes; the least recently used go
/// first. Thread-safe.
public final class ChatImageCache: @unchecked Sendable {
    /// The most pixel bytes kept.
    public let byteLimit: Int
    private let lock = NSLock()
    private var entries: [String: (image: UIImage, cost: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0

    /// A cache of at most `byteLimit` bytes of pixels (64 MB by default).
    public init(byteLimit: Int = 64 << 20) {
        self.byteLimit = max(0, byteLimit)
    }

    /// The pixel bytes held now.
    public var totalBytes: Int {
        lock.lock(); defer { lock.unlock() }
        return bytes
    }

    /// How many pictures are held.
    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    /// The bytes `image`'s pixels take (4 per pixel; every frame of an animated image).
    public static func cost(of image: UIImage) -> Int {
        Int((image.size.width * image.scale).rounded()) * Int((image.size.height * image.scale).rounded()) * 4 * max(1, image.images?.count ?? 1)
    }

    /// The picture for `key`, if held (and marks it recently used).
    public func image(forKey key: String) -> UIImage? {
        lock.lock(); defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.image, entry.cost, clock)
        return entry.image
    }

    /// Keeps `image` for `key`, dropping the least recently used pictures past the limit (a
    /// picture bigger than the whole limit is not kept).
    public func insert(_ image: UIImage, forKey key: String) {
        let cost = Self.cost(of: image)
        lock.lock(); defer { lock.unlock() }
        if let old = entries.removeValue(forKey: key) { bytes -= old.cost }
        guard cost <= byteLimit else { return }
        clock += 1
        entries[key] = (image, cost, clock)
        bytes += cost
        while bytes > byteLimit, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }) {
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.cost
        }
    }

    /// Drops every picture.
    public func removeAll() {
        lock.lock(); defer { lock.unlock() }
        entries = [:]
        bytes = 0
    }
}

/// Loads attachment pictures for the message list (`Components.default.imageLoader`): the file
/// is read and decoded off the main thread, downsampled to the pixels it is shown at
/// (`UIImage.thumbnail(data:filling:scale:)`), kept in ``cache`` and in ``diskCache`` (so the
/// next run does not decode it again), and handed to the main thread.
///
/// A remote picture (an upload on a Parley server, see ``ParleyChat/ImageAttachmentPayload/remoteURL``)
/// is downloaded first by the ``ParleyChat/ChatAttachmentDownloading`` registered for it.
///
/// A picture that cannot be decoded (corrupt, truncated, empty, not a picture, or a
/// decompression bomb refused by its header) completes with `nil`: the view keeps its
/// placeholder.
@preconcurrency @MainActor
open class ChatImageLoader {
    /// The loader the components use by default.
    public static let shared = ChatImageLoader(diskCache: ChatImageDiskCache())

    /// Decoded pictures, by file and pixel size.
    public let cache: ChatImageCache
    /// Decoded pictures on disk, kept between runs (`nil`: none).
    public let diskCache: ChatImageDiskCache?
    /// Where remote pictures are downloaded from (the registered downloaders by default).
    public var transfers: ChatAttachmentTransfers = .shared
    /// Whether pictures are decoded on the calling thread, completing before `loadImage`
    /// returns (goldens and render scenes); `false` (the default) decodes on a background queue.
    public var decodesSynchronously: Bool
    /// Files larger than this are not read (100 MB).
    public var maxFileSize: Int = 100 << 20

    private let queue = DispatchQueue(label: "parley.image-decoding", qos: .userInitiated)
    private var waiting: [String: [@MainActor (UIImage?) -> Void]] = [:]
    private var failed: Set<String> = []

    /// A loader with its own cache, and on disk `diskCache` when given.
    public init(cache: ChatImageCache = ChatImageCache(), decodesSynchronously: Bool = false, diskCache: ChatImageDiskCache? = nil) {
        self.cache = cache
        self.decodesSynchronously = decodesSynchronously
        self.diskCache = diskCache
    }

    /// The cache key of `url` decoded to fill `pixelSize`.
    public nonisolated static func key(for url: URL, pixelSize: CGSize) -> String {
        "\(url.absoluteString)#\(Int(pixelSize.width.rounded()))x\(Int(pixelSize.height.rounded()))"
    }

    /// The picture at `url` decoded for `pointSize` at `scale`, if it is in the cache.
    open func cachedImage(at url: URL, pointSize: CGSize, scale: CGFloat) -> UIImage? {
        cache.image(forKey: Self.key(for: url, pixelSize: Self.pixelSize(pointSize, scale: scale)))
    }

    /// Loads the picture at `url` to fill `pointSize` at `scale`; `completion` runs on the main
    /// thread with the picture, or `nil` when it cannot be decoded. A cached picture completes
    /// at once; requests for one picture in flight share its decoding.
    open func loadImage(at url: URL, pointSize: CGSize, scale: CGFloat, completion: @escaping @MainActor (UIImage?) -> Void) {
        let pixelSize = Self.pixelSize(pointSize, scale: scale)
        let key = Self.key(for: url, pixelSize: pixelSize)
        if let image = cache.image(forKey: key) { completion(image); return }
        if failed.contains(key) { completion(nil); return }
        if waiting[key] != nil { waiting[key]?.append(completion); return }
        waiting[key] = [completion]
        if url.isFileURL {
            decode(file: url, key: key, diskKey: Self.diskKey(forFile: url, key: key), pixelSize: pixelSize, scale: scale)
        } else {
            loadRemote(url, key: key, pixelSize: pixelSize, scale: scale)
        }
    }

    /// Decodes `file` (or finds it in ``diskCache`` under `diskKey`), off the main thread unless
    /// ``decodesSynchronously``, and completes `key`.
    private func decode(file: URL, key: String, diskKey: String?, pixelSize: CGSize, scale: CGFloat, remembersFailure: Bool = true) {
        let (maxFileSize, diskCache) = (self.maxFileSize, self.diskCache)
        let work = { @Sendable () -> UIImage? in
            if let diskKey, let image = diskCache?.image(forKey: diskKey, scale: scale) { return image }
            let image = ChatImageLoader.decode(file, pixelSize: pixelSize, scale: scale, maxFileSize: maxFileSize)
            if let diskKey, let image { diskCache?.insert(image, forKey: diskKey) }
            return image
        }
        if decodesSynchronously {
            finish(key, work(), remembersFailure: remembersFailure)
            return
        }
        queue.async {
            let image = work()
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.finish(key, image, remembersFailure: remembersFailure) }
            }
        }
    }

    /// A remote picture: from the disk cache, else from the downloader's cache, else downloaded
    /// first. A failed download is not remembered (the next request tries again).
    private func loadRemote(_ url: URL, key: String, pixelSize: CGSize, scale: CGFloat) {
        if let image = diskCache?.image(forKey: key, scale: scale) {
            finish(key, image)
            return
        }
        guard let downloader = transfers.downloader(for: url) else {
            finish(key, nil, remembersFailure: false)
            return
        }
        if let file = downloader.cachedFile(for: url) {
            decode(file: file, key: key, diskKey: key, pixelSize: pixelSize, scale: scale)
            return
        }
        Task { @MainActor in
            do {
                let file = try await downloader.download(url)
                self.decode(file: file, key: key, diskKey: key, pixelSize: pixelSize, scale: scale)
            } catch {
                self.finish(key, nil, remembersFailure: false)
            }
        }
    }

    /// The disk cache key of a local file: its memory key, size and modification time (a file
    /// changed in place is decoded again).
    nonisolated static func diskKey(forFile url: URL, key: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = (attributes[.size] as? NSNumber)?.intValue,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return "\(key)#\(size)#\(Int64(modified.timeIntervalSince1970 * 1000))"
    }

    private func finish(_ key: String, _ image: UIImage?, remembersFailure: Bool = true) {
        if let image { cache.insert(image, forKey: key) } else if remembersFailure { failed.insert(key) }
        let completions = waiting.removeValue(forKey: key) ?? []
        for completion in completions { completion(image) }
    }

    /// Reads and decodes a file (any thread): `nil` when it is missing, too large or not a
    /// picture that can be decoded.
    public nonisolated static func decode(_ url: URL, pixelSize: CGSize, scale: CGFloat, maxFileSize: Int) -> UIImage? {
        guard url.isFileURL else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue, size > 0, size <= maxFileSize,
              let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return UIImage.thumbnail(data: data, filling: pixelSize, scale: scale)
    }

    private static func pixelSize(_ pointSize: CGSize, scale: CGFloat) -> CGSize {
        CGSize(width: max(1, (pointSize.width * scale).rounded(.up)), height: max(1, (pointSize.height * scale).rounded(.up)))
    }
}
