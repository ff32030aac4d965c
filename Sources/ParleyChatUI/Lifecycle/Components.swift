import Foundation
import ParleyChat
import ParleyUIKit

/// Every swappable view type of the chat UI, plus a few behaviours.
///
/// Replace a type with your subclass as early as possible (before the views are created), e.g. in
/// your scene delegate:
///
/// ```swift
/// Components.default.avatarView = RectAvatarView.self
/// ```
///
/// Views read their components when they set themselves up, so every avatar — in the channel
/// list, the message list and the reaction authors — becomes a `RectAvatarView`.
public struct Components {
    /// The components with Parley's default types.
    public init() {}

    /// Every avatar: channel list, message list, reaction authors.
    public var avatarView: ChatAvatarView.Type = ChatAvatarView.self
    /// The unread badge in channel list rows.
    public var channelUnreadCountView: ChatChannelUnreadCountView.Type = ChatChannelUnreadCountView.self

    /// The components every chat view uses unless given others.
    @MainActor public static var `default` = Components()
}

/// Something that creates its subviews from `Components`: every chat view and controller.
@MainActor
public protocol ComponentsProvider: AnyObject {
    /// The component types this object creates subviews from; `Components.default` unless set.
    var components: Components { get set }
}
