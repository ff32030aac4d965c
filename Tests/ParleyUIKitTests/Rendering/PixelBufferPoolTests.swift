import CCairoPango
import Foundation
import Testing
@testable import ParleyUIKit

/// Layer bitmaps come from mapped buffers that a small pool reuses (see `PixelBufferPool`).
struct PixelBufferPoolTests {
    @Test func aReleasedBufferOfAboutTheSameSizeIsReusedZeroFilled() throws {
        let pool = PixelBufferPool(byteLimit: 1 << 20)
        let first = try #require(pool.allocate(bytes: 100_000))
        memset(first, 0xAB, 100_000)
        pool.release(first)
        #expect(pool.keptBytes >= 100_000)
        let second = try #require(pool.allocate(bytes: 90_000))
        #expect(second == first, "a kept buffer within a quarter of the size is reused")
        #expect(pool.reused == 1 && pool.mapped == 1)
        let bytes = second.assumingMemoryBound(to: UInt8.self)
        #expect((0..<90_000).allSatisfy { bytes[$0] == 0 }, "a reused buffer is cleared")
        pool.release(second)
        pool.drain()
        #expect(pool.keptBytes == 0 && pool.liveCount == 0)
    }

    @Test func aMuchSmallerRequestGetsItsOwnBuffer() throws {
        let pool = PixelBufferPool(byteLimit: 1 << 20)
        let big = try #require(pool.allocate(bytes: 200_000))
        pool.release(big)
        let small = try #require(pool.allocate(bytes: 20_000))
        #expect(small != big, "reusing 200 KB for 20 KB would waste most of it")
        #expect(pool.mapped == 2)
        pool.release(small)
        pool.drain()
    }

    @Test func thePoolKeepsNoMoreThanItsLimit() throws {
        let pool = PixelBufferPool(byteLimit: 256 << 10)
        let buffers = (0..<8).compactMap { _ in pool.allocate(bytes: 60_000) }
        #expect(buffers.count == 8)
        for buffer in buffers { pool.release(buffer) }
        #expect(pool.keptBytes <= 256 << 10)
        #expect(pool.keptBytes > 0)
        #expect(pool.liveCount == 0)
        pool.drain()
    }

    @Test func aSurfaceGivesItsPixelsBackWhenCairoDestroysIt() throws {
        let pool = PixelBufferPool(byteLimit: 1 << 20)
        let surface = try #require(pool.makeSurface(pixelWidth: 100, pixelHeight: 50))
        #expect(pool.liveCount == 1)
        #expect(cairo_image_surface_get_width(surface) == 100)
        // A second reference (a pattern, say) keeps the pixels alive past the first destroy.
        cairo_surface_reference(surface)
        cairo_surface_destroy(surface)
        #expect(pool.liveCount == 1)
        cairo_surface_destroy(surface)
        #expect(pool.liveCount == 0)
        #expect(pool.keptBytes >= 100 * 50 * 4)
        pool.drain()
    }

    @Test func toolkitSurfacesDrawIntoPooledPixels() throws {
        let surface = try #require(Surface(pixelWidth: 8, pixelHeight: 8))
        #expect(surface.pixel(x: 3, y: 3).a == 0, "a new surface is clear")
        let cr = try #require(surface.clearedContext())
        cairo_set_source_rgba(cr, 1, 0, 0, 1)
        cairo_paint(cr)
        cairo_destroy(cr)
        #expect(surface.pixel(x: 3, y: 3) == (255, 255, 0, 0))
    }
}
