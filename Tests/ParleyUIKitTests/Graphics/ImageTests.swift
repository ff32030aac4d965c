import Foundation
import Testing
@testable import ParleyUIKit

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

@MainActor
@Suite struct ImageTests {
    /// A 40×20 image: left half red, right half blue.
    private func halves() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), scale: 1).image { context in
            UIColor(red: 1, green: 0, blue: 0, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            UIColor(red: 0, green: 0, blue: 1, alpha: 1).setFill()
            context.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
        }
    }

    @Test func pngRoundTripsThroughData() throws {
        let data = try #require(halves().pngData())
        let decoded = try #require(UIImage(data: data))
        #expect(decoded.size == CGSize(width: 40, height: 20))
        let pixels = try #require(decoded.rgbaPixels())
        #expect(pixels[5, 5] == (255, 0, 0, 255))
        #expect(pixels[35, 5] == (0, 0, 255, 255))
    }

    /// A PNG inside a larger buffer (a `Data` slice, whose indices do not start at 0) decodes:
    /// the PNG reader indexed from 0 and crashed out of bounds.
    @Test func pngInADataSliceDecodes() throws {
        let png = try #require(halves().pngData())
        let framed = Data("header line\n".utf8) + png
        let slice = framed.dropFirst(12)
        #expect(slice.startIndex == 12)
        let decoded = try #require(UIImage(data: slice))
        #expect(decoded.size == CGSize(width: 40, height: 20))
        #expect(try #require(decoded.rgbaPixels())[35, 5] == (0, 0, 255, 255))
    }

    @Test func svgAndSymbolsDecodeAsVectors() throws {
        let svg = Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='#00ff00'/></svg>".utf8)
        let image = try #require(UIImage(data: svg))
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(try #require(image.rgbaPixels(scale: 3))[15, 15] == (0, 255, 0, 255))
        let symbol = try #require(UIImage(systemName: "paperplane.fill"))
        #expect(symbol.renderingMode == .alwaysTemplate)
        #expect(UIImage(systemName: "no.such.symbol") == nil)
        #expect(UIImage(systemName: "../etc/passwd") == nil)
        let tinted = symbol.withTintColor(.systemRed)
        #expect(tinted.renderingMode == .alwaysOriginal)
    }

    @Test func everySymbolTheChatUIUsesExists() {
        for name in ["arrowshape.turn.up.right", "paperplane", "xmark", "plus", "chevron.left", "chevron.right", "chevron.down",
                     "checkmark", "trash", "pencil", "doc.on.doc", "arrowshape.turn.up.left", "bubble.left.and.bubble.right",
                     "face.smiling", "heart", "hand.thumbsup", "hand.thumbsdown", "exclamationmark.circle"] {
            #expect(UIImage(systemName: name) != nil, "missing symbol \(name)")
        }
        #expect(UIImage.systemImageNames.count >= 60)
    }

    @Test func missingAndCorruptImagesAreNil() {
        #expect(UIImage(named: "definitely-not-an-image") == nil)
        #expect(UIImage(named: "") == nil)
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("not an image at all".utf8)) == nil)
        var truncated = halves().pngData()!
        truncated.removeLast(truncated.count / 2)
        #expect(UIImage(data: truncated) == nil)
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])) == nil)
        #expect(UIImage(data: Data("<svg><not closed".utf8)) == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/file.png") == nil)
    }

    @Test func hugeImagesAreRefusedOrDownsampled() throws {
        let png = try Data(contentsOf: fixtures.appendingPathComponent("huge-10000.png"))
        #expect(UIImage(data: png) == nil) // 100 megapixels: refused before decoding
        let jpeg = try Data(contentsOf: fixtures.appendingPathComponent("huge-6000.jpg"))
        let image = try #require(UIImage(data: jpeg))
        #expect(image.size.width * image.size.height <= 4096 * 4096)
        #expect(image.size.width >= 3000)
    }

    @Test func registeredImagesAreFoundByName() {
        UIImage.register(halves(), named: "test-halves")
        #expect(UIImage(named: "test-halves")?.size == CGSize(width: 40, height: 20))
    }

    @Test(arguments: [
        (UIViewContentMode.scaleToFill, CGRect(x: 0, y: 0, width: 100, height: 100)),
        (.scaleAspectFit, CGRect(x: 0, y: 25, width: 100, height: 50)),
        (.scaleAspectFill, CGRect(x: -50, y: 0, width: 200, height: 100)),
        (.center, CGRect(x: 30, y: 40, width: 40, height: 20)),
        (.topLeft, CGRect(x: 0, y: 0, width: 40, height: 20)),
        (.bottomRight, CGRect(x: 60, y: 80, width: 40, height: 20)),
        (.top, CGRect(x: 30, y: 0, width: 40, height: 20)),
        (.left, CGRect(x: 0, y: 40, width: 40, height: 20)),
    ])
    func contentModesPlaceTheImage(mode: UIViewContentMode, expected: CGRect) {
        #expect(mode.rect(for: CGSize(width: 40, height: 20), in: CGRect(x: 0, y: 0, width: 100, height: 100)) == expected)
    }

    @Test func contentModesInPixels() throws {
        let view = UIImageView(image: halves())
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        view.contentMode = .scaleAspectFit
        var pixels = try #require(view.renderPixels(scale: 1))
        #expect(pixels[10, 10].a == 0) // letterbox above
        #expect(pixels[10, 50] == (255, 0, 0, 255))
        #expect(pixels[90, 50] == (0, 0, 255, 255))
        view.contentMode = .scaleAspectFill
        view.clipsToBounds = true
        pixels = try #require(view.renderPixels(scale: 1))
        #expect(pixels[2, 2] == (255, 0, 0, 255)) // filled to the top, cropped at the sides
        #expect(pixels[97, 97] == (0, 0, 255, 255))
        view.contentMode = .center
        pixels = try #require(view.renderPixels(scale: 1))
        #expect(pixels[10, 50].a == 0)
        #expect(pixels[35, 50] == (255, 0, 0, 255))
        #expect(pixels[65, 50] == (0, 0, 255, 255))
    }
}
