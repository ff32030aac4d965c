import Foundation
import ParleyUIKit

/// Decoded thumbnails kept on disk between runs (`$XDG_CACHE_HOME/parley/thumbnails` by
/// default), bounded by bytes: the least recently used files go first (a hit touches the file).
/// Thread-safe; several processes may share the folder.
///
/// A file is named by a hash of its key and starts with the key itself, so two keys that hash
/// alike never answer each other's picture. A file that is not a whole entry (truncated, written
/// by something else, a picture that does not decode) is ignored and removed.
public final class ChatImageDiskCache: @unchecked Sendable {
    /// The folder of the cache.
    public let directory: URL
    /// The most bytes of files kept.
    public let byteLimit: Int
    private let lock = NSLock()
    /// Sizes and last uses of the files, read from the folder the first time they are needed.
    private var index: [String: (bytes: Int, used: Date)]?

    private static let magic = Data("PARLEY-THUMBNAIL-1\n".utf8)

    /// `$XDG_CACHE_HOME/parley/thumbnails`, or `~/.cache/parley/thumbnails`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        return base.appendingPathComponent("parley/thumbnails", isDirectory: true)
    }

    /// A cache in `directory` of at most `byteLimit` bytes (128 MB by default).
    public init(directory: URL = ChatImageDiskCache.defaultDirectory(), byteLimit: Int = 128 << 20) {
        self.directory = directory
        self.byteLimit = max(0, byteLimit)
    }

    /// The file name of `key`: two 64-bit FNV-1a hashes of it, in hex.
    public static func fileName(forKey key: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in key.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second &* 0x0000_0100_0000_01b3) ^ UInt64(byte)
        }
        return String(first, radix: 16) + String(second, radix: 16) + ".thumb"
    }

    /// The picture stored for `key` at `scale`, if a whole entry is on disk (and marks it recently used).
    public func image(forKey key: String, scale: CGFloat) -> UIImage? {
        let name = Self.fileName(forKey: key)
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let header = Self.magic + Data(key.utf8) + Data("\n".utf8)
        guard data.starts(with: header) else {
            // Another key with the same hash keeps its file; anything else is not an entry.
            if !data.starts(with: Self.magic) { remove(name) }
            return nil
        }
        guard let image = UIImage(data: data.dropFirst(header.count), scale: scale) else {
            remove(name)
            return nil
        }
        let now = Date()
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
        lock.withLock { _ = loadedIndex(); index?[name]?.used = now }
        return image
    }

    /// Stores `image` for `key` (not animated pictures: their frames stay in memory only), then
    /// drops the least recently used files past the limit. A failed write only means a miss later.
    public func insert(_ image: UIImage, forKey key: String) {
        guard image.images == nil, let png = image.pngData() else { return }
        let data = Self.magic + Data(key.utf8) + Data("\n".utf8) + png
        guard data.count <= byteLimit else { return }
        let name = Self.fileName(forKey: key)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: directory.appendingPathComponent(name), options: .atomic)
        } catch {
            return
        }
        lock.withLock {
            _ = loadedIndex()
            index?[name] = (data.count, Date())
            evict()
        }
    }

    /// The bytes of the files held now.
    public var totalBytes: Int {
        lock.withLock { loadedIndex().values.reduce(0) { $0 + $1.bytes } }
    }

    /// Deletes every file of the cache.
    public func removeAll() {
        lock.withLock {
            for name in loadedIndex().keys { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
            index = [:]
        }
    }

    private func remove(_ name: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        lock.withLock { _ = index?.removeValue(forKey: name) }
    }

    /// The index, read from the folder when first needed (call with the lock held).
    private func loadedIndex() -> [String: (bytes: Int, used: Date)] {
        if let index { return index }
        var found: [String: (bytes: Int, used: Date)] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".thumb") {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path) else {
                continue
            }
            found[name] = ((attributes[.size] as? NSNumber)?.intValue ?? 0, attributes[.modificationDate] as? Date ?? .distantPast)
        }
        index = found
        return found
    }

    /// Drops the least recently used files until the total is within the limit (lock held).
    private func evict() {
        guard var entries = index else { return }
        var total = entries.values.reduce(0) { $0 + $1.bytes }
        for (name, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where total > byteLimit {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            entries[name] = nil
            total -= entry.bytes
        }
        index = entries
    }
}
