import CCairoPango
import Foundation

/// Drawing for the view's layer and rendering a ``UIView`` to an image.
extension UIView {
    /// Draws the view's content for its layer.
    public func draw(_ layer: CALayer, in context: CGContext) {
        draw(CGRect(origin: .zero, size: self.layer.bounds.size))
    }

    // MARK: Rendering to images

    /// The view and its subviews laid out and drawn into an image of its bounds' size.
    ///
    /// - Parameters:
    ///   - scale: pixels per point.
    ///   - userInterfaceStyle: renders a view without a window in light or dark (it is applied as
    ///     the root traits, so `traitCollectionDidChange` runs as on a real appearance change).
    public func renderImage(scale: CGFloat = 2, userInterfaceStyle: UIUserInterfaceStyle? = nil) -> UIImage {
        guard let surface = renderSurface(scale: scale, userInterfaceStyle: userInterfaceStyle) else { return UIImage.empty }
        return UIImage(surface: surface, scale: scale)
    }

    /// The view rendered as PNG data.
    public func pngData(scale: CGFloat = 2, userInterfaceStyle: UIUserInterfaceStyle? = nil) -> Data? {
        renderSurface(scale: scale, userInterfaceStyle: userInterfaceStyle)?.pngData()
    }

    /// The view drawn into a new surface by `compositor` (a fresh one by default: an image is a
    /// target of its own).
    func renderSurface(scale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle?, background: UIColor? = nil,
                       compositor: Compositor = Compositor()) -> Surface? {
        let root = rootView
        if root === self {
            var traits = rootTraitCollection.modifying(displayScale: scale)
            if let userInterfaceStyle { traits = traits.modifying(userInterfaceStyle: userInterfaceStyle) }
            rootTraitCollection = traits
        }
        root.layoutIfNeeded()
        let pw = Int((bounds.width * scale).rounded(.up)), ph = Int((bounds.height * scale).rounded(.up))
        guard let surface = Surface(pixelWidth: pw, pixelHeight: ph), let cr = cairo_create(surface.raw) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(scale), Double(scale))
        if let background {
            let c = background.components(for: traitCollection)
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
            cairo_paint(cr)
        }
        compositor.renderFrame(layer, into: cr, scale: scale, traits: traitCollection)
        cairo_surface_flush(surface.raw)
        return surface
    }
}
