import Foundation
import ParleyChat
import ParleyUIKit

/// What a long press on a message hands to the screen: the message, where it is on screen and how
/// it is shown, so the reactions overlay can draw over it.
public struct MessageDisplayInfo: Sendable {
    /// The message pressed.
    public let message: ChatMessage
    /// The message's frame: in the window's coordinates when a container reports it, in the
    /// overlay's (the screen's bounds) when the screen hands it to the reactions overlay.
    public let frame: CGRect
    /// The width the message's content had.
    public let contentWidth: CGFloat
    /// Whether the message showed all its info (the last of a group: avatar, name, time).
    public let showsAllInfo: Bool
    /// Whether the overlay shows message actions (reply) besides the reactions.
    public let showsMessageActions: Bool

    /// Display info for `message` at `frame`.
    public init(message: ChatMessage, frame: CGRect, contentWidth: CGFloat, showsAllInfo: Bool, showsMessageActions: Bool = true) {
        self.message = message
        self.frame = frame
        self.contentWidth = contentWidth
        self.showsAllInfo = showsAllInfo
        self.showsMessageActions = showsMessageActions
    }
}

extension MessageDisplayInfo {
    /// The id of the default row's bubble of the message `id` in the list (the screen measures
    /// it, and hides it while the reactions overlay raises its copy).
    static func bubbleID(of id: MessageId) -> String { "message-bubble-" + id }
}
