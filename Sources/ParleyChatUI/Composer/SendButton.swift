import Foundation
import ParleyChat
import ParleyUIKit

/// The composer's send button: `appearance.images.sendArrow` drawn as a template, in the brand
/// colour (`tintColor`, inherited from the window) when enabled and in
/// `colorPalette.inactiveTint` when disabled. In ``Mode-swift.enum/edit`` it shows
/// `appearance.images.confirmCheckmark` instead.
///
/// ```swift
/// Appearance.default.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!
/// ```
///
/// The composer controller enables it only when there is something to send.
@preconcurrency @MainActor
open class SendButton: _Button {
    /// What pressing the button does.
    public enum Mode: Sendable, Equatable {
        /// Sends a new message (the send arrow).
        case send
        /// Saves an edited message (the checkmark).
        case edit
    }

    /// Whether the button sends or confirms an edit; changing it updates the image.
    open var mode: Mode = .send {
        didSet { if mode != oldValue { updateContentIfNeeded() } }
    }

    /// Creates the button.
    public required init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Labels the button for accessibility.
    open override func setUp() {
        super.setUp()
        accessibilityLabel = appearance.l10n.tr("composer.send")
    }

    /// A 38-point square around the 20-point icon: as tall as one line of the input, so the
    /// icon centres on the last line.
    open override func setUpLayout() {
        super.setUpLayout()
        contentEdgeInsets = UIEdgeInsets(top: 9, left: 9, bottom: 9, right: 9)
        setContentHuggingPriority(.required, for: .horizontal)
        setContentCompressionResistancePriority(.required, for: .horizontal)
    }

    /// The image for the mode, tinted for the enabled state.
    open override func setUpAppearance() {
        super.setUpAppearance()
        updateContent()
    }

    /// Shows the send arrow or the checkmark.
    open override func updateContent() {
        super.updateContent()
        let image = mode == .edit ? appearance.images.confirmCheckmark : appearance.images.sendArrow
        setImage(image.withRenderingMode(.alwaysTemplate), for: .normal)
        accessibilityLabel = appearance.l10n.tr(mode == .edit ? "composer.save" : "composer.send")
        toolTip = accessibilityLabel
        updateImageTint()
    }

    /// Re-tints the image when enabled or disabled.
    open override func stateDidChange() {
        super.stateDidChange()
        updateImageTint()
    }

    /// Follows the brand colour.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateImageTint()
    }

    /// The colour of the image in the current state: the tint colour when enabled,
    /// `colorPalette.inactiveTint` when disabled.
    open var currentImageTintColor: UIColor {
        isEnabled ? tintColor : appearance.colorPalette.inactiveTint
    }

    private func updateImageTint() {
        imageView?.tintColor = currentImageTintColor
        imageView?.alpha = isHighlighted ? 0.5 : 1
    }
}
