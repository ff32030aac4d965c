import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// Seed 002's snippets, verbatim (`-> some View`, as the seed writes them).
final class Seed002Factory: ViewFactory {
    static let shared = Seed002Factory()

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

/// The seed's factory under the name its `Scene` snippet uses.
typealias CustomFactory = Seed002Factory

/// Seed 002's third snippet, verbatim, in the app it belongs to (not `@main`: the test target has
/// its own entry point; the test reads the scene's window group).
struct Seed002App: App {
    var body: some Scene {
        WindowGroup {
            ChatChannelListView(viewFactory: CustomFactory.shared)
        }
    }
}

/// A factory that overrides only the avatar: the default container must ask it for avatars.
final class AvatarOnlyFactory: ViewFactory {
    func makeMessageAvatarView(for user: ChatUser) -> some Component {
        ColorBox(.systemPink, cornerRadius: 4).size(width: 32, height: 32).id("custom-avatar-\(user.id)")
    }
}

/// A factory that overrides only the system message view.
final class PinkSystemFactory: ViewFactory {
    func makeSystemMessageView(message: ChatMessage) -> some Component {
        Text("SYSTEM: " + message.text).id("custom-system-\(message.id)")
    }
}

enum Fixtures {
    static let cid = ChannelId(type: .messaging, id: "general")
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    static let me = ChatUser(id: "me", name: "Mia Moss")
    static let ana = ChatUser(id: "ana", name: "Ana Lopez")
    static let ben = ChatUser(id: "ben", name: "Ben Okafor")

    static var channel: ChatChannel {
        ChatChannel(cid: cid, name: "General",
                    members: [me, ana, ben].map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: start) }, memberCount: 3)
    }

    static func message(_ id: String, _ text: String, by author: ChatUser, at seconds: TimeInterval = 0, type: MessageType = .regular) -> ChatMessage {
        ChatMessage(id: id, cid: cid, text: text, type: type, author: author, createdAt: start.addingTimeInterval(seconds),
                    isSentByCurrentUser: author.id == me.id)
    }

    @MainActor
    static func container(_ factory: some ViewFactory, _ message: ChatMessage, showsAllInfo: Bool, isLast: Bool, width: CGFloat = 390) -> any RenderNode {
        let component = factory.makeMessageContainerView(
            channel: channel, message: message, width: width, showsAllInfo: showsAllInfo, isInThread: false,
            scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: isLast)
        return component.layout(Constraint(maxSize: CGSize(width: width, height: .infinity)))
    }

    /// The text nodes of a render tree with their frames, depth first.
    @MainActor
    static func texts(in node: any RenderNode, origin: CGPoint = .zero) -> [(text: String, frame: CGRect)] {
        var result: [(String, CGRect)] = []
        // Views with bodies stand in their body's node through a transparent wrapper.
        if let wrapper = node as? WrapperRenderNode, wrapper.children.isEmpty { return texts(in: wrapper.content, origin: origin) }
        if let text = node as? TextRenderNode, let label = text.makeView() as? UILabel {
            text.updateView(label)
            result.append((label.text ?? "", CGRect(origin: origin, size: node.size)))
        }
        for (child, position) in zip(node.children, node.positions) {
            result += texts(in: child, origin: CGPoint(x: origin.x + position.x, y: origin.y + position.y))
        }
        return result
    }
}

@MainActor
@Suite(.serialized) struct Seed002Tests {
    @Test func theSeedsContainerIsALeftAlignedTextRowWithTheSeedsPaddings() {
        let messages = [
            Fixtures.message("m1", "First in a group", by: Fixtures.ana),
            Fixtures.message("m2", "Hello from me", by: Fixtures.me, at: 5),
            Fixtures.message("m3", "مرحبا 👋", by: Fixtures.ben, at: 10),
        ]
        for (showsAllInfo, isLast) in [(false, false), (true, false), (true, true), (false, true)] {
            for message in messages {
                let node = Fixtures.container(Seed002Factory.shared, message, showsAllInfo: showsAllInfo, isLast: isLast)
                let texts = Fixtures.texts(in: node)
                #expect(texts.count == 1)
                guard let text = texts.first else { continue }
                #expect(text.text == message.text)
                // Left aligned whoever sent it (no right-hand bubbles), 8 pt in.
                #expect(text.frame.minX == 8)
                #expect(text.frame.minY == (isLast ? 8 : 0))
                #expect(node.size.width == 390, "the Spacer fills the row")
                #expect(node.size.height == text.frame.height + (isLast ? 8 : 0) + (showsAllInfo ? 8 : 2))
            }
        }
    }

