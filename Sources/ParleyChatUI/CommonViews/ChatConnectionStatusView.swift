import Foundation
import ParleyChat
import ParleyUIKit

/// A one-line banner saying the client is not connected: "Connecting…" while it connects, and
/// "Offline — messages will be sent when you're back online" while it cannot reach the server.
/// Hidden while connected (always, with the embedded backend).
///
/// The channel list shows it above its rows; the channel header shows the same text as its
/// subtitle.
@preconcurrency @MainActor
open class ChatConnectionStatusView: _View {
    /// The status shown.
    public var content: ConnectionStatus = .connected {
        didSet { updateContentIfNeeded() }
    }

    /// The label with the text.
    open private(set) lazy var statusLabel: UILabel = UILabel()

    /// Creates the banner.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// What to say about `status`, or `nil` while connected.
    package static func text(for status: ConnectionStatus, l10n: L10n) -> String? {
        switch status {
        case .connected: nil
        case .initialized, .connecting, .disconnecting: l10n.tr("connection.connecting")
        case .disconnected: l10n.tr("connection.offline")
        }
    }

    /// The text shown for ``content`` (`connection.connecting` or `connection.offline`), `nil`
    /// while connected.
    open var statusText: String? { Self.text(for: content, l10n: appearance.l10n) }

    /// Adds the label.
    open override func setUpLayout() {
        super.setUpLayout()
        if statusLabel.superview !== self { addSubview(statusLabel) }
    }

    /// A quiet band in the secondary background with centred footnote text.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background2
        statusLabel.textColor = appearance.colorPalette.subtitleText
        statusLabel.font = appearance.fonts.footnote
        statusLabel.textAlignment = .center
        statusLabel.numberOfLines = 2
    }

    /// Shows the text, hidden while connected.
    open override func updateContent() {
        super.updateContent()
        let text = statusText
        statusLabel.text = text
        statusLabel.accessibilityIdentifier = "connection-status"
        isHidden = text == nil
    }

    /// The banner's height at `width`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let label = statusLabel.sizeThatFits(CGSize(width: max(0, size.width - 24), height: .greatestFiniteMagnitude))
        return CGSize(width: size.width, height: ceil(label.height) + 12)
    }

    /// The label fills the banner, inset.
    open override func layoutSubviews() {
        super.layoutSubviews()
        statusLabel.frame = bounds.insetBy(dx: 12, dy: 6)
    }
}
