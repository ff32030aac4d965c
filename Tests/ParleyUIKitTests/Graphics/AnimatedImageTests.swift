import Foundation
import ParleyTesting
import Testing
@testable import ParleyUIKit

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Animated GIFs decode into animated images (frames downsampled, delays from the file), and an
/// image view plays them on the application's clock, pausing out of the window or out of view.
@Suite(.serialized) @MainActor
struct AnimatedImageTests {
    /// three-frames.gif: 40 × 30, red for 0.1 s, green for 0.2 s, blue for 0.3 s, looping.
    func gif() throws -> Data { try Data(contentsOf: fixtures.appendingPathComponent("three-frames.gif")) }

    func color(of image: UIImage) -> (r: UInt8, g: UInt8, b: UInt8)? {
        guard let pixels = image.rgbaPixels(scale: 1) else { return nil }
        let p = pixels[pixels.width / 2, pixels.height / 2]
        return (p.r, p.g, p.b)
    }

    @Test func anAnimatedGIFDecodesIntoDownsampledFramesWithTheirDelays() throws {
        let data = try gif()
        #expect(GIFAnimation.frameDelays(data) == [0.1, 0.2, 0.3])
        let image = try #require(UIImage.thumbnail(data: data, filling: CGSize(width: 20, height: 15), scale: 1))
        let frames = try #require(image.images)
        #expect(frames.count == 3)
        #expect(abs(image.duration - 0.6) < 0.001)
        #expect(frames.allSatisfy { $0.size == CGSize(width: 20, height: 15) }, "downsampled to the tile")
        #expect(image.size == CGSize(width: 20, height: 15))
        let colors = frames.compactMap { color(of: $0) }
        #expect(colors.map(\.r) == [255, 0, 0] && colors.map(\.g) == [0, 255, 0] && colors.map(\.b) == [0, 0, 255], "\(colors)")
        // A still image is not animated; UIImage(data:) keeps the first frame.
        #expect(UIImage(data: data)?.images == nil)
    }

    /// A GIF cut short, one whose frames would take too much memory, and one frame's worth of GIF:
    /// a still picture or nil, never a crash.
    @Test func truncatedAndOversizedGIFsAreNotAnimated() throws {
        let data = try gif()
        for length in [6, 13, 40, data.count - 10] {
            let cut = data.prefix(length)
            #expect(GIFAnimation.frameDelays(cut) == nil, "cut at \(length)")
            #expect(UIImage.thumbnail(data: cut, filling: CGSize(width: 20, height: 15), scale: 1)?.images == nil)
        }
        #expect(GIFAnimation.decode(data, target: (4_000, 4_000), scale: 1) == nil, "3 × 64 MB of frames")
        #expect(GIFAnimation.frameDelays(Data("GIF89a".utf8)) == nil)
    }

    @Test func anImageViewPlaysTheFramesAndPausesOutOfTheWindowAndOutOfView() throws {
        let backend = HeadlessBackend.install()
        let image = try #require(UIImage.thumbnail(data: try gif(), filling: CGSize(width: 40, height: 30), scale: 1))
        let frames = try #require(image.images)
        let root = UIViewController()
        let window = backend.openWindow(size: CGSize(width: 200, height: 200), rootViewController: root)
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
        #expect(!view.isAnimating, "not in a window")
        root.view.addSubview(view)
        #expect(view.isAnimating)
        #expect(view.displayedImage === frames[0])
        backend.advance(by: 0.25)
        #expect(view.displayedImage === frames[1], "0.2 s per frame on average")
        backend.advance(by: 0.2)
        #expect(view.displayedImage === frames[2])
        backend.advance(by: 0.2)
        #expect(view.displayedImage === frames[0], "it loops")

        // Out of view (scrolled past the window's edge): paused where it was.
        view.frame.origin = CGPoint(x: 10, y: 400)
        backend.advance(by: 1)
        #expect(view.displayedImage === frames[0])
        view.frame.origin = CGPoint(x: 10, y: 10)
        backend.advance(by: 0.25)
        #expect(view.displayedImage === frames[1], "resumes")

        // Out of the window: no timer at all.
        view.removeFromSuperview()
        #expect(!view.isAnimating)
        backend.advance(by: 1)
        #expect(view.displayedImage === frames[1])
        _ = window

        // animationImages play between startAnimating() and stopAnimating().
        let still = UIImageView(image: frames[2])
        still.animationImages = [frames[0], frames[1]]
        still.animationDuration = 0.4
        root.view.addSubview(still)
        #expect(!still.isAnimating)
        #expect(still.displayedImage === frames[2])
        still.startAnimating()
        #expect(still.displayedImage === frames[0])
        backend.advance(by: 0.25)
        #expect(still.displayedImage === frames[1])
        still.stopAnimating()
        #expect(!still.isAnimating)
        #expect(still.displayedImage === frames[2])
    }
}
