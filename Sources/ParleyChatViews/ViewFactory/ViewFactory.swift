import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The slots of the declarative chat screens: each method makes one part of a screen, and a
/// custom factory overrides only the parts it wants to change.
///
/// Every slot has a default implementation (in an extension of this protocol), so a factory
/// starts as an empty class, and its methods return `some View`, as in SwiftUI:
///
/// ```swift
/// final class CustomFactory: ViewFactory {
///     static let shared = CustomFactory()
///
///     // Seed 002: a livestream-style list (Twitch): plain left-aligned text rows.
///     func makeMessageContainerView(
///         channel: ChatChannel,
///         message: ChatMessage,
///         width: CGFloat?,
///         showsAllInfo: Bool,
///         isInThread: Bool,
///         scrolledId: Binding<String?>,
///         quotedMessage: Binding<ChatMessage?>,
///         onLongPress: @escaping (MessageDisplayInfo) -> (),
///         isLast: Bool
///     ) -> some View {
///         HStack {
///             Text(message.text)
///             Spacer()
///         }
///         .padding(.horizontal, 8)
///         .padding(.bottom, showsAllInfo ? 8 : 2)
///         .padding(.top, isLast ? 8 : 0)
///     }
/// }
///
/// @main
/// struct ChatApp: App {
///     var body: some Scene {
///         WindowGroup { ChatChannelListView(viewFactory: CustomFactory.shared) }
///     }
/// }
/// ```
///
/// ## Views and components
///
/// The slots' views come from ParleySwiftUI, the SwiftUI-compatible layer (`View`, `@State`,
/// `HStack`, `Text`, `Image(systemName:)`, `Button`, `Color`, the modifiers). Every view is a
/// ParleyComponent ``Component`` — the same engine the UIKit-style screens put their rows in — so
/// a slot may also return a component written for that engine (`-> some Component`): the slots'
/// associated types only ask for a component.
///
/// ## Nested slots
///
/// The default implementations ask the same factory for their parts: the default message
/// container asks `self` for the avatar (``makeMessageAvatarView(for:)``), the text
/// (``makeMessageTextView(for:isFirst:availableWidth:scrolledId:)``), the date, the reactions and
/// system messages, so overriding ``makeMessageAvatarView(for:)`` changes every avatar while the
/// rest stays the default. Overriding a slot means implementing the method with exactly the
/// signature its protocol declares: a method with other labels is a new method, not an override.
///
/// ## Slot groups
///
/// The slots are declared by the protocols this one refines, one per part of the screens:
/// ``ChannelListViewFactory``, ``MessageListViewFactory``, ``MessageComposerViewFactory`` and
/// ``MessageActionsViewFactory``. A factory conforms to ``ViewFactory`` alone.
///
/// Components are laid out on the main actor; the factory is a class (`AnyObject`) so that one
/// instance (`CustomFactory.shared`) can be shared by every screen.
@preconcurrency @MainActor
public protocol ViewFactory: AnyObject, ChannelListViewFactory, MessageListViewFactory, MessageComposerViewFactory, MessageActionsViewFactory {
    /// The client the factory's views use (by default ``InjectedValues/chatClient``; factories
    /// often declare `@Injected(\.chatClient) var chatClient`).
    var chatClient: ChatClient { get }
}

/// Decorates the channel screen's navigation item (the declarative screens' form of SwiftUI's
/// toolbar view modifier).
@preconcurrency @MainActor
public protocol ChatChannelHeaderViewModifier {
    /// Sets up `navigationItem` (title view, bar buttons) for `channel`.
    func apply(to navigationItem: UINavigationItem, channel: ChatChannel?, currentUserId: UserId?)
}

/// The factory with every default: the screens use it unless given another.
@preconcurrency @MainActor
public final class DefaultViewFactory: ViewFactory {
    /// The shared default factory.
    public static let shared = DefaultViewFactory()

    private init() {}
}
