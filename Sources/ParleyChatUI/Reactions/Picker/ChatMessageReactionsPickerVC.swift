import Foundation
import ParleyChat
import ParleyUIKit

/// The reaction picker at the top of the message popup: a `components.reactionPickerBubbleView`
/// with every available reaction, the current user's highlighted. Tapping a reaction removes it
/// when it is the user's, or adds it (replacing the user's others when
/// `components.isUniqueReactionsEnabled`), then closes the popup. Failures are reported to
/// `onError` and never crash.
@preconcurrency @MainActor
open class ChatMessageReactionsPickerVC: _ViewController {
    /// The message to react to.
    public var message: ChatMessage? {
        didSet { updateContentIfNeeded() }
    }

    /// Reacts through this controller when set (else through `channelController`).
    public var messageController: ChatMessageController?
    /// Reacts through this controller when `messageController` is nil.
    public var channelController: ChatChannelController?

    /// Called after a reaction was toggled (the popup closes itself here).
    public var onReactionToggled: ((MessageReactionType) -> Void)?
    /// Called when adding or removing a reaction failed.
    public var onError: ((ChatError) -> Void)?

    /// The running add/remove request, if any (tests wait for it).
    public private(set) var pendingToggle: Task<Void, Never>?

    /// The picker's bubble.
    open private(set) lazy var reactionsBubble: ChatReactionPickerBubbleView = {
        let bubble = components.reactionPickerBubbleView.init(frame: .zero)
        bubble.components = components
        bubble.appearance = appearance
        return bubble
    }()

    /// Creates the picker.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Puts the bubble in the view.
    open override func setUpLayout() {
        super.setUpLayout()
        view.backgroundColor = nil
        view.isOpaque = false
        view.addSubview(reactionsBubble)
        reactionsBubble.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            reactionsBubble.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            reactionsBubble.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            reactionsBubble.topAnchor.constraint(equalTo: view.topAnchor),
            reactionsBubble.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }

    /// Every available reaction, marked as chosen where the current user chose it.
    open var pickerReactions: [ChatMessageReactionData] {
        let groups = message?.reactionGroups ?? [:]
        let own = Set(message?.currentUserReactions.map(\.type) ?? [])
        return appearance.images.availableReactions.keys.map { type in
            let group = groups[type]
            return ChatMessageReactionData(
                type: type, score: group?.score ?? 0, count: group?.count ?? 0,
                isChosenByCurrentUser: group?.isChosenByCurrentUser ?? own.contains(type),
                firstReactionAt: group?.firstReactionAt, lastReactionAt: group?.lastReactionAt)
        }
    }

    /// Fills the bubble.
    open override func updateContent() {
        super.updateContent()
        reactionsBubble.content = .init(useBigIcons: true, reactions: pickerReactions) { [weak self] type in
            self?.toggleReaction(type)
        }
    }

    /// The picker's natural size.
    open var preferredSize: CGSize {
        loadViewIfNeeded()
        return reactionsBubble.systemLayoutSizeFitting(.zero)
    }

    /// Removes the current user's reaction of `type` if there is one, else adds it; then calls
    /// `onReactionToggled`.
    open func toggleReaction(_ type: MessageReactionType) {
        guard let message else { return }
        let isChosen = message.reactionGroups[type]?.isChosenByCurrentUser == true
            || message.currentUserReactions.contains { $0.type == type }
        let unique = components.isUniqueReactionsEnabled
        let messageController = self.messageController
        let channelController = self.channelController
        let messageId = message.id
        let onError = self.onError
        pendingToggle = Task { @MainActor in
            do throws(ChatError) {
                if let messageController {
                    if isChosen { try await messageController.removeReaction(type) }
                    else { try await messageController.addReaction(type, enforceUnique: unique) }
                } else if let channelController {
                    if isChosen { try await channelController.removeReaction(type, from: messageId) }
                    else { try await channelController.addReaction(type, to: messageId, enforceUnique: unique) }
                }
            } catch {
                onError?(error)
            }
        }
        onReactionToggled?(type)
    }
}
