import Foundation
import Parley
import Testing

/// Fixed dates, users and messages for the reaction tests.
enum ReactionFixtures {
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)
    static let me = ChatUser(id: "alice", name: "Alice Liddell")
    static let bob = ChatUser(id: "bob", name: "Bob Builder")
    static let carol = ChatUser(id: "carol", name: "Carol Danvers")

    /// A message with reaction groups `(type, count, score, chosen by me)`.
    static func message(
        id: String = "m1", text: String = "Lunch at noon?", own: Bool = false,
        groups: [(MessageReactionType, Int, Int, Bool)], localState: LocalMessageState = .synced
    ) -> ChatMessage {
        var reactionGroups: [MessageReactionType: ChatMessageReactionData] = [:]
        var mine: [ChatMessageReaction] = []
        for (type, count, score, chosen) in groups {
            reactionGroups[type] = ChatMessageReactionData(type: type, score: score, count: count, isChosenByCurrentUser: chosen)
            if chosen {
                mine.append(ChatMessageReaction(messageId: id, type: type, score: 1, author: me, createdAt: epoch, updatedAt: epoch))
            }
        }
        return ChatMessage(
            id: id, cid: ChannelId(type: .messaging, id: "general"), text: text, author: own ? me : bob,
            createdAt: epoch, currentUserReactions: mine, reactionGroups: reactionGroups,
            localState: localState, isSentByCurrentUser: own)
    }

    /// love ×3 (mine), haha ×1, like ×2 (mine), wow ×1 — several reactions, yours and others'.
    static var mixed: ChatMessage {
        message(groups: [(.love, 3, 3, true), (.haha, 1, 1, false), (.like, 2, 5, true), (.wow, 1, 1, false)])
    }

    /// A bubble for `message`, set up in a container and laid out at its natural size.
    @MainActor
    static func bubble(for message: ChatMessage, type: ChatReactionsBubbleView.Type? = nil) -> (UIView, ChatReactionsBubbleView) {
        let bubbleType = type ?? Components.default.messageReactionsBubbleView
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let bubble = bubbleType.init(frame: .zero)
        container.addSubview(bubble)
        bubble.content = message
        let size = bubble.intrinsicContentSize
        bubble.frame = CGRect(origin: CGPoint(x: 10, y: 10), size: size)
        container.layoutIfNeeded()
        return (container, bubble)
    }

    /// A picker VC for `message`, laid out at its preferred size.
    @MainActor
    static func picker(for message: ChatMessage) -> ChatMessageReactionsPickerVC {
        let picker = Components.default.reactionPickerVC.init()
        picker.message = message
        picker.loadViewIfNeeded()
        let size = picker.preferredSize
        picker.view.frame = CGRect(origin: .zero, size: size)
        picker.view.layoutIfNeeded()
        return picker
    }

    /// The types of the items, in order.
    @MainActor
    static func types(_ view: ChatMessageReactionsView) -> [String] {
        view.itemViews.map { $0.content?.reaction.type.rawValue ?? "?" }
    }
}

/// Pixel helpers.
extension RGBAPixels {
    /// Pixels in `rect` (pixel coordinates) that satisfy `predicate`.
    func count(in rect: CGRect, where predicate: (UInt8, UInt8, UInt8, UInt8) -> Bool) -> Int {
        var n = 0
        let x0 = max(0, Int(rect.minX)), x1 = min(width, Int(rect.maxX))
        let y0 = max(0, Int(rect.minY)), y1 = min(height, Int(rect.maxY))
        guard x0 < x1, y0 < y1 else { return 0 }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = self[x, y]
                if predicate(p.r, p.g, p.b, p.a) { n += 1 }
            }
        }
        return n
    }
}
