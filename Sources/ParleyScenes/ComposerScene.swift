import Foundation
import Parley

/// The message composer in its modes: empty, replying, editing, and with the seed's custom send
/// arrow (`Appearance.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!`).
enum ComposerScene {
    static let size = CGSize(width: 480, height: 200)

    static let scenes: [RenderScene] = [
        RenderScene(name: "composer", summary: "The composer: empty above, with text below", defaultSize: size) { size in
            ComposerSceneView(frame: CGRect(origin: .zero, size: size), configurations: [
                ComposerSceneConfiguration(content: .init()),
                ComposerSceneConfiguration(content: .init(text: "Are we still on for lunch tomorrow? 🍜")),
            ])
        },
        RenderScene(name: "composer-quote", summary: "The composer replying to a message", defaultSize: size) { size in
            var content = ComposerVC.Content(text: "Sounds good!")
            content.quoteMessage(sceneMessage(text: "Shall we move the review to Thursday?", author: "Alice Liddell"))
            return ComposerSceneView(frame: CGRect(origin: .zero, size: size), configurations: [ComposerSceneConfiguration(content: content)])
        },
        RenderScene(name: "composer-edit", summary: "The composer editing one's own message", defaultSize: size) { size in
            var content = ComposerVC.Content()
            content.editMessage(sceneMessage(text: "See you at 10 tomorrow", author: "Bob Builder"))
            return ComposerSceneView(frame: CGRect(origin: .zero, size: size), configurations: [ComposerSceneConfiguration(content: content)])
        },
        RenderScene(name: "composer-send-arrow", summary: "Seed 001: the send button with a custom image, in a pink-tinted window", defaultSize: size) { size in
            var appearance = Appearance()
            appearance.images.sendArrow = UIImage(systemName: "arrowshape.turn.up.right")!
            let view = ComposerSceneView(frame: CGRect(origin: .zero, size: size), configurations: [
                ComposerSceneConfiguration(content: .init()),
                ComposerSceneConfiguration(content: .init(text: "Sent with a custom arrow"), appearance: appearance),
            ])
            view.tintColor = .systemPink
            return view
        },
    ]

    @MainActor
    static func sceneMessage(text: String, author: String) -> ChatMessage {
        let id = author.lowercased().split(separator: " ").first.map(String.init) ?? "user"
        return ChatMessage(
            id: "scene-message-\(id)", cid: ChannelId(type: .messaging, id: "scene"), text: text,
            author: ChatUser(id: id, name: author), createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }
}

/// One composer of a scene: its content and, optionally, its own appearance.
struct ComposerSceneConfiguration {
    var content: ComposerVC.Content
    var appearance: Appearance?
}

/// Composers stacked at the bottom of a chat-coloured backdrop, each pinned with Auto Layout and
/// sized by its content; keeps their controllers alive.
@MainActor
final class ComposerSceneView: UIView {
    private var composers: [ComposerVC] = []

    init(frame: CGRect, configurations: [ComposerSceneConfiguration]) {
        super.init(frame: frame)
        backgroundColor = Appearance.default.colorPalette.background1
        let stack = ContainerStackView(axis: .vertical, spacing: 12)
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        for configuration in configurations {
            let composer = ComposerVC()
            if let appearance = configuration.appearance { composer.appearance = appearance }
            stack.addArrangedSubview(composer.view)
            composer.content = configuration.content
            composers.append(composer)
        }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }

}
