import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The default long-press overlay: the screen dimmed, the pressed message raised above it, the
/// reaction picker (`Appearance.default.images.availableReactions`, alphabetical) just above the
/// message and a "Reply" action below it. The current user's reactions show in the tint colour;
/// tapping one toggles it, tapping the backdrop closes the overlay.
///
/// The factory's default overlay takes its backdrop and picker from the factory's
/// ``ViewFactory/makeReactionsBackgroundView(currentSnapshot:popInAnimationInProgress:)`` and
/// ``ViewFactory/makeReactionsContentView(message:contentRect:onReactionTap:)``
/// (``init(channel:messageDisplayInfo:background:reactions:onReaction:onReply:onBackgroundTap:)``),
/// so overriding one of them changes that part only. Opened from the reactions under a message
/// (`showsMessageActions` false), it shows who reacted (the factory's
/// ``ViewFactory/makeReactionsUsersView(message:maxHeight:)``) where the actions go.
public struct ReactionsOverlayView: Component {
    /// The channel.
    public let channel: ChatChannel
    /// The message and its frame (in the overlay's coordinates).
    public let messageDisplayInfo: MessageDisplayInfo
    /// Toggles a reaction.
    public let onReaction: @MainActor (MessageReactionType) -> Void
    /// Replies to the message.
    public let onReply: @MainActor () -> Void
    /// Closes the overlay.
    public let onBackgroundTap: @MainActor () -> Void
    /// What the overlay is drawn over, filling it (`nil`: the palette's overlay colour).
    let background: (any Component)?
    /// The reaction picker above the message (`nil`: ``picker``).
    let reactions: (any Component)?
    /// Who reacted, under the message when it shows no actions (`nil`: nothing).
    let users: (any Component)?
    /// The message actions under the message (`nil`: ``actions``).
    let messageActions: (any Component)?
    /// The raised message (`nil`: ``messagePreview``).
    let preview: (any Component)?

    /// The overlay for `messageDisplayInfo`.
    public init(
        channel: ChatChannel, messageDisplayInfo: MessageDisplayInfo, onReaction: @escaping @MainActor (MessageReactionType) -> Void,
        onReply: @escaping @MainActor () -> Void, onBackgroundTap: @escaping @MainActor () -> Void
    ) {
        self.channel = channel
        self.messageDisplayInfo = messageDisplayInfo
        self.onReaction = onReaction
        self.onReply = onReply
        self.onBackgroundTap = onBackgroundTap
        self.background = nil
        self.reactions = nil
        self.users = nil
        self.messageActions = nil
        self.preview = nil
    }

    /// The overlay for `messageDisplayInfo` over `background` (tapping it closes the overlay),
    /// with `reactions` as its picker, `preview` as the raised message (laid out at the width of
    /// the message's frame; `nil`: ``messagePreview``) and `actions` under the message (at most
    /// 260 points wide; `nil`: the "Reply" action) or, when the message shows no actions, `users`.
    public init(
        channel: ChatChannel, messageDisplayInfo: MessageDisplayInfo, background: some Component, reactions: some Component,
        preview: (any Component)? = nil, actions: (any Component)? = nil, users: (any Component)? = nil,
        onReaction: @escaping @MainActor (MessageReactionType) -> Void, onReply: @escaping @MainActor () -> Void,
        onBackgroundTap: @escaping @MainActor () -> Void
    ) {
        self.channel = channel
        self.messageDisplayInfo = messageDisplayInfo
        self.onReaction = onReaction
        self.onReply = onReply
        self.onBackgroundTap = onBackgroundTap
        self.background = background
        self.reactions = reactions
        self.users = users
        self.messageActions = actions.map { AnyComponent(MaxWidth(content: AnyComponent($0), maxWidth: 260)) }
        self.preview = preview
    }

    /// The reaction picker: one button per available reaction.
    public var picker: some Component {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        let chosen = Set(messageDisplayInfo.message.currentUserReactions.map(\.type))
            .union(messageDisplayInfo.message.reactionGroups.filter { $0.value.isChosenByCurrentUser }.map(\.key))
        let types = appearance.images.availableReactions.keys.sorted { $0.rawValue < $1.rawValue }
        let onReaction = self.onReaction
        return HStack(spacing: 4, alignItems: .center) {
            for type in types {
                Image(appearance.images.availableReactions[type]?.largeIcon, tintColor: chosen.contains(type) ? nil : palette.inactiveTint)
                    .size(width: 28, height: 28)
                    .inset(6)
                    .tappable { onReaction(type) }
                    .id("reaction-\(type.rawValue)")
            }
        }
        .inset(h: 6, v: 2)
        .background(palette.popoverBackground, cornerRadius: 22)
    }

