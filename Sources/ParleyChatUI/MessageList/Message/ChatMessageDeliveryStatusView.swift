import Foundation
import ParleyChat
import ParleyUIKit

/// Where the current user's message stands, as a small icon after its time: a clock while it is
/// being sent, a check once sent, a double check once another member read it.
@preconcurrency @MainActor
open class ChatMessageDeliveryStatusView: _View {
    /// The delivery states a message can show.
    public enum Status: Equatable, Sendable {
        /// Not accepted by the backend yet.
        case pending
        /// Accepted, nobody else has read it.
        case sent
        /// Read by at least one other member.
        case read
    }

    /// The message whose status is shown; nil (or a failed message) shows nothing.
    public var content: ChatMessage? {
        didSet { if lifecycle.isInitialized { updateContent() } }
    }

    /// The icon.
    open private(set) lazy var imageView = UIImageView()

    /// The status shown for `content`; nil when there is none to show.
    open var status: Status? {
        guard let message = content, message.isSentByCurrentUser, !message.isDeleted else { return nil }
        switch message.localState {
        case .pending, .sending: return .pending
        case .sendingFailed: return nil
        case .synced, .deleting: return message.readBy.isEmpty ? .sent : .read
        }
    }

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The icon fills the view.
    open override func setUpLayout() {
        super.setUpLayout()
        imageView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(imageView)
        NSLayoutConstraint.activate(edgeConstraints(pinning: imageView) + [
            imageView.widthAnchor.constraint(equalToConstant: 14),
            imageView.heightAnchor.constraint(equalToConstant: 14),
        ])
    }

    /// Scales the icon to fit.
    open override func setUpAppearance() {
        super.setUpAppearance()
        imageView.contentMode = .scaleAspectFit
    }

    /// Picks the icon and colour: pending in low emphasis, sent and read in the tint colour.
    open override func updateContent() {
        super.updateContent()
        let images = appearance.images
        switch status {
        case .pending:
            imageView.image = images.messageDeliveryStatusPending.withRenderingMode(.alwaysTemplate)
            imageView.tintColor = appearance.colorPalette.textLowEmphasis
        case .sent:
            imageView.image = images.messageDeliveryStatusSent.withRenderingMode(.alwaysTemplate)
            imageView.tintColor = nil
        case .read:
            imageView.image = images.messageDeliveryStatusRead.withRenderingMode(.alwaysTemplate)
            imageView.tintColor = nil
        case nil:
            imageView.image = nil
        }
        accessibilityLabel = status.map {
            switch $0 {
            case .pending: appearance.l10n.tr("message.delivery-status.pending")
            case .sent: appearance.l10n.tr("message.delivery-status.sent")
            case .read: appearance.l10n.tr("message.delivery-status.read")
            }
        }
    }
}
