import Foundation
import ParleyChat
import ParleyUIKit

/// The popup over a message: a dimmed backdrop, the reaction picker on top, a copy of the message
/// where it was (kept on screen), and below it either the message actions (long press) or the
/// reaction authors (tap on the reactions). Tapping the backdrop closes it.
///
/// The message list builds it with ``make(message:channel:channelController:messageController:messageView:showsReactionAuthors:components:appearance:actionsDelegate:)``
/// and presents it: `present(popup, animated: true)`.
@preconcurrency @MainActor
open class ChatMessagePopupVC: _ViewController {
    /// The message the popup is about.
    public var message: ChatMessage?
    /// The message's channel.
    public var channel: ChatChannel?
    /// The copy of the message shown in the middle (a configured message view or a snapshot).
    public var messageContentView: UIView?
    /// Where the message is on screen, in window coordinates; the copy is placed there.
    public var messageViewFrame: CGRect = .zero
    /// The message's view in the list: hidden while the popup shows its copy, shown again when
    /// the popup disappears.
    public weak var sourceMessageView: UIView?
    /// The reaction picker on top; `nil` when the message cannot take reactions.
    public var reactionsController: ChatMessageReactionsPickerVC?
    /// The actions below the message (long press).
    public var actionsController: ChatMessageActionsVC?
    /// The reaction authors below the message (tap on the reactions).
    public var reactionAuthorsController: ChatMessageReactionAuthorsVC?

    /// The dimmed backdrop; a tap on it dismisses the popup.
    open private(set) lazy var backdropView = UIView()
    /// Holds the copy of the message.
    open private(set) lazy var messageContainerView = UIView()

    /// Space kept between the popup's parts and the screen's edges.
    open var margin: CGFloat { 12 }
    /// Space between the picker, the message and the bottom part.
    open var spacing: CGFloat { 8 }

    /// Whether the message is the current user's (laid out on the trailing side).
    open var isFlipped: Bool { message?.isSentByCurrentUser ?? false }

