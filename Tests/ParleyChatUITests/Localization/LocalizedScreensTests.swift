import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// Runs `body` with the UI in `language` (strings, dates, layout direction), then goes back to
/// the preferred language. Main actor and synchronous: no other test sees the switch.
@MainActor
func withLanguage<T>(_ language: String, _ body: () throws -> T) rethrows -> T {
    ChatLocalization.use(ChatLocalization(language: language))
    defer { ChatLocalization.use(.preferred) }
    return try body()
}

/// The screens in German and Arabic (goldens), the Arabic mirror, and the runtime check that
/// every text on the main screens came through the localization provider.
@MainActor
@Suite struct LocalizedScreensTests {
    // MARK: Goldens

    /// The channel list and the channel in German (light) and Arabic (light and dark).
    @Test(arguments: ["channel-list", "channel"], ["de", "ar"])
    func goldens(sceneName: String, language: String) throws {
        try withLanguage(language) {
            let scene = try #require(SceneCatalog.scene(named: sceneName))
            Snapshot.assert(SceneCatalog.makeView(scene), named: "\(sceneName)-\(language)", scale: 2, style: .light)
            if language == "ar" {
                Snapshot.assert(SceneCatalog.makeView(scene), named: "\(sceneName)-ar-dark", scale: 2, style: .dark)
            }
        }
    }

    // MARK: Behaviour

    @Test func germanStringsPluralsAndDatesReachTheScreens() throws {
        try withLanguage("de") {
            // Tall enough for every row to have its view.
            let scene = try #require(SceneCatalog.scene(named: "channel"))
            let texts = Self.texts(in: SceneCatalog.makeView(scene, size: CGSize(width: 390, height: 2400)))
            #expect(texts.contains("Nachricht gelöscht"))
            #expect(texts.contains("3 Antworten"))
            #expect(texts.contains("Gestern"))
            #expect(texts.contains("Heute"))
            #expect(texts.contains("Ungelesene Nachrichten"))
            #expect(texts.contains { $0.hasPrefix("Bob tippt") })
            #expect(texts.contains("Nachricht schreiben"))
            #expect(texts.contains("Gelesen"))
            #expect(!texts.contains("Message deleted"))
        }
    }

    @Test func arabicMirrorsTheMessageList() throws {
        try withLanguage("ar") {
            let scene = try #require(SceneCatalog.scene(named: "channel"))
            let root = SceneCatalog.makeView(scene)
            #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            let bubbles = Self.all(ChatMessageContentView.self, in: root).filter { $0.window != nil || $0.superview != nil }
            let own = try #require(bubbles.first { $0.content?.isSentByCurrentUser == true && $0.bubbleView.bounds.width > 0 })
            let other = try #require(bubbles.first { $0.content?.isSentByCurrentUser == false && $0.bubbleView.bounds.width > 0 })
            let ownFrame = own.bubbleView.convert(own.bubbleView.bounds, to: root)
            let otherFrame = other.bubbleView.convert(other.bubbleView.bounds, to: root)
            // Mirrored: your own messages on the left, the others' (with avatars) on the right.
            #expect(ownFrame.minX < 40, "own bubble at \(ownFrame)")
            #expect(otherFrame.maxX > root.bounds.width - 60, "other bubble at \(otherFrame)")
            #expect(Self.texts(in: root).contains("تم حذف الرسالة"))
        }
        // And back: left to right once the language is English again.
        let scene = try #require(SceneCatalog.scene(named: "channel"))
        #expect(SceneCatalog.makeView(scene).effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    /// Every label, button title, placeholder and accessibility label on the main screens is a
    /// provider string (marked ⟦key⟧ here) or the chat's own data (names, messages, dates).
    @Test func everyTextOnTheMainScreensComesFromTheProvider() throws {
        let saved = Appearance.default.localizationProvider
        Appearance.default.localizationProvider = { key, _ in key == "language.code" ? "en" : "⟦\(key)⟧" }
        defer { Appearance.default.localizationProvider = saved }

        let channelScene = try #require(SceneCatalog.scene(named: "channel"))
        let channelRoot = SceneCatalog.makeView(channelScene)
        let listScene = try #require(SceneCatalog.scene(named: "channel-list"))
        let listRoot = SceneCatalog.makeView(listScene)
        var data = Set<String>()
        for channelVC in Self.viewControllers(ChatChannelVC.self, in: channelRoot) {
            for message in channelVC.channelController?.messages ?? [] {
                data.insert(message.text)
                data.insert(message.author.name)
                if let quoted = message.quotedMessage { data.insert(quoted.text); data.insert(quoted.author.name) }
            }
            if let channel = channelVC.channelController?.channel { data.formUnion(Self.data(of: channel)) }
        }
        for listVC in Self.viewControllers(ChatChannelListVC.self, in: listRoot) {
            for channel in listVC.controller?.channels ?? [] { data.formUnion(Self.data(of: channel)) }
        }
        #expect(data.count > 10, "the screens' data was found")

        // The actions popup and the reaction authors of a message.
        let message = try #require(Self.viewControllers(ChatChannelVC.self, in: channelRoot).first?.channelController?.messages.first { !$0.isDeleted && $0.type == .regular && $0.isSentByCurrentUser })
        let actions = ChatMessageActionsVC()
        actions.message = message
        actions.channel = Self.viewControllers(ChatChannelVC.self, in: channelRoot).first?.channelController?.channel
        actions.view.frame = CGRect(x: 0, y: 0, width: 300, height: 500)
        actions.view.layoutIfNeeded()

        var offenders: [String] = []
        for root in [channelRoot, listRoot, actions.view!] {
            for text in Self.texts(in: root) where !Self.isProvided(text, data: data) { offenders.append(text) }
        }
        #expect(offenders.isEmpty, "texts not from the provider: \(offenders)")
        #expect(Self.texts(in: channelRoot).contains("⟦composer.placeholder.message⟧"))
        #expect(Self.texts(in: actions.view).contains("⟦message.actions.inline-reply⟧"))
    }

    @Test func theProviderCheckCatchesAHardCodedLabel() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let label = UILabel()
        label.text = "Hello"
        root.addSubview(label)
        let provided = UILabel()
        provided.text = "⟦greeting⟧ Ana, 14:05"
        root.addSubview(provided)
        let offenders = Self.texts(in: root).filter { !Self.isProvided($0, data: ["Ana"]) }
        #expect(offenders == ["Hello"])
    }

