import CCairoPango
import Foundation

/// Renders a view's frames into an offscreen surface, for Parley's benchmarks and tests; not public API.
@_spi(Benchmarks)
@preconcurrency @MainActor
public final class FrameProbe {
    private let view: UIView
    private let target: Surface
    private let source: Surface
    private let scale: CGFloat
    /// The probe's own compositor: its frames share nothing with other targets'.
    let compositor = Compositor()

    /// A probe rendering `view` into a `width × height` pixel surface at `scale`.
    public init(view: UIView, width: Int, height: Int, scale: CGFloat = 1) {
        self.view = view
        self.scale = scale
        target = Surface(pixelWidth: width, pixelHeight: height)!
        source = Surface(pixelWidth: width, pixelHeight: height)!
        // Give the floor's source real pixels so the copy is not trivially skippable.
        if let cr = cairo_create(source.raw) {
            cairo_set_source_rgb(cr, 0.2, 0.4, 0.6)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
    }

    /// Lays out if needed, clears the target (unless the view's opaque background covers it) and
    /// composes the view's layer tree into it.
    public func renderFrame() {
        view.layoutIfNeeded()
        guard let cr = cairo_create(target.raw) else { return }
        compositor.clearTarget(cr, for: view.layer, traits: view.traitCollection)
        cairo_scale(cr, Double(scale), Double(scale))
        compositor.renderFrame(view.layer, into: cr, scale: scale, traits: view.traitCollection)
        cairo_destroy(cr)
        cairo_surface_flush(target.raw)
    }

    /// The floor: clear the target and copy a same-sized surface onto it.
    public func floorFrame() {
        guard let cr = cairo_create(target.raw) else { return }
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, source.raw, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target.raw)
    }

    /// The last frame as PNG data.
    public func pngData() -> Data? { target.pngData() }
}
