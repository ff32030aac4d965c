import Foundation
import Testing
import ParleyTesting
@testable import ParleyUIKit

/// Downsampled decoding (`UIImage.thumbnail(data:filling:scale:)`) and its refusals.
@MainActor
@Suite struct ImageThumbnailTests {
    /// A `width × height` picture: teal with an indigo quarter, so scaling keeps recognisable pixels.
    static func picture(width: Int, height: Int) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: width, height: height), scale: 1).image { context in
            UIColor.systemTeal.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
            UIColor.systemIndigo.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width / 2, height: height / 2))
        }
    }

    /// A PNG whose header declares `width × height` pixels, with a few bytes of image data after.
    static func pngHeader(width: UInt32, height: UInt32) -> Data { BadImages.pngHeader(width: width, height: height) }

    @Test func pngAndJPEGAreDownsampledToFillTheSize() throws {
        let source = Self.picture(width: 400, height: 200)
        let png = try #require(source.pngData())
        let jpeg = try #require(source.jpegData(compressionQuality: 0.9))
        #expect(UIImage.pixelSize(ofImageData: png) == CGSize(width: 400, height: 200))
        #expect(UIImage.pixelSize(ofImageData: jpeg) == CGSize(width: 400, height: 200))
        for data in [png, jpeg] {
            // Filling 100 × 100 pixels keeps the aspect ratio: 200 × 100.
            let thumbnail = try #require(UIImage.thumbnail(data: data, filling: CGSize(width: 100, height: 100), scale: 2))
            #expect(thumbnail.size == CGSize(width: 100, height: 50))
            #expect(thumbnail.scale == 2)
            let pixels = try #require(thumbnail.rgbaPixels(scale: 2))
            #expect(pixels.width == 200 && pixels.height == 100)
            // The indigo quarter is still top-left, the teal bottom-right.
            let indigo = pixels[10, 10], teal = pixels[190, 90]
            #expect(indigo.b > indigo.g && teal.g > teal.r)
        }
        // Never enlarged.
        let small = try #require(UIImage.thumbnail(data: png, filling: CGSize(width: 4000, height: 4000), scale: 1))
        #expect(small.size == CGSize(width: 400, height: 200))
    }

    @Test func corruptTruncatedEmptyAndUnknownDataAreRefused() throws {
        let png = try #require(Self.picture(width: 64, height: 64).pngData())
        let jpeg = try #require(Self.picture(width: 64, height: 64).jpegData(compressionQuality: 0.8))
        let cases: [(String, Data)] = [
            ("empty", Data()),
            ("truncated PNG", png.prefix(png.count / 2)),
            ("PNG header only", png.prefix(33)),
            ("truncated JPEG", jpeg.prefix(40)),
            ("corrupt PNG", Data(png.prefix(40)) + Data(repeating: 0xAB, count: 500)),
            ("text", Data("hello, not a picture".utf8)),
            ("zero-size PNG", Self.pngHeader(width: 0, height: 0)),
        ]
        for (name, data) in cases {
            #expect(UIImage.thumbnail(data: data, filling: CGSize(width: 64, height: 64), scale: 1) == nil, "\(name)")
        }
    }

    /// A 30,000 × 30,000 PNG of a few bytes (3.6 GB decoded) is refused from its header: nothing
    /// of its size is allocated, so it returns at once.
    @Test func decompressionBombIsRefusedFromItsHeader() {
        let bomb = Self.pngHeader(width: 30_000, height: 30_000)
        #expect(bomb.count < 100)
        #expect(UIImage.pixelSize(ofImageData: bomb) == CGSize(width: 30_000, height: 30_000))
        let start = Date()
        #expect(UIImage.thumbnail(data: bomb, filling: CGSize(width: 300, height: 300), scale: 2) == nil)
        #expect(UIImage(data: bomb) == nil)
        #expect(Date().timeIntervalSince(start) < 0.5)
        #expect(ImageDecoding.thumbnailSize(width: 30_000, height: 30_000, filling: CGSize(width: 300, height: 300), format: .png) == nil)
        // Overflowing dimensions are refused too.
        #expect(ImageDecoding.thumbnailSize(width: Int.max / 2, height: 4, filling: CGSize(width: 1, height: 1), format: .jpeg) == nil)
    }

    /// The header check link previews use before keeping a picture: the decoder's own rule.
    @Test func theHeaderCheckRefusesBombsAndNonPictures() throws {
        #expect(!UIImage.isDecodableImageHeader(Self.pngHeader(width: 30_000, height: 30_000)))
        #expect(UIImage.isDecodableImageHeader(Self.pngHeader(width: 1_200, height: 630)))
        #expect(UIImage.isDecodableImageHeader(try #require(Self.picture(width: 40, height: 20).pngData())))
        #expect(!UIImage.isDecodableImageHeader(Data("<html><head></head></html>".utf8)))
        #expect(!UIImage.isDecodableImageHeader(Data()))
        #expect(!UIImage.isDecodableImageHeader(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)))
    }

    /// Decoding works off the main thread.
    @Test func decodesOnABackgroundThread() async throws {
        let png = try #require(Self.picture(width: 120, height: 80).pngData())
        let size = await Task.detached {
            UIImage.thumbnail(data: png, filling: CGSize(width: 60, height: 60), scale: 1)?.size
        }.value
        #expect(size == CGSize(width: 90, height: 60))
    }
}