    // MARK: Helpers

    /// Whether `text` is made of provider strings (⟦key⟧), the screens' data, weekday and month
    /// names, numbers and punctuation only.
    static func isProvided(_ text: String, data: Set<String>) -> Bool {
        var rest = text
        while let open = rest.range(of: "⟦"), let close = rest.range(of: "⟧", range: open.upperBound..<rest.endIndex) {
            rest.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let dates = formatter.weekdaySymbols + formatter.shortWeekdaySymbols + formatter.monthSymbols
        // Data as shown: whole, on one line, or a name's first word.
        var pieces = Set<String>()
        for item in data where !item.isEmpty {
            pieces.insert(item)
            pieces.insert(item.replacingOccurrences(of: "\n", with: " "))
            if let first = item.split(separator: " ").first { pieces.insert(String(first)) }
        }
        for piece in pieces.sorted(by: { $0.count > $1.count }) + dates {
            rest = rest.replacingOccurrences(of: piece, with: " ")
        }
        return !HardCodedStringTests.hasWord(rest)
    }

    static func data(of channel: ChatChannel) -> Set<String> {
        var data: Set<String> = [channel.name ?? "", channel.cid.id]
        for member in channel.members { data.insert(member.user.name); data.insert(member.user.id) }
        for user in channel.currentlyTypingUsers { data.insert(user.name) }
        if let message = channel.previewMessage { data.insert(message.text); data.insert(message.author.name) }
        return data
    }

    /// The texts a user sees or hears: labels, button titles, placeholders, accessibility labels.
    static func texts(in root: UIView) -> [String] {
        var texts: [String] = []
        func visit(_ view: UIView) {
            if view.isHidden { return }
            if let label = view as? UILabel, let text = label.attributedText?.string ?? label.text, !text.isEmpty { texts.append(text) }
            if let button = view as? UIButton, let title = button.title(for: .normal), !title.isEmpty { texts.append(title) }
            if let field = view as? UITextField, let placeholder = field.placeholder, !placeholder.isEmpty { texts.append(placeholder) }
            if let spoken = view.accessibilityLabel, !spoken.isEmpty { texts.append(spoken) }
            view.subviews.forEach(visit)
        }
        visit(root)
        return texts
    }

    static func views(in root: UIView) -> [UIView] {
        [root] + root.subviews.flatMap { views(in: $0) }
    }

    static func all<V: UIView>(_ type: V.Type, in root: UIView) -> [V] {
        views(in: root).compactMap { $0 as? V }
    }

    /// The controllers of type `C` among the view controllers whose views are in `root`.
    static func viewControllers<C: UIViewController>(_ type: C.Type, in root: UIView) -> [C] {
        func descendants(_ controller: UIViewController) -> [UIViewController] {
            [controller] + controller.children.flatMap(descendants)
        }
        let roots = views(in: root).compactMap { view in
            (view.next as? UIViewController).flatMap { $0.view === view && $0.parent == nil ? $0 : nil }
        }
        return roots.flatMap(descendants).compactMap { $0 as? C }
    }
}
