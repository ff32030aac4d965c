import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The registry of loaded channel screens: what the factory's default "N replies" and reactions
// overlay reach when they open a thread or toggle a reaction.

extension ChatChannelView {
    fileprivate static var screens: [WeakScreen] = []

    fileprivate struct WeakScreen {
        weak var screen: ChatChannelView?
    }

    static func register(_ screen: ChatChannelView) {
        screens.removeAll { $0.screen == nil }
        screens.append(WeakScreen(screen: screen))
    }

    /// The newest loaded channel screen of `cid`, if any.
    static func newestScreen(showing cid: ChannelId) -> ChatChannelView? {
        screens.removeAll { $0.screen == nil }
        return screens.last(where: { $0.screen?.channelController?.cid == cid && $0.screen?.isViewLoaded == true })?.screen
    }

    /// Opens the thread of `message` from the newest channel screen showing its channel (what the
    /// default "N replies" does).
    public static func showThread(of message: ChatMessage) {
        guard let screen = newestScreen(showing: message.cid) else { return }
        screen.showThread(of: message)
    }

    /// Toggles the current user's reaction of `type` on `message` from the newest channel screen
    /// showing its channel (what the factory's default reactions overlay does), so a refusal is
    /// shown there. Returns `false` when no screen shows that channel.
    @discardableResult
    public static func toggleReaction(_ type: MessageReactionType, on message: ChatMessage) -> Bool {
        guard let screen = newestScreen(showing: message.cid) else { return false }
        screen.toggleReaction(type, on: message)
        return true
    }
}
