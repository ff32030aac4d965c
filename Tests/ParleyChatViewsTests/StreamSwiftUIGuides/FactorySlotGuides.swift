import Foundation
import Parley

// Snippets of the guides that customise the SwiftUI chat SDK's further factory slots (the channel
// list header, swipe actions, the channel list item, the message list and bubble modifiers, the
// author and date view), each exactly as the guide prints it (see ChannelListGuides.swift).

/// "Channel list header", "Creating your own header": a `ToolbarContent` header, the modifier
/// that shows it (with a sheet), and the factory returning the modifier.
enum ChannelListHeaderGuide {
    // guide: swiftui/components/channel-list-header.md
    public struct CustomChannelHeader: ToolbarContent {
        
        @Injected(\.fonts) var fonts
        @Injected(\.images) var images
            
        public var title: String
        public var onTapLeading: () -> ()
        
        public var body: some ToolbarContent {
            ToolbarItem(placement: .principal) {
                Text(title)
                    .font(fonts.bodyBold)
            }
            ToolbarItem(placement: .navigationBarTrailing) {
                NavigationLink {
                    Text("This is injected view")
                } label: {
                    Image(uiImage: images.messageActionEdit)
                        .resizable()
                }
            }
            ToolbarItem(placement: .navigationBarLeading) {
                Button {
                    onTapLeading()
                } label: {
                    Image(systemName: "line.3.horizontal")
                        .resizable()
                }
            }
        }
    }

    // guide: swiftui/components/channel-list-header.md
    struct CustomChannelModifier: ChannelListHeaderViewModifier {
        
        var title: String
        
        @State var profileShown = false
        
        func body(content: Content) -> some View {
            content.toolbar {
                CustomChannelHeader(title: title) {
                    profileShown = true
                }
            }
            .sheet(isPresented: $profileShown) {
                Text("Profile View")
            }
        }
        
    }

    // guide: swiftui/components/channel-list-header.md
    class CustomFactory: ViewFactory {
        
        @Injected(\.chatClient) public var chatClient
        
        private init() {}
        
        public static let shared = CustomFactory()
        
        func makeChannelListHeaderViewModifier(title: String) -> some ChannelListHeaderViewModifier {
            CustomChannelModifier(title: title)
        }

    }
}

/// "Swipe actions for the channel list", "Swapping the whole view".
final class MoreActionsGuideFactory: ViewFactory {
    // guide: swiftui/components/swipe-actions-channels.md
    func makeMoreChannelActionsView(
        for channel: ChatChannel,
        onDismiss: @escaping () -> Void,
        onError: @escaping (Error) -> Void) -> some View {
            VStack {
                Text("This is our custom view")
                Spacer()
                HStack {
                    Button {
                        onDismiss()
                    } label: {
                        Text("Action")
                    }

                }
                .padding()
            }
    }
}

/// "Channel List Views", "Changing the Chat Channel List Item": the swipeable row. The snippet
/// returns `ChatChannelSwipeableListItem<Self>`, which Swift accepts in a protocol extension (as
/// in the SDK's own default factory), not in a class: it lives in an extension of a factory protocol.
protocol ChannelListItemGuide: ViewFactory {}

final class ChannelListItemGuideFactory: ChannelListItemGuide {}

extension ChannelListItemGuide {
    // guide: swiftui/components/helper-views.md
    public func makeChannelListItem(
        channel: ChatChannel,
        channelName: String,
        avatar: UIImage,
        onlineIndicatorShown: Bool,
        disabled: Bool,
        selectedChannel: Binding<ChatChannel?>,
        swipedChannelId: Binding<String?>,
        channelDestination: @escaping (ChatChannel) -> ChannelDestination,
        onItemTap: @escaping (ChatChannel) -> Void,
        trailingSwipeRightButtonTapped: @escaping (ChatChannel) -> Void,
        trailingSwipeLeftButtonTapped: @escaping (ChatChannel) -> Void,
        leadingSwipeButtonTapped: @escaping (ChatChannel) -> Void
    ) -> ChatChannelSwipeableListItem<Self> {
        ChatChannelSwipeableListItem(
            factory: self,
            currentChannelId: swipedChannelId,
            channel: channel,
            channelName: channelName,
            avatar: avatar,
            onlineIndicatorShown: onlineIndicatorShown,
            disabled: disabled,
            selectedChannel: selectedChannel,
            channelDestination: channelDestination,
            onItemTap: onItemTap,
            trailingRightButtonTapped: trailingSwipeRightButtonTapped,
            trailingLeftButtonTapped: trailingSwipeLeftButtonTapped,
            leadingSwipeButtonTapped: leadingSwipeButtonTapped
        )
    }
}

/// "Channel List Views", "Customizing the Leading and Trailing Areas": the leading area.
final class LeadingSwipeGuideFactory: ViewFactory {
    // guide: swiftui/components/helper-views.md
    func makeLeadingSwipeActionsView(
        channel: ChatChannel,
        offsetX: CGFloat,
        buttonWidth: CGFloat,
        currentChannelId: Binding<String?>,
        buttonTapped: @escaping (ChatChannel) -> ()
    ) -> some View {
        HStack {
            ActionItemButton(imageName: "pin.fill") {
                buttonTapped(channel)
            }
            .frame(width: buttonWidth)
            .foregroundColor(Color.white)
            .background(Color.yellow)

            Spacer()
        }
    }
}

/// "Message List View", "Applying Custom Modifier": vertical padding around the list.
final class MessageListModifierGuideFactory: ViewFactory {
    // guide: swiftui/components/message-list.md
    func makeMessageListModifier() -> some ViewModifier {
        VerticalPaddingViewModifier()
    }

    struct VerticalPaddingViewModifier: ViewModifier {
        
        public func body(content: Content) -> some View {
            content
                .padding(.vertical, 8)
        }
        
    }
}

/// The bubble modifier the message-list guide's snippet names (the guide leaves it to the
/// reader): a plain rounded bubble, green for the current user, grey for others.
struct CustomMessageBubbleModifier: ViewModifier {
    let message: ChatMessage
    let isFirst: Bool
    let injectedBackgroundColor: UIColor?
    let cornerRadius: CGFloat
    let forceLeftToRight: Bool

    func body(content: Content) -> some View {
        content
            .padding(10)
            .background(message.isSentByCurrentUser ? Color.green : Color.gray.opacity(0.3))
            .cornerRadius(isFirst ? cornerRadius : 4)
    }
}

/// "Message List View", "Applying Custom Modifier": the message bubble modifier.
final class MessageViewModifierGuideFactory: ViewFactory {
    // guide: swiftui/components/message-list.md
    func makeMessageViewModifier(for messageModifierInfo: MessageModifierInfo) -> some ViewModifier {
        CustomMessageBubbleModifier(
            message: messageModifierInfo.message,
            isFirst: messageModifierInfo.isFirst,
            injectedBackgroundColor: messageModifierInfo.injectedBackgroundColor,
            cornerRadius: messageModifierInfo.cornerRadius,
            forceLeftToRight: messageModifierInfo.forceLeftToRight
        )
    }
}

/// "Message List View", "Author and Date View": the author's name before the time.
final class AuthorAndDateGuideFactory: ViewFactory {
    // guide: swiftui/components/message-list.md
    func makeMessageAuthorAndDateView(for message: ChatMessage) -> some View {
        MessageAuthorAndDateView(message: message)
    }
}
