import CCairoPango
import Foundation

/// Composes layer trees into a Cairo target: the owner of the paint and composite phases.
///
/// One compositor renders one target (a scene's native window, a `FrameProbe`'s surface, an
/// image of a view). `CALayer` owns the model and what is cached per layer (backing surfaces,
/// composed and resampled bitmaps, the compose record); the compositor owns the frame: the fill
/// it holds back, the target's pixman image, the frame's counts and its hints about view classes.
/// Nothing is shared between compositors, so two windows render alternately without seeing each
/// other's frame. (When a frame is needed, and what the last one cost, is the run loop's:
/// `FrameScheduler`.)
///
/// Contract:
/// - Layout has already run; the compositor never changes geometry.
/// - A layer's content surface is redrawn only when it is marked dirty (`setNeedsDisplay`, a
///   size or scale change, a light/dark change); everything else is composed from cache, so
///   moving or fading layers (scrolling) rasterises nothing. `lastFrame.rasterizedLayers`
///   counts redraws.
/// - Cached surfaces are painted at whole device pixels when the transform is a plain
///   translation and scale, so text stays sharp at any position; under any other transform
///   they are resampled once and kept (`FramePass.resample`).
///
/// Invariants:
/// - A held fill (`heldFill`) covers whole device pixels and is drawn, or replaced by one that
///   covers it, before anything else is drawn into the target; none is held after `renderFrame`
///   returns unless `paintTarget` was called after it (both checked with `assert`).
/// - `targetImage` serves only the surface, pixels, size and stride it was made for (compared
///   on every use).
@preconcurrency @MainActor
public final class Compositor {
    /// A solid fill of whole device pixels not drawn yet (see `HeldFill`).
    var heldFill = HeldFill()
    /// Whether opaque, pixel-aligned blits under a plain rectangular clip go straight to pixman
    /// (tests turn it off to compare with Cairo's result).
    var usesDirectBlits = true
    /// Whether content under a turn or a scale is resampled once and kept (tests turn it off to
    /// compare with resampling in every frame).
    var keepsResampledContent = true
    /// Blits done by pixman directly by this compositor (for tests).
    private(set) var directBlitCount = 0
    /// What the last frame cost.
    private(set) var lastFrame = FrameStatistics()
    /// The target surface's pixman image, kept while frames draw into the same pixels.
    private var targetImage: TargetImage?
    /// What this compositor learned about view classes (only hints; see `DrawingHints`).
    let hints = DrawingHints()

    /// A compositor for one target.
    init() {}

    // MARK: Frames

    /// Prepares a target for a frame of `root`: clears it, unless the root's own opaque
    /// background will cover every pixel anyway (the common case of a window).
    func clearTarget(_ cr: OpaquePointer, for root: CALayer, traits: UITraitCollection) {
        let traits = (root.delegate as? UIView)?.traitCollection ?? traits
        let opaque = (root.backgroundColor?.components(for: traits).alpha ?? 0) >= 1 && root.cornerRadius == 0 && root.opacity >= 1 && !root.isHidden
        guard !opaque else { return }
        paintTarget(cr, red: 0, green: 0, blue: 0, alpha: 0)
    }

