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

/// The German and Arabic goldens of one feature (light): `make` builds the view again in each
/// language, since views read their strings as they are set up.
@MainActor
func assertLocalizedSnapshots(
    named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation,
    _ make: () throws -> UIView
) rethrows {
    for language in ["de", "ar"] {
        try withLanguage(language) {
            let view = try make()
            Snapshot.assert(view, named: "\(name)-\(language)", size: view.bounds.size, scale: 2, style: .light,
                            filePath: filePath, sourceLocation: sourceLocation)
        }
    }
}

/// The screens in German and Arabic (goldens), the Arabic mirror, and the runtime check that
/// every text on the main screens came through the localization provider.
@MainActor
@Suite struct LocalizedScreensTests {
    // MARK: Goldens

    /// The channel list, the channel, the composer editing, the reaction popup and authors, and the
    /// split view in German (light) and Arabic (light, and dark for the list and the channel).
    @Test(arguments: ["channel-list", "channel", "composer-edit", "reaction-popup", "reaction-authors", "split-view"], ["de", "ar"])
    func goldens(sceneName: String, language: String) throws {
        try withLanguage(language) {
            let scene = try #require(SceneCatalog.scene(named: sceneName))
            Snapshot.assert(SceneCatalog.makeView(scene), named: "\(sceneName)-\(language)", scale: 2, style: .light)
            if language == "ar", ["channel-list", "channel"].contains(sceneName) {
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
            let own = try #require(bubbles.first { $0.content?.isSentByCurrentUser == true && ($0.bubbleView?.bounds.width ?? 0) > 0 })
            let other = try #require(bubbles.first { $0.content?.isSentByCurrentUser == false && ($0.bubbleView?.bounds.width ?? 0) > 0 })
            let ownBubble = try #require(own.bubbleView), otherBubble = try #require(other.bubbleView)
            let ownFrame = ownBubble.convert(ownBubble.bounds, to: root)
            let otherFrame = otherBubble.convert(otherBubble.bounds, to: root)
            // Mirrored: your own messages on the left, the others' (with avatars) on the right.
            #expect(ownFrame.minX < 40, "own bubble at \(ownFrame)")
            #expect(otherFrame.maxX > root.bounds.width - 60, "other bubble at \(otherFrame)")
            #expect(Self.texts(in: root).contains("تم حذف الرسالة"))
        }
        // And back: left to right once the language is English again.
        let scene = try #require(SceneCatalog.scene(named: "channel"))
        #expect(SceneCatalog.makeView(scene).effectiveUserInterfaceLayoutDirection == .leftToRight)
    }

    /// In Arabic, your own English preview "أنت: Sounds good!" keeps its "!" after "good": the
    /// message text is a bidi isolate inside the localized prefix. Without the isolate, the
    /// right-to-left paragraph moves the "!" to the line's left end, before "Sounds".
    @Test func arabicPrefixKeepsAnEnglishPreviewInOrder() throws {
        /// The width of the leftmost run of inked pixel columns: a letter "S" is several columns
        /// wide, a "!" one or two.
        func leftmostGlyphWidth(_ label: UILabel) throws -> Int {
            let pixels = try #require(label.renderPixels(scale: 1))
            let inked = (0..<pixels.width).map { x in (0..<pixels.height).contains { pixels[x, $0].a > 40 } }
            let start = try #require(inked.firstIndex(of: true))
            return (inked[start...].firstIndex(of: false) ?? pixels.width) - start
        }
        try withLanguage("ar") {
            let me = ChatUser(id: "me", name: "Me")
            let cid = ChannelId(type: .messaging, id: "team")
            let message = ChatMessage(id: "m1", cid: cid, text: "Sounds good!", author: me, createdAt: Date(), isSentByCurrentUser: true)
            let channel = ChatChannel(cid: cid, name: "Team", memberCount: 3, lastMessageAt: message.createdAt, previewMessage: message)
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 72))
            let row = ChatChannelListItemView(frame: container.bounds)
            container.addSubview(row)
            row.content = ChatChannelListItemView.Content(channel: channel, currentUserId: "me")
            container.layoutIfNeeded()
            #expect(row.subtitleLabel.text == "أنت: \u{2068}Sounds good!\u{2069}")

            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
            label.font = row.subtitleLabel.font
            label.text = row.subtitleLabel.text
            let isolated = try leftmostGlyphWidth(label)
            #expect(isolated >= 4, "the leftmost glyph is the S of Sounds")
            label.text = "أنت: Sounds good!"
            let plain = try leftmostGlyphWidth(label)
            #expect(plain < 4, "without the isolate the ! leads the line")
        }
    }

    /// In English, a left-to-right preview is left as it is; a right-to-left one is isolated
    /// (with its author when the author's name is right to left too).
    @Test func englishPrefixIsolatesOnlyRightToLeftPreviews() {
        let me = ChatUser(id: "me", name: "Me"), ana = ChatUser(id: "ana", name: "Ana")
        let cid = ChannelId(type: .messaging, id: "team")
        func subtitle(_ text: String, by author: ChatUser) -> String? {
            let message = ChatMessage(id: "m1", cid: cid, text: text, author: author, createdAt: Date(), isSentByCurrentUser: author == me)
            let channel = ChatChannel(cid: cid, name: "Team", memberCount: 3, lastMessageAt: message.createdAt, previewMessage: message)
            let row = ChatChannelListItemView(frame: CGRect(x: 0, y: 0, width: 390, height: 72))
            row.content = ChatChannelListItemView.Content(channel: channel, currentUserId: "me")
            return row.subtitleText
        }
        #expect(subtitle("Sounds good!", by: me) == "You: Sounds good!")
        #expect(subtitle("Sounds good!", by: ana) == "Ana: Sounds good!")
        #expect(subtitle("مرحبا!", by: me) == "You: \u{2068}مرحبا!\u{2069}")
        // An Arabic author and text: one right-to-left part, read from the right as in Arabic.
        let omar = ChatUser(id: "omar", name: "عمر")
        #expect(subtitle("مرحبا!", by: omar) == "\u{2068}عمر: مرحبا!\u{2069}")
        #expect(subtitle("Hi!", by: omar) == "\u{2068}عمر\u{2069}: Hi!")
    }

    /// The online dot sits at the avatar's bottom trailing corner: bottom left in Arabic.
    @Test func onlineDotMirrorsInArabic() {
        func dotFrame() -> CGRect {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let avatar = ChatPresenceAvatarView(frame: CGRect(x: 0, y: 0, width: 48, height: 48))
            container.addSubview(avatar)
            avatar.content = ChatUser(id: "ana", name: "Ana", isOnline: true)
            container.layoutIfNeeded()
            #expect(!avatar.onlineIndicatorView.isHidden)
            return avatar.onlineIndicatorView.frame
        }
        #expect(dotFrame().maxX == 48)
        withLanguage("ar") { #expect(dotFrame().minX == 0) }
    }

    /// Every label, button title, placeholder and accessibility label on the screens is a
    /// provider string (marked ⟦key⟧ here) or the chat's own data (names, messages, dates): the
    /// scenes (channel, list, composer states, popups, the declarative screens), the list's
    /// empty, loading, error and search states, a direct message's header, a thread, the actions.
    @Test func everyTextOnTheScreensComesFromTheProvider() throws {
        let saved = Appearance.default.localizationProvider
        Appearance.default.localizationProvider = { key, _ in key == "language.code" ? "en" : "⟦\(key)⟧" }
        defer { Appearance.default.localizationProvider = saved }

        var screens: [(name: String, view: UIView)] = []
        let sceneNames = ["channel", "channel-list", "composer", "composer-quote", "composer-edit", "reaction-popup",
                          "reaction-authors", "declarative-channel-list", "declarative-channel"]
        for name in sceneNames {
            let scene = try #require(SceneCatalog.scene(named: name))
            let view = SceneCatalog.makeView(scene)
            // The reaction scenes draw a mock chat behind the popup: only the popup is the SDK's.
            let popup = Self.viewControllers(ChatMessagePopupVC.self, in: view).first
            screens.append((name, popup?.view ?? view))
        }
        var data = Set<String>()

        // The channel list's states.
        let loner = try ChatClient(opening: ChatClientConfig(currentUserId: "loner", clock: ManualChatClock()))
        for state in ["empty", "loading", "error"] {
            let list = ChatChannelListVC.make(with: loner.channelListController())
            list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 500)
            list.view.layoutIfNeeded()
            if state == "loading" { list.setState(.loading) }
            if state == "error" {
                let error = ChatError.channelNotFound(ChannelId(type: .messaging, id: "gone"))
                list.setState(.failed(error))
                data.insert(String(describing: error))  // the chat core's description of the error
            }
            list.view.layoutIfNeeded()
            screens.append(("channel list \(state)", list.view))
        }
        let listData = try ChannelListSceneData.make()
        let searching = makeChannelList(listData)
        searching.isSearchEnabled = true
        searching.search("zebra")
        searching.view.layoutIfNeeded()
        screens.append(("search", searching.view))

        // A direct message (online/last seen header) and a thread.
        let direct = ChatChannelVC()
        direct.channelController = listData.client.channelController(for: try #require(listData.channels["ana"]))
        screens.append(("direct message", Self.hosted(direct)))
        let fixture = try ChatFixtures.makeGroupChannelBlocking()
        let thread = ChatThreadVC()
        thread.channelController = fixture.client.channelController(for: fixture.cid)
        try thread.channelController?.synchronize()
        thread.messageController = fixture.client.messageController(cid: fixture.cid, messageId: ChatFixtures.threadRootId)
        screens.append(("thread", Self.hosted(thread)))

        // The actions of one of your messages.
        let channelVC = try #require(Self.viewControllers(ChatChannelVC.self, in: screens[0].view).first)
        let actions = ChatMessageActionsVC()
        actions.message = channelVC.channelController?.messages.first { !$0.isDeleted && $0.type == .regular && $0.isSentByCurrentUser }
        actions.channel = channelVC.channelController?.channel
        actions.view.frame = CGRect(x: 0, y: 0, width: 300, height: 500)
        actions.view.layoutIfNeeded()
        screens.append(("actions", actions.view))

        for screen in screens { data.formUnion(Self.data(in: screen.view)) }
        #expect(data.count > 30, "the screens' data was found")
        for screen in screens {
            let texts = Self.texts(in: screen.view)
            #expect(!texts.isEmpty, "\(screen.name) shows texts")
            let offenders = texts.filter { !Self.isProvided($0, data: data) }
            #expect(offenders.isEmpty, "texts on \(screen.name) not from the provider: \(offenders)")
        }
        let all = screens.flatMap { Self.texts(in: $0.view) }
        for key in ["composer.placeholder.message", "message.actions.inline-reply", "channelList.empty.title", "channelList.loading",
                    "channelList.error.retry", "composer.title.edit", "message.title.online", "message.threads.title",
                    "reaction.authors.count", "channelList.search.searching"] where !all.contains(where: { $0.contains("⟦\(key)") }) {
            Issue.record("no screen showed \(key)")
        }
    }

    /// `controller` in a navigation controller, laid out at phone size.
    static func hosted(_ controller: UIViewController) -> UIView {
        let navigation = UINavigationController(rootViewController: controller)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        navigation.view.frame = host.bounds
        host.addSubview(navigation.view)
        host.layoutIfNeeded()
        return host
    }

    /// The samples of "Changing texts and the language" (CustomizingUIComponents.md).
    @Test func theDocumentationSamplesChangeATextAndTheLanguage() {
        let saved = Appearance.default
        defer { Appearance.default = saved }
        Appearance.default.localizationProvider = { key, table in
            if key == "composer.placeholder.message" { return "Say something nice" }
            return ChatLocalization.current.string(forKey: key, table: table)
        }
        let input = InputTextView()
        UIView().addSubview(input)
        #expect(input.placeholderLabel.text == "Say something nice")
        let composer = ComposerView()
        UIView().addSubview(composer)
        #expect(Self.texts(in: composer).contains("Send"), "the other keys keep their English text")

        defer { ChatLocalization.use(.preferred) }
        ChatLocalization.use(ChatLocalization(language: "ar"))
        #expect(UIView().effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(Appearance.default.l10n.tr("message.deleted") == "تم حذف الرسالة")
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
        if let message = channel.previewMessage { data.formUnion(Self.data(of: message)) }
        return data
    }

    static func data(of message: ChatMessage) -> Set<String> {
        var data: Set<String> = [message.text, message.author.name]
        if let quoted = message.quotedMessage { data.insert(quoted.text); data.insert(quoted.author.name) }
        for reaction in message.latestReactions { data.insert(reaction.author.name) }
        return data
    }

    /// The chat data the views in `root` show: messages, channels, reaction authors.
    static func data(in root: UIView) -> Set<String> {
        var data = Set<String>()
        for view in views(in: root) {
            if let message = (view as? ChatMessageContentView)?.content ?? (view as? QuotedChatMessageView)?.content {
                data.formUnion(Self.data(of: message))
            }
            if let channel = (view as? ChatChannelListItemView)?.content?.channel { data.formUnion(Self.data(of: channel)) }
            if let result = (view as? ChatMessageSearchResultView)?.content {
                data.formUnion(Self.data(of: result.message))
                if let channel = result.channel { data.formUnion(Self.data(of: channel)) }
            }
            if let author = (view as? ChatMessageReactionAuthorViewCell)?.content?.reaction.author { data.insert(author.name) }
        }
        for controller in viewControllers(UIViewController.self, in: root) {
            if let channel = (controller as? ChatChannelVC)?.channelController?.channel ?? (controller as? ChatThreadVC)?.channelController?.channel {
                data.formUnion(Self.data(of: channel))
            }
            for channel in (controller as? ChatChannelListVC)?.controller?.channels ?? [] { data.formUnion(Self.data(of: channel)) }
            // The declarative channel draws its messages with components.
            for message in (controller as? ChatChannelView)?.channelController?.messages ?? [] { data.formUnion(Self.data(of: message)) }
        }
        return data
    }

    /// The texts a user sees or hears: labels, button titles, placeholders, accessibility labels.
    static func texts(in root: UIView) -> [String] {
        var texts: [String] = []
        func visit(_ view: UIView) {
            if view.isHidden { return }
            let shown = texts.count
            if let label = view as? UILabel, let text = label.attributedText?.string ?? label.text, !text.isEmpty { texts.append(text) }
            if let textView = view as? UITextView, !textView.isEditable, !textView.text.isEmpty { texts.append(textView.text) }
            if let button = view as? UIButton, let title = button.title(for: .normal), !title.isEmpty { texts.append(title) }
            if let field = view as? UITextField, let placeholder = field.placeholder, !placeholder.isEmpty { texts.append(placeholder) }
            // Spoken only: a label's or a button's default accessibility label is its shown text.
            if let spoken = view.accessibilityLabel, !spoken.isEmpty, !texts[shown...].contains(spoken) { texts.append(spoken) }
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
