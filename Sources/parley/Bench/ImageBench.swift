import Foundation
import Parley

/// `image.*`: decoding attachment pictures as the message list does — off the main thread,
/// downsampled to the tile they are shown in.
enum ImageBench {
    /// A `width × height` photo-like JPEG (gradients under per-pixel noise from `seed`, so the
    /// encoder cannot take shortcuts a flat picture would allow), made here.
    @MainActor
    static func photoJPEG(width: Int = 1920, height: Int = 1080, seed start: UInt64 = 0) -> Data? {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ start
        let tint = Int(start % 5) * 24
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Int(seed >> 59) - 16
                let i = (y * width + x) * 4
                bytes[i] = UInt8(clamping: x * 255 / width + noise)
                bytes[i + 1] = UInt8(clamping: y * 255 / height + noise + tint)
                bytes[i + 2] = UInt8(clamping: (x + y) * 128 / (width + height) + 64 + noise)
            }
        }
        guard let pixels = RGBAPixels(width: width, height: height, bytes: bytes) else { return nil }
        return UIImage(pixels: pixels, scale: 1)?.jpegData(compressionQuality: 0.85)
    }

    static func run(quick: Bool) async throws -> [BenchResult] {
        guard let jpeg = await MainActor.run(body: { photoJPEG() }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        // A 300-pt-wide tile at 2× (a 16:9 picture: 600 × 338 pixels).
        let tile = CGSize(width: 600, height: 338)
        let rounds = quick ? 10 : 60
        let samples: [Double] = await Task.detached(priority: .userInitiated) {
            _ = UIImage.thumbnail(data: jpeg, filling: tile, scale: 2) // warm the decoder
            var samples: [Double] = []
            for _ in 0..<rounds {
                samples.append(Bench.time { _ = UIImage.thumbnail(data: jpeg, filling: tile, scale: 2) })
            }
            return samples
        }.value
        return [
            BenchResult(name: "image.decode_1080p_ms", value: Bench.median(samples) * 1000, unit: "ms", target: 15, better: .lower),
        ]
    }
}
