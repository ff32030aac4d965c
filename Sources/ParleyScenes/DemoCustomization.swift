import Foundation
import Parley

/// The seeds' customization examples, by the names `parley demo --customize` and the render
/// scenes use. Each applies the seed's code (the classes are in ``SeedExamples``).
public enum DemoCustomization: String, CaseIterable, Sendable {
    /// Seed 000: rectangular avatars everywhere (`Components.default.avatarView`).
    case rectAvatars = "rect-avatars"
    /// Seed 001: the brand colour set on the window (`tintColor = .systemPink`).
    case pinkTint = "pink-tint"
    /// Seed 001: `Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)`.
    case italicBody = "italic-body"
    /// Seed 001: `Appearance.default.colorPalette.background6 = .yellow`.
    case yellowBubbles = "yellow-bubbles"
    /// Seed 001: `Appearance.default.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!`.
    case sendArrow = "send-arrow"

    /// Applies the process-wide part (Components, Appearance); call before creating chat views.
    @MainActor
    public func apply() {
        switch self {
        case .rectAvatars:
            Components.default.avatarView = SeedExamples.RectAvatarView.self
        case .italicBody:
            Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)
        case .yellowBubbles:
            Appearance.default.colorPalette.background6 = .yellow
        case .sendArrow:
            if let image = UIImage(systemName: "arrowshape.turn.up.right") { Appearance.default.images.sendArrow = image }
        case .pinkTint:
            break
        }
    }

    /// Applies the window-level part (the brand colour).
    @MainActor
    public func apply(to window: UIWindow) {
        if self == .pinkTint { window.tintColor = .systemPink }
    }
}

/// The seeds' example classes, as the seeds write them, for the demo and the render scenes.
public enum SeedExamples {
    /// Seed 000's rectangular avatar.
    open class RectAvatarView: ChatAvatarView {
        /// Corner radius 3 instead of a circle.
        open override func setUpAppearance() {
            super.setUpAppearance()
            imageView.layer.cornerRadius = 3
        }
    }
}
