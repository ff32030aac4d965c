import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// Customizations written the way the seeds' SwiftUI SDK's guides write them (their shapes:
// `@Injected`, `StreamChat`, `Appearance(colors:)`, `Utils(messageListConfig:)`, factories
// returning `some View` with `@State`, `Color`, shapes and modifiers), compiled and run here.

/// A factory reading the shared values with `@Injected`.
final class InjectedFactory: ViewFactory {
    @Injected(\.chatClient) var chatClient
    @Injected(\.colors) var colors
    @Injected(\.fonts) var fonts
    @Injected(\.images) var images
    @Injected(\.utils) var utils

    static let shared = InjectedFactory()

    func makeMessageAvatarView(for user: ChatUser) -> some View {
        Text(String(user.name.prefix(1)))
            .font(fonts.footnoteBold)
            .foregroundColor(.white)
            .frame(width: 32, height: 32)
            .background(Circle().fill(colors.tintColor))
            .id("initials-\(user.id)")
    }

    func makeMessageTextView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat, scrolledId: Binding<String?>) -> some View {
        Text(message.text)
            .font(fonts.body)
            .foregroundColor(Color(colors.text))
            .padding(.horizontal, 12)
            .padding(.vertical, 8)
            .background(RoundedRectangle(cornerRadius: 16).fill(Color(colors.background2)))
    }
}

/// A custom key, as the guides add one.
struct GreetingKey: InjectionKey {
    static var currentValue: String = "Hello"
}

extension InjectedValues {
    var greeting: String {
        get { Self[GreetingKey.self] }
        set { Self[GreetingKey.self] = newValue }
    }
}

/// A view model with published state, owned by a view.
final class ComposerModel: ObservableObject {
    @Published var text = ""
    @Published var isSending = false
}

/// A factory-made view with its own state object and a `ViewModifier`.
struct CustomComposer: View {
    @StateObject private var model = ComposerModel()
    @State private var isExpanded = false

    struct FieldStyle: ViewModifier {
        func body(content: Content) -> some View {
            content
                .padding(.horizontal, 12)
                .padding(.vertical, 8)
                .background(Capsule().stroke(Color.gray, lineWidth: 1))
        }
    }

    var body: some View {
        HStack(alignment: .center, spacing: 8) {
            Button {
                isExpanded.toggle()
            } label: {
                Image(systemName: isExpanded ? "xmark" : "plus")
            }
            Text(model.text.isEmpty ? "Send a message" : model.text)
                .foregroundColor(model.text.isEmpty ? .secondary : .primary)
                .modifier(FieldStyle())
            Spacer()
            Image(systemName: "paperplane.fill")
                .foregroundColor(model.isSending ? .gray : .blue)
                .onTapGesture { model.isSending = true }
        }
        .padding(8)
    }
}

/// A screen with a toolbar and a title, as the guides decorate the channel list.
struct ToolbarScreen: View {
    @State private var showsSheet = false

    var body: some View {
        VStack {
            Text("Channels")
        }
        .navigationTitle("Inbox")
        .toolbar {
            ToolbarItem(placement: .navigationBarTrailing) {
                Image(systemName: "square.and.pencil")
            }
        }
        .sheet(isPresented: $showsSheet) {
            Text("New chat")
        }
    }
}

@MainActor
@Suite(.serialized) struct GuideShapesTests {
    @Test func streamChatSetsUpTheClientAppearanceAndUtilsThatInjectedReads() throws {
        let savedClient = ChatViews.client, savedAppearance = Appearance.default, savedUtils = ChatViews.utils
        defer {
            ChatViews.client = savedClient
            Appearance.default = savedAppearance
            ChatViews.utils = savedUtils
        }
        let chatClient = try ChatClient(opening: ChatClientConfig(currentUserId: "sam"))
        var colors = ColorPalette()
        colors.tintColor = Color.pink
        let appearance = Appearance(colors: colors)
        let utils = Utils(messageListConfig: MessageListConfig(typingIndicatorPlacement: .navigationBar))
        let streamChat = StreamChat(chatClient: chatClient, appearance: appearance, utils: utils)

        let factory = InjectedFactory()
        #expect(factory.chatClient === chatClient)
        #expect(streamChat.chatClient === chatClient)
        #expect(factory.colors.tintColor == Color.pink)
        #expect(factory.utils.messageListConfig.typingIndicatorPlacement == .navigationBar)
        #expect(factory.fonts.body == Appearance.default.fonts.body)

        @Injected(\.greeting) var greeting
        #expect(greeting == "Hello")
        InjectedValues[\.greeting] = "Hej"
        #expect(greeting == "Hej")
        GreetingKey.currentValue = "Hello"
    }

    @Test func theInjectedFactorysAvatarAndTextAreUsedByTheDefaultContainer() {
        let message = Fixtures.message("m1", "Hi there", by: Fixtures.ana)
        let node = Fixtures.container(InjectedFactory.shared, message, showsAllInfo: true, isLast: true)
        #expect(node.renderNode(id: "initials-ana") != nil)
        #expect(Fixtures.texts(in: node).map(\.text).contains("Hi there"))
        #expect(Fixtures.texts(in: node).map(\.text).contains("A"))
    }

