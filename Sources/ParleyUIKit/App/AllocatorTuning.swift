import Foundation

/// The C allocator's settings for a program that draws: set once, when the first application is
/// installed.
///
/// glibc serves allocations above its mmap threshold (128 KiB at start) with their own mappings,
/// which go back to the system when freed; but each such free raises the threshold to the freed
/// size, up to 32 MiB. After the first layer bitmaps are freed, every later bitmap (a message
/// row at 2× is 100 KiB to 1 MiB) comes from the heap instead, and a heap that has held a few
/// screens of bitmaps stays that large, in pieces too scattered to return: the resident memory
/// after scrolling through history grew by 20 MB that way. A fixed threshold keeps large buffers
/// in their own mappings (a fixed setting also turns glibc's adjustment off).
enum AllocatorTuning {
    /// The threshold: glibc's own starting value, kept.
    static let mmapThreshold: Int32 = 128 * 1024

    /// Whether the setting was applied (once per process).
    nonisolated(unsafe) private static var applied = false

    /// Fixes glibc's mmap threshold (no-op elsewhere, or when `PARLEY_MALLOC_DEFAULTS` is set).
    static func apply() {
        guard !applied else { return }
        applied = true
        guard ProcessInfo.processInfo.environment["PARLEY_MALLOC_DEFAULTS"] == nil else { return }
        // `mallopt` is glibc's; Swift's Glibc module does not import <malloc.h>.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let M_MMAP_THRESHOLD: Int32 = -3
        _ = unsafeBitCast(symbol, to: MallOpt.self)(M_MMAP_THRESHOLD, mmapThreshold)
    }
}