    /// Sets every pixel inside the current clip to one colour (alpha 0 clears). The fill is held
    /// back like a layer's opaque background, so the backgrounds composed over it can replace it;
    /// the next `renderFrame` or `flushPendingFill` draws it if they do not.
    func paintTarget(_ cr: OpaquePointer, red: Double, green: Double, blue: Double, alpha: Double) {
        let fill = PendingFill(rect: Self.clipExtents(cr), red: red, green: green, blue: blue, alpha: alpha)
        if let aligned = fill.pixelAligned, !Self.isDrawingIntoGroup(cr) {
            heldFill.hold(aligned, cr)
        } else {
            heldFill.flush(cr)
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, red, green, blue, alpha)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// Draws the held fill, if any (before anything else is drawn into `cr` or the frame ends).
    func flushPendingFill(_ cr: OpaquePointer) {
        heldFill.flush(cr)
    }

    /// Composes `root` (at its own bounds origin, ignoring its position) into `cr`, whose user
    /// space must be in points with `scale` already applied.
    func renderFrame(_ root: CALayer, into cr: OpaquePointer, scale: CGFloat, traits: UITraitCollection) {
        cairo_save(cr)
        cairo_translate(cr, Double(-root.bounds.minX), Double(-root.bounds.minY))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let plainClip = !Self.isDrawingIntoGroup(cr)
        var pass = FramePass(cr: cr, scale: scale, heldFill: heldFill, direct: plainClip ? directTarget(of: cr) : nil,
                             usesDirectBlits: usesDirectBlits, keepsResampledContent: keepsResampledContent, hints: hints)
        heldFill = HeldFill()
        pass.compose(root, parent: matrix, parentTraits: traits, isRoot: true, deviceClip: Self.clipExtents(cr), plainClip: plainClip)
        pass.heldFill.flush(cr)
        cairo_restore(cr)
        assert(pass.heldFill.fill == nil && heldFill.fill == nil, "a held fill outlived its frame")
        lastFrame = pass.statistics
        directBlitCount += pass.statistics.directBlits
        FrameScheduler.shared.frameDidRender(pass.statistics)
    }

    /// Composes the bitmap of a layer that rasterizes, if it is out of date, outside any frame
    /// (see `CALayer.rasterizeIfNeeded()`).
    func rasterize(_ layer: CALayer, scale: CGFloat, traits: UITraitCollection) {
        guard layer.shouldRasterize else { return }
        var statistics = FrameStatistics()
        _ = FramePass.rasterCache(for: layer, scale: scale, traits: traits, usesDirectBlits: usesDirectBlits,
                                  keepsResampledContent: keepsResampledContent, hints: hints,
                                  statistics: &statistics, isVisible: { _ in true })
    }

    // MARK: The target

    /// The target of `cr` as a pixman image, when blits may go straight into it: an ARGB32 or
    /// RGB24 image surface without a device offset or scale. Nil sends every blit through Cairo.
    private func directTarget(of cr: OpaquePointer) -> DirectTarget? {
        guard usesDirectBlits, let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              let data = cairo_image_surface_get_data(target) else { return nil }
        var offsetX = 0.0, offsetY = 0.0, scaleX = 0.0, scaleY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        guard offsetX == 0, offsetY == 0, scaleX == 1, scaleY == 1 else { return nil }
        // Blits then skip flushing: Cairo draws into image surfaces at once.
        cairo_surface_flush(target)
        let width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target)
        let stride = cairo_image_surface_get_stride(target)
        if let cached = targetImage, cached.surface == target, cached.data == data, cached.width == width,
           cached.height == height, cached.stride == stride {
            return DirectTarget(surface: target, image: cached.image, width: width, height: height)
        }
        guard let made = Surface.pixmanImage(wrapping: target) else { return nil }
        targetImage = TargetImage(surface: target, data: data, width: width, height: height, stride: stride, image: made)
        return DirectTarget(surface: target, image: made, width: width, height: height)
    }

    /// The clip in force on `cr`, in device pixels.
    static func clipExtents(_ cr: OpaquePointer) -> CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_user_to_device(cr, &x1, &y1)
        cairo_user_to_device(cr, &x2, &y2)
        return CGRect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
    }

    /// Whether `cr` draws into a pushed group (whose pixels a held fill must not skip).
    static func isDrawingIntoGroup(_ cr: OpaquePointer) -> Bool {
        cairo_get_group_target(cr) != cairo_get_target(cr)
    }
}

// MARK: - What the run loop and the benchmarks see

extension Compositor {
    /// Whether anything changed since the last frame (the run loop renders only then).
    public static var needsFrame: Bool { FrameScheduler.shared.needsFrame }

    /// Asks for a frame (called by every visual change).
    public static func setNeedsFrame() { FrameScheduler.shared.needsFrame = true }

    /// Content surfaces redrawn while composing the last frame any compositor rendered (for tests
    /// and `parley bench`).
    public static var rasterizedLayersInLastFrame: Int { FrameScheduler.shared.lastFrame.rasterizedLayers }
    /// Content surfaces redrawn since launch.
    public static var totalRasterizedLayers: Int { FrameScheduler.shared.totalRasterizedLayers }
    /// Layers composed in the last frame any compositor rendered.
    public static var composedLayersInLastFrame: Int { FrameScheduler.shared.lastFrame.composedLayers }
}

/// What one frame cost.
struct FrameStatistics: Equatable {
    /// Content surfaces, bitmaps, rings and shadow masks redrawn.
    var rasterizedLayers = 0
    /// Layers composed (not culled).
    var composedLayers = 0
    /// Blits done by pixman directly.
    var directBlits = 0

    static func += (lhs: inout FrameStatistics, rhs: FrameStatistics) {
        lhs.rasterizedLayers += rhs.rasterizedLayers
        lhs.composedLayers += rhs.composedLayers
        lhs.directBlits += rhs.directBlits
    }
}

/// The pixman image a compositor keeps over its target's pixels, and what it was made for
/// (released with the compositor or when the target changes).
final class TargetImage {
    let surface: OpaquePointer
    let data: UnsafeMutablePointer<UInt8>
    let width: Int32, height: Int32, stride: Int32
    let image: OpaquePointer

    init(surface: OpaquePointer, data: UnsafeMutablePointer<UInt8>, width: Int32, height: Int32, stride: Int32, image: OpaquePointer) {
        self.surface = surface
        self.data = data
        self.width = width
        self.height = height
        self.stride = stride
        self.image = image
    }

    deinit { pixman_image_unref(image) }
}

/// The frame's target when blits may go straight to pixman (see `FramePass.blitDirect`).
struct DirectTarget {
    let surface: OpaquePointer
    let image: OpaquePointer
    let width: Int32, height: Int32
}