    /// Creates the popup: over the full screen, cross-dissolving.
    public required init() {
        super.init()
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Dismisses on a backdrop tap; closes after a pick or an action.
    open override func setUp() {
        super.setUp()
        backdropView.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.dismiss(animated: true) })
        reactionsController?.onReactionToggled = { [weak self] _ in self?.dismiss(animated: true) }
        actionsController?.onFinish = { [weak self] in self?.dismiss(animated: true) }
        sourceMessageView?.isHidden = true
    }

    /// Shows the message's view in the list again.
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        sourceMessageView?.isHidden = false
    }

    /// Backdrop, message copy, picker and bottom part.
    open override func setUpLayout() {
        super.setUpLayout()
        view.addSubview(backdropView)
        view.addSubview(messageContainerView)
        messageContainerView.clipsToBounds = true
        if messageContentView == nil, sourceMessageView != nil {
            // A picture of the message's view, redrawn on light/dark changes.
            let snapshot = UIImageView()
            // When the popup must shrink the copy, the message itself (at the bottom) stays.
            snapshot.contentMode = .bottomLeft
            messageSnapshotView = snapshot
            messageContentView = snapshot
        }
        if let messageContentView {
            messageContainerView.addSubview(messageContentView)
            messageContentView.isUserInteractionEnabled = false
        }
        for child in [reactionsController, actionsController, reactionAuthorsController].compactMap({ $0 as UIViewController? }) {
            addChild(child)
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
        if let picker = reactionsController?.reactionsBubble as? DefaultChatReactionPickerBubbleView {
            picker.tailPosition = isFlipped ? .trailing : .leading
        }
    }

    /// The backdrop's colour.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = nil
        view.isOpaque = false
        backdropView.backgroundColor = appearance.colorPalette.overlayBackground
        if let snapshot = messageSnapshotView, let source = sourceMessageView {
            let wasHidden = source.isHidden
            source.isHidden = false
            snapshot.image = source.renderImage(scale: max(2, source.traitCollection.displayScale),
                                                userInterfaceStyle: traitCollection.userInterfaceStyle)
            source.isHidden = wasHidden
        }
    }

    /// The picture of `sourceMessageView` used as the copy when no `messageContentView` was given.
    public private(set) var messageSnapshotView: UIImageView?

    /// Places everything.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutPopup()
    }

    /// The frames of the picker, the message copy and the bottom part in `bounds`.
    public struct Layout: Equatable, Sendable {
        /// The picker's frame (zero without a picker).
        public var picker: CGRect
        /// The message copy's frame.
        public var message: CGRect
        /// The actions' or authors' frame (zero without either).
        public var bottom: CGRect
    }

    /// Computes the layout: the message stays where it was when everything fits, else it moves
    /// (and, if it must, shrinks) so the picker and the bottom part stay on screen.
    open func computeLayout(in bounds: CGRect) -> Layout {
        let width = bounds.width
        let available = max(0, width - 2 * margin)
        var pickerSize = reactionsController?.preferredSize ?? .zero
        pickerSize.width = min(pickerSize.width, available)
        var bottomSize = CGSize.zero
        if let actionsController, !actionsController.messageActions.isEmpty {
            bottomSize = actionsController.preferredSize(width: min(available, 260))
        } else if let reactionAuthorsController {
            bottomSize = reactionAuthorsController.preferredSize(width: min(available, 420))
        }
        let topReach = pickerSize.height > 0 ? pickerSize.height + spacing : 0
        let bottomReach = bottomSize.height > 0 ? bottomSize.height + spacing : 0
        let source = view.convert(messageViewFrame, from: nil)
        var messageFrame = source.isNull || source.isEmpty
            ? CGRect(x: margin, y: bounds.midY - 30, width: available, height: 60) : source
        let room = bounds.height - 2 * margin - topReach - bottomReach
        if messageFrame.height > room { messageFrame.size.height = max(min(messageFrame.height, 40), room) }
        let minY = bounds.minY + margin + topReach
        let maxY = bounds.maxY - margin - bottomReach - messageFrame.height
        messageFrame.origin.y = maxY < minY ? minY : min(max(messageFrame.minY, minY), maxY)

        // The trailing side is the left one right to left. The picker and the actions line up
        // with the message's column (its row spans the list, which is a split view's secondary
        // column on a wide window, not the whole window), kept inside the popup.
        let onRight = isFlipped != (view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        func aligned(_ size: CGSize) -> CGRect {
            let x = onRight ? messageFrame.maxX - margin - size.width : messageFrame.minX + margin
            let inside = min(max(x, bounds.minX + margin), bounds.maxX - margin - size.width)
            return CGRect(x: inside, y: 0, width: size.width, height: size.height)
        }
        var picker = CGRect.zero
        if pickerSize.height > 0 {
            picker = aligned(pickerSize)
            picker.origin.y = messageFrame.minY - spacing - pickerSize.height
        }
        var bottom = CGRect.zero
        if bottomSize.height > 0 {
            bottom = reactionAuthorsController != nil && actionsController == nil
                ? CGRect(x: bounds.midX - bottomSize.width / 2, y: 0, width: bottomSize.width, height: bottomSize.height)
                : aligned(bottomSize)
            bottom.origin.y = messageFrame.maxY + spacing
        }
        return Layout(picker: picker, message: messageFrame, bottom: bottom)
    }

    /// Applies `computeLayout(in:)`.
    open func layoutPopup() {
        backdropView.frame = view.bounds
        let layout = computeLayout(in: view.bounds)
        messageContainerView.frame = layout.message
        messageContentView?.frame = messageContainerView.bounds
        reactionsController?.view.frame = layout.picker
        reactionsController?.view.isHidden = layout.picker.isEmpty
        let bottom = actionsController?.view ?? reactionAuthorsController?.view
        bottom?.frame = layout.bottom
        bottom?.isHidden = layout.bottom.isEmpty
    }

    /// Sends the refusals of the popup's actions and reactions (a delete the server refuses, a
    /// reaction in a channel frozen meanwhile) to `router` as error alerts, unless the actions or
    /// the picker already have their own `onError`. The screens that present the popup call it
    /// with a router on themselves, since the popup is gone by the time a refusal arrives.
    public func reportErrors(to router: AlertsRouter) {
        let report: (ChatError) -> Void = { [router] error in router.showErrorAlert(for: error) }
        if let actionsController, actionsController.onError == nil { actionsController.onError = report }
        if let reactionsController, reactionsController.onError == nil { reactionsController.onError = report }
    }

    // MARK: Building

    /// A popup for `message` built from `components`: with the picker when the message can take
    /// reactions, and with the actions (`showsReactionAuthors == false`, the long press) or the
    /// reaction authors (a tap on the reactions). Returns nil when there is nothing to show (a
    /// tap on reactions in a channel without reactions, a message without actions or picker).
    ///
    /// `messageView` is the message's view on screen: its frame places the copy; the copy is a
    /// picture of it (set `messageContentView` on the result to show a live view instead).
    public static func make(
        message: ChatMessage,
        channel: ChatChannel?,
        channelController: ChatChannelController?,
        messageController: ChatMessageController? = nil,
        messageView: UIView?,
        showsReactionAuthors: Bool,
        components: Components = .default,
        appearance: Appearance = .default,
        actionsDelegate: (any ChatMessageActionsVCDelegate)? = nil
    ) -> ChatMessagePopupVC? {
        let popup = components.messagePopupVC.init()
        popup.components = components
        popup.appearance = appearance
        popup.message = message
        popup.channel = channel
        if ChatMessageReactionsAvailability.allowsPickingReaction(for: message, in: channel) {
            let picker = components.reactionPickerVC.init()
            picker.components = components
            picker.appearance = appearance
            picker.message = message
            picker.messageController = messageController
            picker.channelController = channelController
            popup.reactionsController = picker
        }
        if showsReactionAuthors {
            guard ChatMessageReactionsAvailability.showsReactionAuthors(of: message, in: channel) else { return nil }
            let authors = components.reactionAuthorsVC.init()
            authors.components = components
            authors.appearance = appearance
            authors.message = message
            if let messageController {
                try? messageController.synchronize()
                authors.messageController = messageController
            } else if let client = channelController?.client {
                let controller = client.messageController(cid: message.cid, messageId: message.id)
                try? controller.synchronize()
                authors.messageController = controller
            }
            popup.reactionAuthorsController = authors
        } else {
            let actions = components.messageActionsVC.init()
            actions.components = components
            actions.appearance = appearance
            actions.message = message
            actions.channel = channel
            actions.channelController = channelController
            actions.delegate = actionsDelegate
            if actions.messageActions.isEmpty && popup.reactionsController == nil { return nil }
            popup.actionsController = actions
        }
        if let messageView {
            popup.messageViewFrame = messageView.convert(messageView.bounds, to: nil)
            popup.sourceMessageView = messageView
        }
        return popup
    }
}