    /// The raised copy of the message.
    public var messagePreview: some Component {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        let message = messageDisplayInfo.message
        return Text(message.isDeleted ? appearance.l10n.tr("message.deleted") : message.text, font: appearance.fonts.body, textColor: palette.text, numberOfLines: 6)
            .inset(h: 12, v: 8)
            .background(message.isSentByCurrentUser ? palette.background6 : palette.background8, cornerRadius: 18)
    }

    /// The actions under the message.
    public var actions: some Component {
        let appearance = Appearance.default
        let palette = appearance.colorPalette
        return HStack(spacing: 10, alignItems: .center) {
            Image(appearance.images.messageActionInlineReply, tintColor: palette.text).size(width: 18, height: 18)
            Text(appearance.l10n.tr("message.actions.inline-reply"), font: appearance.fonts.body, textColor: palette.text, numberOfLines: 1)
        }
        .inset(h: 16, v: 10)
        .background(palette.popoverBackground, cornerRadius: 12)
        .tappable(onReply)
        .id("reply-action")
    }

    /// Fills the constraint. The raised message (id `message-preview`) is laid out at the width
    /// of the message's frame and sits on that frame, so it covers the message it copies; when the
    /// picker above or the actions below would not fit, it moves up or down as a whole.
    public func layout(_ constraint: Constraint) -> SlowRenderNode {
        let size = CGSize(width: constraint.maxSize.width.isFinite ? constraint.maxSize.width : 390,
                          height: constraint.maxSize.height.isFinite ? constraint.maxSize.height : 640)
        let palette = Appearance.default.colorPalette
        let backdrop = AnyComponent(background ?? ColorBox(palette.overlayBackground)).tappable(onBackgroundTap).id("overlay-backdrop")
            .layout(Constraint(tightSize: size))
        let margin: CGFloat = 8
        let inner = Constraint(maxSize: CGSize(width: max(0, size.width - 2 * margin), height: size.height))
        let pickerNode = AnyComponent(reactions ?? picker).layout(inner)
        var frame = messageDisplayInfo.frame
        let isPlaced = !frame.isEmpty && frame.origin.x.isFinite && frame.origin.y.isFinite && frame.width.isFinite
        let messageWidth = isPlaced ? frame.width : max(60, min(messageDisplayInfo.contentWidth, size.width - 2 * margin))
        let messageNode = AnyComponent(preview ?? AnyComponent(messagePreview)).id("message-preview")
            .layout(Constraint(minSize: CGSize(width: messageWidth, height: 0), maxSize: CGSize(width: messageWidth, height: .infinity)))
        let showsActions = messageDisplayInfo.showsMessageActions
        let lowerPart: (any Component)? = showsActions ? (messageActions ?? AnyComponent(actions)) : users
        let actionsNode = lowerPart.map { AnyComponent($0).layout(inner) }

        let isOwn = messageDisplayInfo.message.isSentByCurrentUser
        if !isPlaced {
            frame = CGRect(x: margin, y: (size.height - messageNode.size.height) / 2, width: messageNode.size.width, height: messageNode.size.height)
        }
        var messageOrigin = CGPoint(x: isOwn ? frame.maxX - messageNode.size.width : frame.minX, y: frame.minY)
        let above = pickerNode.size.height + 8
        let below = (actionsNode.map { $0.size.height + 8 }) ?? 0
        messageOrigin.y = min(max(messageOrigin.y, margin + above), size.height - margin - below - messageNode.size.height)
        messageOrigin.y = max(messageOrigin.y, margin)
        messageOrigin.x = min(max(messageOrigin.x, 0), max(0, size.width - messageNode.size.width))

        func clampX(_ x: CGFloat, _ width: CGFloat) -> CGFloat { min(max(x, margin), max(margin, size.width - margin - width)) }
        let pickerX = clampX(isOwn ? messageOrigin.x + messageNode.size.width - pickerNode.size.width : messageOrigin.x, pickerNode.size.width)
        let pickerOrigin = CGPoint(x: pickerX, y: max(margin, messageOrigin.y - above))
        var children: [any RenderNode] = [backdrop, pickerNode, messageNode]
        var positions: [CGPoint] = [.zero, pickerOrigin, messageOrigin]
        if let actionsNode {
            let x = clampX(isOwn ? messageOrigin.x + messageNode.size.width - actionsNode.size.width : messageOrigin.x, actionsNode.size.width)
            children.append(actionsNode)
            positions.append(CGPoint(x: x, y: messageOrigin.y + messageNode.size.height + 8))
        }
        return SlowRenderNode(size: size, children: children, positions: positions)
    }
}