    @Test func aStateObjectAndStateDriveTheComposer() {
        let backend = HeadlessBackend.install()
        let controller = UIHostingController(rootView: CustomComposer())
        _ = backend.openWindow(size: CGSize(width: 390, height: 120), rootViewController: controller)
        backend.advance(by: 0.05)
        let before = ViewGraph.bodyEvaluations
        // Tapping the send icon publishes `isSending`: the composer's body runs again.
        let hosted = controller.view as! ComponentView
        let send = hosted.subviews.compactMap { $0 as? TappableView }.last
        #expect(send != nil)
        if let send { backend.tap(at: send.convert(CGPoint(x: send.bounds.midX, y: send.bounds.midY), to: nil)) }
        backend.advance(by: 0.05)
        #expect(ViewGraph.bodyEvaluations > before)
    }

    @Test func toolbarAndTitleGoToTheNavigationItem() {
        let backend = HeadlessBackend.install()
        let controller = UIHostingController(rootView: ToolbarScreen())
        let navigation = UINavigationController(rootViewController: controller)
        _ = backend.openWindow(size: CGSize(width: 390, height: 300), rootViewController: navigation)
        backend.advance(by: 0.1)
        #expect(controller.title == "Inbox")
        #expect(controller.navigationItem.rightBarButtonItems?.count == 1)
    }
}

/// A custom channel list item and avatar, as the guides build them: SwiftUI views, injected
/// colours and fonts, a gradient avatar, an unread capsule, a tap that opens the channel.
final class CustomChannelListFactory: ViewFactory {
    @Injected(\.colors) var colors
    @Injected(\.fonts) var fonts

    static let shared = CustomChannelListFactory()

    func makeChannelListItem(
        channel: ChatChannel, channelName: String, currentUserId: UserId?, onItemTap: @escaping @MainActor (ChatChannel) -> Void
    ) -> some View {
        HStack(alignment: .center, spacing: 12) {
            makeChannelAvatarView(for: channel, currentUserId: currentUserId, size: 40)
            VStack(alignment: .leading, spacing: 4) {
                Text(channelName).font(fonts.bodyBold).lineLimit(1)
                Text(channel.previewMessage?.text ?? "No messages yet")
                    .font(.footnote)
                    .foregroundColor(.secondary)
                    .lineLimit(1)
            }
            Spacer()
            if channel.unreadCount.messages > 0 {
                Text("\(channel.unreadCount.messages)")
                    .font(.caption.bold())
                    .foregroundColor(.white)
                    .padding(.horizontal, 7)
                    .padding(.vertical, 2)
                    .background(Capsule().fill(Color(colors.accentPrimary)))
            }
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .onTapGesture { onItemTap(channel) }
        .id(channel.cid.rawValue)
    }

    func makeChannelAvatarView(for channel: ChatChannel, currentUserId: UserId?, size: CGFloat) -> some View {
        Text(String((channel.name ?? "#").prefix(1)))
            .font(.headline)
            .foregroundColor(.white)
            .frame(width: size, height: size)
            .background(
                LinearGradient(colors: [.orange, .pink], startPoint: .topLeading, endPoint: .bottomTrailing)
                    .cornerRadius(10)
            )
    }
}

/// The guide-shaped channel list, light and dark.
@MainActor
@Suite(.serialized) struct GuideChannelListGoldenTests {
    @Test func customChannelListItems() {
        let savedAppearance = Appearance.default
        defer { Appearance.default = savedAppearance }
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            let view = DeclarativeScenes.makeChannelList(size: CGSize(width: 390, height: 500), factory: CustomChannelListFactory.shared)
            Snapshot.assert(view, named: "swiftui-guide-channel-list" + suffix, scale: 2, style: style)
        }
    }
}

/// A link to a detail screen and a sheet behind a button.
struct LinkScreen: View {
    let probe: Probe
    @State private var showsSheet = false

    var body: some View {
        probe.showSheet = $showsSheet
        return VStack(alignment: .leading, spacing: 8) {
            NavigationLink(destination: Text("Detail").navigationTitle("Detail")) {
                Text("Open detail").id("link")
            }
        }
        .navigationTitle("Home")
        .sheet(isPresented: $showsSheet) {
            Text("Sheet")
        }
    }
}

extension Probe {
    private static var sheets: [ObjectIdentifier: Binding<Bool>] = [:]
    var showSheet: Binding<Bool>? {
        get { Probe.sheets[ObjectIdentifier(self)] }
        set { Probe.sheets[ObjectIdentifier(self)] = newValue }
    }
}

@MainActor
@Suite(.serialized) struct NavigationAndSheetTests {
    @Test func aLinkPushesItsDestinationAndABindingPresentsTheSheet() throws {
        let backend = HeadlessBackend.install()
        let probe = Probe()
        let home = UIHostingController(rootView: LinkScreen(probe: probe))
        let navigation = UINavigationController(rootViewController: home)
        let window = backend.openWindow(size: CGSize(width: 390, height: 500), rootViewController: navigation)
        backend.advance(by: 0.1)
        #expect(home.title == "Home")

        let hosted = try #require(home.view as? ComponentView)
        let frame = try #require(hosted.frame(id: "link"))
        backend.tap(at: hosted.convert(CGPoint(x: frame.midX, y: frame.midY), to: window))
        backend.advance(by: 1)
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.topViewController?.title == "Detail")

        navigation.popViewController(animated: false)
        backend.advance(by: 0.5)
        try #require(probe.showSheet).wrappedValue = true
        backend.advance(by: 1)
        // The sheet is presented (by the screen, or by its navigation controller for it).
        #expect((home.presentedViewController ?? navigation.presentedViewController) is UIHostingController<AnyView>)
        try #require(probe.showSheet).wrappedValue = false
        backend.advance(by: 1)
        #expect(home.presentedViewController == nil && navigation.presentedViewController == nil)
    }
}
