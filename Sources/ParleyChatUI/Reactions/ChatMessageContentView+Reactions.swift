import Foundation
import ParleyChat
import ParleyUIKit

/// The message row's reactions bubble (issue 8): above the message bubble, on its top corner
/// away from the screen edge, overlapping it by `reactionsBubbleOverlap` so the tail touches it.
extension ChatMessageContentView {
    /// How far the reactions bubble reaches down over the message bubble.
    var reactionsBubbleOverlap: CGFloat { 8 }

    /// Taps on the bubble go to the delegate.
    func setUpReactionsBubble() {
        reactionsBubbleView.onTap = { [weak self] in
            guard let self else { return }
            self.delegate?.messageContentViewDidTapOnReactionsView(self)
        }
    }

    /// The main container's top: the row's top, or (with `.reactions`) just under the reactions
    /// bubble's capsule.
    func mainContainerTopConstraint(for options: ChatMessageLayoutOptions) -> NSLayoutConstraint {
        guard options.contains(.reactions) else {
            return mainContainer.topAnchor.constraint(equalTo: topAnchor)
        }
        if reactionsBubbleView.superview !== self {
            reactionsBubbleView.translatesAutoresizingMaskIntoConstraints = false
            addSubview(reactionsBubbleView)
        }
        return mainContainer.topAnchor.constraint(equalTo: reactionsBubbleView.bottomAnchor, constant: -reactionsBubbleOverlap)
    }

    /// Places the bubble on the message's corner (kept inside the margins); removes it without
    /// `.reactions`.
    func reactionsBubbleConstraints(for options: ChatMessageLayoutOptions) -> [NSLayoutConstraint] {
        guard options.contains(.reactions) else {
            reactionsBubbleView.removeFromSuperview()
            return []
        }
        bringSubviewToFront(reactionsBubbleView)
        let anchor: UIView = (options.contains(.bubble) ? bubbleView : textView) ?? bubbleThreadFootnoteContainer
        let reach: CGFloat = 22
        let position: NSLayoutConstraint
        let bound: NSLayoutConstraint
        if options.contains(.flipped) {
            reactionsBubbleView.tailDirection = .toTrailing
            position = reactionsBubbleView.trailingAnchor.constraint(equalTo: anchor.leadingAnchor, constant: reach)
            bound = reactionsBubbleView.leadingAnchor.constraint(greaterThanOrEqualTo: layoutMarginsGuide.leadingAnchor)
        } else {
            reactionsBubbleView.tailDirection = .toLeading
            position = reactionsBubbleView.leadingAnchor.constraint(equalTo: anchor.trailingAnchor, constant: -reach)
            bound = reactionsBubbleView.trailingAnchor.constraint(lessThanOrEqualTo: layoutMarginsGuide.trailingAnchor)
        }
        position.priority = .defaultHigh
        return [reactionsBubbleView.topAnchor.constraint(equalTo: topAnchor), position, bound]
    }

    /// Shows the message's reactions (hidden where the channel disables them).
    func updateReactionsBubble(options: ChatMessageLayoutOptions) {
        guard options.contains(.reactions), let message = content,
              ChatMessageReactionsAvailability.showsReactions(of: message, in: channel)
        else {
            if reactionsBubbleView.superview != nil { reactionsBubbleView.content = nil }
            return
        }
        reactionsBubbleView.content = message
    }
}
