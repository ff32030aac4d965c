import CCairoPango
import Foundation

/// Where layer bitmaps get their pixels: memory mapped for them alone, outside the C heap, and a
/// few recently freed buffers kept for the next bitmaps of about the same size.
///
/// Why not `malloc`: a message row's bitmap is 100 KiB to 1 MiB, above glibc's initial mmap
/// threshold, but every free of such a mapping raises the threshold, so after the first screens
/// the bitmaps came from the heap, which then kept its size (scrolling through 100,000 messages
/// left about 12 MB of free but unreturnable heap). Mapped buffers go back to the system when
/// the pool lets them go. Why the pool: a fresh mapping costs a page fault per 4 KiB the first
/// time it is drawn into; reusing a freed buffer of about the right size costs a `memset`.
///
/// Invariants: every buffer handed out is zero-filled and page aligned; a buffer is in the pool
/// or handed out, never both; the pool holds at most `byteLimit` bytes. Thread-safe: surfaces
/// are made and destroyed on any thread (images decode off the main thread).
final class PixelBufferPool: @unchecked Sendable {
    /// The pool the toolkit's surfaces use.
    static let shared = PixelBufferPool(byteLimit: 4 << 20)

    /// The most bytes kept for reuse.
    let byteLimit: Int
    private let lock = NSLock()
    /// Freed buffers, oldest first: (address, capacity in bytes).
    private var kept: [(address: UnsafeMutableRawPointer, capacity: Int)] = []
    private var freeBytes = 0
    /// Capacity of each buffer handed out, by address.
    private var live: [UnsafeMutableRawPointer: Int] = [:]
    /// Buffers mapped fresh / reused since launch (benchmarks and tests read them).
    private(set) var mapped = 0, reused = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    private static let pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))

    /// A zero-filled buffer of at least `bytes` bytes, or nil when the system has no memory.
    func allocate(bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes > 0 else { return nil }
        let capacity = (bytes + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        lock.lock()
        // The smallest kept buffer that fits without wasting more than a quarter of itself.
        var best: Int?
        for (index, entry) in kept.enumerated() where entry.capacity >= capacity && entry.capacity - capacity <= entry.capacity / 4 {
            if best.map({ entry.capacity < kept[$0].capacity }) ?? true { best = index }
        }
        if let best {
            let entry = kept.remove(at: best)
            freeBytes -= entry.capacity
            live[entry.address] = entry.capacity
            reused += 1
            lock.unlock()
            memset(entry.address, 0, capacity)
            return entry.address
        }
        lock.unlock()
        let address = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { return nil }
        lock.lock()
        live[address] = capacity
        mapped += 1
        lock.unlock()
        return address
    }

    /// Takes back a buffer from ``allocate(bytes:)``: kept for reuse while the pool has room,
    /// unmapped otherwise (the oldest kept buffers go first).
    func release(_ address: UnsafeMutableRawPointer) {
        var unmap: [(address: UnsafeMutableRawPointer, capacity: Int)] = []
        lock.lock()
        guard let capacity = live.removeValue(forKey: address) else {
            lock.unlock()
            assertionFailure("PixelBufferPool: released a buffer it did not hand out")
            return
        }
        if capacity <= byteLimit / 4 {
            kept.append((address, capacity))
            freeBytes += capacity
            while freeBytes > byteLimit, !kept.isEmpty {
                let oldest = kept.removeFirst()
                freeBytes -= oldest.capacity
                unmap.append(oldest)
            }
        } else {
            unmap.append((address, capacity))
        }
        lock.unlock()
        for entry in unmap { munmap(entry.address, entry.capacity) }
    }

    /// Unmaps every kept buffer (tests; memory pressure).
    func drain() {
        lock.lock()
        let buffers = kept
        kept = []
        freeBytes = 0
        lock.unlock()
        for entry in buffers { munmap(entry.address, entry.capacity) }
    }

    /// Bytes kept for reuse now.
    var keptBytes: Int {
        lock.lock(); defer { lock.unlock() }
        return freeBytes
    }

    /// Buffers handed out and not yet released.
    var liveCount: Int {
        lock.lock(); defer { lock.unlock() }
        return live.count
    }

    /// A cleared ARGB32 image surface whose pixels come from the pool and go back to it when
    /// Cairo destroys the surface (whoever holds the last reference), or nil on failure.
    func makeSurface(pixelWidth: Int, pixelHeight: Int) -> OpaquePointer? {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        guard stride > 0, let data = allocate(bytes: stride * pixelHeight) else { return nil }
        guard let surface = cairo_image_surface_create_for_data(data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                 Int32(pixelWidth), Int32(pixelHeight), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            release(data)
            return nil
        }
        let context = Unmanaged.passRetained(Release(pool: self, address: data)).toOpaque()
        guard cairo_surface_set_user_data(surface, Self.userDataKey, context, { context in
            guard let context else { return }
            let release = Unmanaged<Release>.fromOpaque(context).takeRetainedValue()
            release.pool.release(release.address)
        }) == CAIRO_STATUS_SUCCESS else {
            Unmanaged<Release>.fromOpaque(context).release()
            cairo_surface_destroy(surface)
            release(data)
            return nil
        }
        return surface
    }

    /// What a surface's destroy callback needs: the pool and the buffer's address.
    private final class Release: @unchecked Sendable {
        let pool: PixelBufferPool
        let address: UnsafeMutableRawPointer
        init(pool: PixelBufferPool, address: UnsafeMutableRawPointer) {
            self.pool = pool
            self.address = address
        }
    }

    /// The key the release callback is stored under (Cairo compares its address only).
    nonisolated(unsafe) private static let userDataKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}
