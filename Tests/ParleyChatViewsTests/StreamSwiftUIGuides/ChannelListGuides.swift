import Foundation
import Parley

// Snippets of the channel list guides and the setup guides, each exactly as the guide prints it
// (between the `// guide:` line and the end of the enclosing namespace or wrapper). A namespace
// (`enum`) or wrapper (a factory class, a function) around a snippet only gives it a place to
// live: several guides name their factory `CustomFactory`.

/// "Channel List Views", "Changing the Loading View": a factory with a custom loading view, and
/// the scene that injects it.
enum LoadingViewGuide {
    // guide: swiftui/components/helper-views.md
    class CustomFactory: ViewFactory {
        
        @Injected(\.chatClient) public var chatClient
        
        private init() {}
        
        public static let shared = CustomFactory()
        
        func makeLoadingView() -> some View {
            VStack {
                Text("This is custom loading view")
                ProgressView()
            }
        }
    }

    struct GuideApp: App {
        // guide: swiftui/components/helper-views.md (injecting the factory)
        var body: some Scene {
            WindowGroup {
                ChatChannelListView(viewFactory: CustomFactory.shared)
            }
        }
    }
}

/// "Channel List Views", "Changing the No Channels Available View".
final class NoChannelsGuideFactory: ViewFactory {
    // guide: swiftui/components/helper-views.md
    func makeNoChannelsView() -> some View {
        VStack {
            Spacer()
            Text("This is our own custom no channels view.")
            Spacer()
        }
    }
}

/// "Channel List Views", "Changing the Divider of the Chat Channel List": the guide's default,
/// overridden here with what the guide says is its default (a plain `Divider`).
final class DividerGuideFactory: ViewFactory {
    static let shared = DividerGuideFactory()

    // guide: swiftui/components/helper-views.md
    public func makeChannelListDividerItem() -> some View {
        Divider()
    }
}

/// "Channel list header" (and "Channel header"): a red tint for the screens.
@MainActor
func tintColorGuide(chatClient: ChatClient) -> StreamChat {
    // guide: swiftui/components/channel-list-header.md
    var colors = ColorPalette()
    colors.tintColor = Color.red
            
    let appearance = Appearance(colors: colors)
             
    let streamChat = StreamChat(chatClient: chatClient, appearance: appearance)
    return streamChat
}

/// "Channel header": the title of the header from a custom `ChatChannelNamer`.
@MainActor
func channelNamerGuide(chatClient: ChatClient) -> StreamChat {
    // guide: swiftui/components/channel-header.md
    let channelNamer: ChatChannelNamer = { channel, currentUserId in
        "Custom namer: \(channel.name ?? "no name")"
    }
    let utils = Utils(channelNamer: channelNamer)
            
    let streamChat = StreamChat(chatClient: chatClient, utils: utils)
    return streamChat
}

/// "Getting Started", "Changing presentation logic": a channel namer with an appearance.
@MainActor
func presentationLogicGuide(chatClient: ChatClient, appearance: Appearance) -> StreamChat {
    // guide: swiftui/getting-started.md
    let channelNamer: ChatChannelNamer = { channel, currentUserId in
        "This is our custom name: \(channel.name ?? "no name")"
    }
    let utils = Utils(channelNamer: channelNamer)
            
    let streamChat = StreamChat(chatClient: chatClient, appearance: appearance, utils: utils)
    return streamChat
}

/// "Getting Started", "Accessing chat context functionalities": the injected values, read by a
/// view of the app's own.
struct ChatContextGuideView: View {
    // guide: swiftui/getting-started.md
    @Injected(\.chatClient) var chatClient
    @Injected(\.fonts) var fonts
    @Injected(\.colors) var colors
    @Injected(\.images) var images
    @Injected(\.utils) var utils

    var body: some View {
        Text(chatClient.currentUserId)
            .font(fonts.footnoteBold)
            .foregroundColor(colors.tintColor)
    }
}

/// "Customizing the channel list header": the title passed to `ChatChannelListScreen`.
enum ChannelListScreenTitleGuide {
    struct GuideApp: App {
        // guide: swiftui/components/channel-list-header.md
        var body: some Scene {
            WindowGroup {
        		ChatChannelListScreen(title: "Custom title")
            }
        }
    }
}
