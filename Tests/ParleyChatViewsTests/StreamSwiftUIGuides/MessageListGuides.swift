import Foundation
import Parley

// Snippets of "Message List View" (swiftui/components/message-list.md), each exactly as the
// guide prints it, inside a factory class or a setup function (see ChannelListGuides.swift).

/// "Message List Configuration": no avatars, no dates, 16-point side padding.
@MainActor
final class MessageListConfigGuide {
    var streamChat: StreamChat?

    func setUp(chatClient: ChatClient) {
        // guide: swiftui/components/message-list.md
        let messageDisplayOptions = MessageDisplayOptions(showAvatars: false, showMessageDate: false)
        let messagePaddings = MessagePaddings(horizontal: 16)
        let messageListConfig = MessageListConfig(
            messageListType: .messaging,
            typingIndicatorPlacement: .navigationBar,
            groupMessages: true,
            messageDisplayOptions: messageDisplayOptions,
            messagePaddings: messagePaddings
        )
        let utils = Utils(messageListConfig: messageListConfig)
        streamChat = StreamChat(chatClient: chatClient, utils: utils)
    }
}

/// "Date Indicators": day separators inside the list.
@MainActor
func dateIndicatorsGuide(chatClient: ChatClient) -> StreamChat {
    // guide: swiftui/components/message-list.md
    let utils = Utils(messageListConfig: MessageListConfig(dateIndicatorPlacement: .messageList))
    let streamChat = StreamChat(chatClient: chatClient, utils: utils)
    return streamChat
}

/// "Message List Background": a white-red-black gradient behind the messages.
final class BackgroundGuideFactory: ViewFactory {
    static let shared = BackgroundGuideFactory()

    // guide: swiftui/components/message-list.md
    func makeMessageListBackground(
        colors: ColorPalette,
        isInThread: Bool
    ) -> some View {
        LinearGradient(gradient: Gradient(
            colors: [.white, .red, .black]), 
            startPoint: .top, 
            endPoint: .bottom
        )
    }
}

// "Custom Message Container View" (the livestream rows) is seed 002's snippet: it is compiled
// unchanged as `Seed002Factory` in Seed002Tests.swift, and rendered by StreamSwiftUIGuidesTests.

/// "System Messages" and "Author and Date View": the guide's overrides, which return the
/// default views.
final class SystemAndDateGuideFactory: ViewFactory {
    // guide: swiftui/components/message-list.md
    public func makeSystemMessageView(
            message: ChatMessage
    ) -> some View {
        SystemMessageView(message: message.text)
    }

    // guide: swiftui/components/message-list.md
    func makeMessageDateView(for message: ChatMessage) -> some View {
        MessageDateView(message: message)
    }
}

/// "No Messages View": the palette's background, filling the list.
final class NoMessagesGuideFactory: ViewFactory {
    static let shared = NoMessagesGuideFactory()

    // guide: swiftui/components/message-list.md
    public func makeEmptyMessagesView(
        for channel: ChatChannel,
        colors: ColorPalette
    ) -> some View {
        Color(colors.background)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

/// "Typing Indicators": the indicator in the navigation bar.
@MainActor
func typingIndicatorGuide(chatClient: ChatClient) -> StreamChat {
    // guide: swiftui/components/typing-indicators.md
    let utils = Utils(typingIndicatorPlacement: .navigationBar)
    let streamChat = StreamChat(chatClient: chatClient, utils: utils)
    return streamChat
}
