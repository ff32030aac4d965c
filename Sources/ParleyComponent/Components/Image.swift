import Foundation
import ParleyUIKit

/// An image, at its natural size (scaled down, keeping its aspect ratio, to fit the constraint),
/// drawn by a `UIImageView`.
///
/// ```swift
/// Image(systemName: "heart.fill").tintColor(.systemRed)
/// Image(avatar).size(width: 32, height: 32).contentMode(.scaleAspectFill)
/// ```
public struct Image: Component {
    /// The image (nothing is drawn for `nil`).
    public var image: UIImage?
    /// The tint of template images; `nil` inherits the host's tint.
    public var tintColor: UIColor?
    /// How the image fills its frame.
    public var contentMode: UIViewContentMode

    /// An image.
    public init(_ image: UIImage?, tintColor: UIColor? = nil, contentMode: UIViewContentMode = .scaleAspectFit) {
        self.image = image
        self.tintColor = tintColor
        self.contentMode = contentMode
    }

    /// A symbol from the toolkit's symbol set.
    public init(systemName: String, pointSize: CGFloat? = nil, tintColor: UIColor? = nil) {
        let configuration = pointSize.map { UIImage.SymbolConfiguration(pointSize: $0) }
        self.init(UIImage(systemName: systemName, withConfiguration: configuration), tintColor: tintColor)
    }

    /// A named image from the registered images and bundles.
    public init(named name: String, tintColor: UIColor? = nil) {
        self.init(UIImage(named: name), tintColor: tintColor)
    }

    /// The same image with another tint.
    public func tintColor(_ color: UIColor?) -> Image { var copy = self; copy.tintColor = color; return copy }
    /// The same image with another content mode.
    public func contentMode(_ mode: UIViewContentMode) -> Image { var copy = self; copy.contentMode = mode; return copy }

    /// The natural size, scaled down to fit.
    public func layout(_ constraint: Constraint) -> ImageRenderNode {
        var size = image?.size ?? .zero
        if !SizeSanitizer.isWellFormed(size) { size = .zero }
        if size.width > constraint.maxSize.width || size.height > constraint.maxSize.height, size.width > 0, size.height > 0 {
            let factor = min(constraint.maxSize.width / size.width, constraint.maxSize.height / size.height)
            size = CGSize(width: size.width * factor, height: size.height * factor)
        }
        return ImageRenderNode(image: self, size: size.bound(to: constraint))
    }
}

/// The render node of ``Image``: a `UIImageView`.
public struct ImageRenderNode: RenderNode {
    let image: Image
    /// The image's size in the layout.
    public let size: CGSize

    /// An image has a view.
    public var shouldRenderView: Bool { true }
    /// An image view.
    public func makeView() -> UIView { UIImageView() }
    /// Sets the image, tint and content mode.
    public func updateView(_ view: UIView) {
        guard let imageView = view as? UIImageView else { return }
        imageView.image = image.image
        imageView.contentMode = image.contentMode
        if let tint = image.tintColor { imageView.tintColor = tint }
    }
}
