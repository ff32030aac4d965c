import Foundation

/// The C allocator's settings for a program that draws: applied once, when the first application
/// is installed, if `PARLEY_MALLOC_MMAP_THRESHOLD` asks for them.
///
/// glibc serves allocations above its mmap threshold (128 KiB at start) with their own mappings,
/// which go back to the system when freed; but each such free raises the threshold to the freed
/// size, up to 32 MiB, and later large allocations come from the heap, which keeps its size.
/// Layer bitmaps no longer go through malloc (see `PixelBufferPool`), so what remains are large
/// arrays and tables. `PARLEY_MALLOC_MMAP_THRESHOLD=131072` fixes the threshold: measured with
/// the pool on `parley bench chat`, it saves about 1 MB after scrolling 100,000 messages, so it
/// stays off by default.
enum AllocatorTuning {
    /// Whether the setting was looked at (once per process).
    nonisolated(unsafe) private static var applied = false

    /// Fixes glibc's mmap threshold at `PARLEY_MALLOC_MMAP_THRESHOLD` bytes when it is set.
    static func apply() {
        guard !applied else { return }
        applied = true
        guard let value = ProcessInfo.processInfo.environment["PARLEY_MALLOC_MMAP_THRESHOLD"],
              let threshold = Int32(value), threshold > 0 else { return }
        // `mallopt` is glibc's; Swift's Glibc module does not import <malloc.h>.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let M_MMAP_THRESHOLD: Int32 = -3
        _ = unsafeBitCast(symbol, to: MallOpt.self)(M_MMAP_THRESHOLD, threshold)
    }
}
