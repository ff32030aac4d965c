import Parley

// Seed 002's three snippets, exactly as the seed writes them (scripts/check-seed-package checks
// that each block of the seed appears here byte for byte): the first two inside the factory they
// belong to, the third in the app that injects it. Only the lines around them are this file's.

final class CustomFactory: ViewFactory {
    static let shared = CustomFactory()

public func makeMessageContainerView(
    channel: ChatChannel,
    message: ChatMessage,
    width: CGFloat?,
    showsAllInfo: Bool,
    isInThread: Bool,
    scrolledId: Binding<String?>,
    quotedMessage: Binding<ChatMessage?>,
    onLongPress: @escaping (MessageDisplayInfo) -> (),
    isLast: Bool
) -> some View {
    HStack {
        Text(message.text)
        Spacer()
    }
    .padding(.horizontal, 8)
    .padding(.bottom, showsAllInfo ? 8 : 2)
    .padding(.top, isLast ? 8 : 0)
}

public func makeSystemMessageView(
        message: ChatMessage
) -> some View {
    SystemMessageView(message: message.text)
}
}

@main
struct Seed002App: App {
    init() {
        // The app's setup (not part of the seed): an in-memory client with Parley's demo data.
        do {
            let client = try ChatClient(opening: ChatClientConfig(currentUserId: "sam"))
            _ = try DemoDataGenerator(parameters: DemoDataParameters(busyChannelMessageCount: 60)).generate(into: client)
            ChatViews.client = client
        } catch {
            // Without data the list would be empty for no visible reason: say why and stop.
            FileHandle.standardError.write(Data("seed-002 app: could not set up the demo store: \(error)\n".utf8))
            exit(1)
        }
    }

var body: some Scene {
    WindowGroup {
        ChatChannelListView(viewFactory: CustomFactory.shared)
    }
}
}
