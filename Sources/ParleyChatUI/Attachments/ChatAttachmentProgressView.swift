import Foundation
import ParleyChat
import ParleyUIKit

/// A thin bar showing how far an attachment's upload or download is: a track in `background3`
/// and the done part in `accentPrimary` (full, in `alert`, once failed). Hidden when there is
/// nothing to show.
///
/// It follows the attachment given to ``show(_:messageId:)`` in ``transfers`` by itself and
/// calls ``onDisplayChange`` when what it shows changes (its owner updates its text then).
@preconcurrency @MainActor
open class ChatAttachmentProgressView: _View {
    /// Where upload and download states are read (``ChatAttachmentTransfers/shared`` by default).
    public var transfers: ChatAttachmentTransfers = .shared {
        didSet {
            observe()
            refresh()
        }
    }

    /// The transfer shown now, if one is under way or failed.
    public private(set) var display: ChatAttachmentTransferDisplay?

    /// Called after ``display`` changed on its own (a transfer moved on).
    public var onDisplayChange: (() -> Void)?

    /// The bar's progress, from 0 to 1 (`nil`: hidden or failed).
    public var progress: Double? { display?.progress }

    /// Whether the transfer failed.
    public var isFailed: Bool { display?.isFailed ?? false }

    /// The part done.
    open private(set) lazy var fillView = UIView()

    private var attachment: ChatMessageAttachment?
    private var messageId: MessageId?
    private var observer: ChatAttachmentTransferObserver?

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Shows the transfer of `attachment` of message `messageId` (its upload), or of its remote file (its download).
    open func show(_ attachment: ChatMessageAttachment?, messageId: MessageId?) {
        self.attachment = attachment
        self.messageId = messageId
        display = attachment.flatMap { ChatAttachmentTransferDisplay.of($0, messageId: messageId, in: transfers) }
        if lifecycle.isInitialized { updateContent() }
    }

    /// Follows the transfers.
    open override func setUp() {
        super.setUp()
        observe()
    }

    /// Adds the fill.
    open override func setUpLayout() {
        super.setUpLayout()
        addSubview(fillView)
    }

    /// Round ends; the track and fill colors.
    open override func setUpAppearance() {
        super.setUpAppearance()
        backgroundColor = appearance.colorPalette.background3
        layer.cornerRadius = 2
        clipsToBounds = true
        fillView.layer.cornerRadius = 2
    }

    /// Shows or hides the bar and sizes the fill.
    open override func updateContent() {
        super.updateContent()
        isHidden = display == nil
        fillView.backgroundColor = isFailed ? appearance.colorPalette.alert : appearance.colorPalette.accentPrimary
        setNeedsLayout()
    }

    /// The fill spans the done part (from the trailing edge in right-to-left layouts).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let done = isFailed ? 1 : CGFloat(min(1, max(0, progress ?? 0)))
        let width = bounds.width * done
        let x = effectiveUserInterfaceLayoutDirection == .rightToLeft ? bounds.maxX - width : bounds.minX
        fillView.frame = CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
    }

    /// 4 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 4) }

    private func observe() {
        observer = ChatAttachmentTransferObserver(transfers) { [weak self] in self?.refresh() }
    }

    private func refresh() {
        let current = attachment.flatMap { ChatAttachmentTransferDisplay.of($0, messageId: messageId, in: transfers) }
        guard current != display else { return }
        display = current
        if lifecycle.isInitialized { updateContent() }
        onDisplayChange?()
    }
}

/// What an attachment view shows of a transfer: an upload of the message's attachment, else a
/// download of its remote file.
public enum ChatAttachmentTransferDisplay: Sendable, Hashable {
    /// An upload: its state.
    case upload(LocalAttachmentState)
    /// A download: its state.
    case download(LocalAttachmentDownloadState)

    /// The transfer of `attachment` (of message `messageId`) in `transfers`, if one is under way
    /// or failed; `nil` when there is nothing to show (none, or finished).
    public static func of(
        _ attachment: ChatMessageAttachment, messageId: MessageId?, in transfers: ChatAttachmentTransfers
    ) -> ChatAttachmentTransferDisplay? {
        if let messageId, let upload = transfers.uploadingState(messageId: messageId, attachmentId: attachment.id),
           upload.state != .uploaded {
            return .upload(upload.state)
        }
        let remote = attachment.imagePayload?.remoteURL ?? attachment.filePayload?.remoteURL
        if let remote, let download = transfers.downloadingState(for: remote), download.state != .downloaded {
            return .download(download.state)
        }
        return nil
    }

    /// The bar's progress (`nil` for a failed transfer or a pending upload: the bar then shows
    /// full in the alert color, or empty).
    public var progress: Double? {
        switch self {
        case .upload(.uploading(let progress)), .download(.downloading(let progress)): progress
        case .upload(.pendingUpload): 0
        default: nil
        }
    }

    /// Whether the transfer failed.
    public var isFailed: Bool { self == .upload(.uploadingFailed) || self == .download(.downloadingFailed) }

    /// The words for it ("Uploading 42%").
    @MainActor func text(_ l10n: L10n) -> String {
        switch self {
        case .upload(.pendingUpload): l10n.tr("attachment.upload-pending")
        case .upload(.uploading(let progress)): l10n.tr("attachment.uploading", .int(Int((progress * 100).rounded(.down))))
        case .download(.downloading(let progress)): l10n.tr("attachment.downloading", .int(Int((progress * 100).rounded(.down))))
        case .upload(.uploadingFailed), .upload(.uploaded): l10n.tr("attachment.upload-failed")
        case .download(.downloadingFailed), .download(.downloaded): l10n.tr("attachment.download-failed")
        }
    }
}

/// Runs a block on the main actor whenever ``ChatAttachmentTransfers`` posts a change, for as long as it lives.
@preconcurrency @MainActor
final class ChatAttachmentTransferObserver {
    private var token: (any NSObjectProtocol)?

    init(_ transfers: ChatAttachmentTransfers, onChange: @escaping @MainActor () -> Void) {
        token = NotificationCenter.default.addObserver(
            forName: ChatAttachmentTransfers.didChangeNotification, object: transfers, queue: nil
        ) { _ in
            MainActor.assumeIsolated { onChange() }
        }
    }

    isolated deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}
