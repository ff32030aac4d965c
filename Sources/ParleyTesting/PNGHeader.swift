import Foundation

/// Hand-made image bytes for bad-input tests.
public enum BadImages {
    /// The signature and header of a `width × height` PNG followed by a few bytes of data: a
    /// decompression bomb when the size is large (30,000 × 30,000 in under 100 bytes).
    public static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        data += be(13) + Array("IHDR".utf8) + be(width) + be(height) + [8, 6, 0, 0, 0] + be(0)
        data += be(16) + Array("IDAT".utf8) + [UInt8](repeating: 0x78, count: 16) + be(0)
        data += be(0) + Array("IEND".utf8) + be(0)
        return data
    }
}