    @Test func theSeedsSystemMessageViewRendersSystemMessagesInTheDefaultContainer() {
        let system = Fixtures.message("s1", "Ana joined the channel", by: Fixtures.ana, type: .system)
        let node = Fixtures.container(PinkSystemFactory(), system, showsAllInfo: true, isLast: false)
        #expect(node.renderNode(id: "custom-system-s1") != nil)
        #expect((node.renderNode(id: "custom-system-s1")?.size.height ?? 0) > 0)

        // The seed's own SystemMessageView: centred low-emphasis text.
        let seed = Fixtures.container(DefaultViewFactory.shared, system, showsAllInfo: true, isLast: false)
        let texts = Fixtures.texts(in: seed)
        #expect(texts.map(\.text) == ["Ana joined the channel"])
        if let frame = texts.first?.frame {
            #expect(abs(frame.midX - 195) <= 1, "centred: \(frame)")
        }
    }

    @Test func nestedSlotsAskTheCustomFactory() {
        let factory = AvatarOnlyFactory()
        let last = Fixtures.message("m1", "Hi there", by: Fixtures.ana)
        let node = Fixtures.container(factory, last, showsAllInfo: true, isLast: true)
        #expect(node.renderNode(id: "custom-avatar-ana") != nil, "the default container used the factory's avatar")
        // The rest stays the default: text in a bubble, the author's name and the time.
        #expect(Fixtures.texts(in: node).map(\.text).contains("Hi there"))
        #expect(Fixtures.texts(in: node).map(\.text).contains("Ana Lopez"))
        // Not the last of a group: no avatar at all.
        let middle = Fixtures.container(factory, last, showsAllInfo: false, isLast: false)
        #expect(middle.renderNode(id: "custom-avatar-ana") == nil)
        // The default factory's avatar is not the custom one.
        #expect(Fixtures.container(DefaultViewFactory.shared, last, showsAllInfo: true, isLast: true).renderNode(id: "custom-avatar-ana") == nil)
    }

    @Test func defaultContainerPutsMyMessagesRightAndOthersLeft() {
        let mine = Fixtures.container(DefaultViewFactory.shared, Fixtures.message("m", "Mine", by: Fixtures.me), showsAllInfo: true, isLast: true)
        let theirs = Fixtures.container(DefaultViewFactory.shared, Fixtures.message("t", "Theirs", by: Fixtures.ana), showsAllInfo: true, isLast: true)
        let mineText = Fixtures.texts(in: mine).first { $0.text == "Mine" }
        let theirText = Fixtures.texts(in: theirs).first { $0.text == "Theirs" }
        #expect((mineText?.frame.maxX ?? 0) > 330)
        #expect((theirText?.frame.minX ?? 999) < 80)
        // Long text wraps inside the bubble instead of overflowing the row.
        let long = Fixtures.container(DefaultViewFactory.shared, Fixtures.message("l", String(repeating: "word ", count: 80), by: Fixtures.ana),
                                      showsAllInfo: true, isLast: true)
        for text in Fixtures.texts(in: long) { #expect(text.frame.maxX <= 390) }
        #expect(long.size.height > 100)
    }

    @Test func badDataDoesNotCrash() {
        let weird = ["", String(repeating: "🙂", count: 500), "a\u{0}b", "<b>&amp;</b>", String(repeating: "x", count: 5000)]
        for (index, text) in weird.enumerated() {
            for factory in [DefaultViewFactory.shared as any ViewFactory, Seed002Factory.shared, LivestreamViewFactory.shared] {
                let node = Fixtures.container(factory, Fixtures.message("w\(index)", text, by: Fixtures.ana), showsAllInfo: true, isLast: true)
                #expect(node.size.width <= 390 && node.size.height.isFinite)
            }
        }
    }
}
