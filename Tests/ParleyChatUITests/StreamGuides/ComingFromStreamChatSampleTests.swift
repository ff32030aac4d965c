import Foundation
import Parley
import Testing

// The samples of the article "Coming from Stream Chat" (Sources/Parley/Parley.docc/
// ComingFromStreamChat.md), compiled and run: each block of the article appears here verbatim
// (scripts/check-doc-samples checks it), followed by what the article says it does.

final class MutedBadgeChannelListItemView: ChatChannelListItemView {
    private(set) lazy var mutedBadge = UILabel()

    override func setUpLayout() {
        super.setUpLayout()
        topContainer.addArrangedSubview(mutedBadge)
    }

    override func setUpAppearance() {
        super.setUpAppearance()
        mutedBadge.font = appearance.fonts.caption1Bold
        mutedBadge.textColor = appearance.colorPalette.subtitleText
    }

    override func updateContent() {
        super.updateContent()
        mutedBadge.text = content?.channel.isMuted == true ? "muted" : nil
        mutedBadge.isHidden = mutedBadge.text == nil
    }
}

final class AtTimeFormatter: DefaultMessageTimestampFormatter {
    override func format(_ date: Date) -> String {
        "at " + super.format(date)
    }
}

final class NoAvatarResolver: ChatMessageLayoutOptionsResolver {
    override func optionsForMessage(at indexPath: IndexPath, in channel: ChatChannel,
                                    with messages: AnyRandomAccessCollection<ChatMessage>,
                                    appearance: Appearance) -> ChatMessageLayoutOptions {
        var options = super.optionsForMessage(at: indexPath, in: channel, with: messages, appearance: appearance)
        options.remove(.avatar)
        options.remove(.avatarSizePadding)
        return options
    }
}

final class AccentTimestampMessageView: ChatMessageContentView {
    override func setUpAppearance() {
        super.setUpAppearance()
        timestampLabel?.textColor = appearance.colorPalette.accentPrimary
    }
}

final class CopyOnlyActionsVC: ChatMessageActionsVC {
    override var messageActions: [ChatMessageActionItem] {
        super.messageActions.filter { $0 is CopyActionItem }
    }
}

extension AttachmentType {
    static let location = Self(rawValue: "location")
}

struct LocationAttachmentPayload: AttachmentPayload, Hashable {
    static let type = AttachmentType.location

    var name: String
    var latitude: Double
    var longitude: Double
}

final class LocationAttachmentViewInjector: AttachmentViewInjector {
    let placeLabel = UILabel()

    override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
        super.contentViewDidLayout(options: options)
        contentView.bubbleContentContainer.insertArrangedSubview(placeLabel, at: 0)
    }

    override func contentViewDidUpdateContent() {
        super.contentViewDidUpdateContent()
        let place = contentView.content?.attachments(payloadType: LocationAttachmentPayload.self).first?.payload
        placeLabel.text = place.map { "📍 \($0.name)" }
    }
}

final class LocationAttachmentViewCatalog: AttachmentViewCatalog {
    override class func attachmentViewInjectorClassFor(message: ChatMessage, components: Components) -> AttachmentViewInjector.Type? {
        guard message.attachmentCounts[.location, default: 0] > 0 else {
            return super.attachmentViewInjectorClassFor(message: message, components: components)
        }
        return message.attachmentCounts.count > 1 ? components.mixedAttachmentInjector : LocationAttachmentViewInjector.self
    }
}

@MainActor
@Suite struct ComingFromStreamChatSampleTests {
    typealias L = MessageListFixtures
    typealias H = StreamGuideHarness

    @Test func aClientAndTheChannelList() throws {
        let client = ChatClient(config: ChatClientConfig(currentUserId: "sam"))
        let channelList = ChatChannelListVC.make(with: client.channelListController())
        let navigation = UINavigationController(rootViewController: channelList)

        navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        navigation.view.layoutIfNeeded()
        #expect(navigation.topViewController === channelList)
        #expect(channelList.controller.client === client)
        #expect(channelList.state == .loaded && !channelList.emptyView.isHidden, "sam has no channels yet")
    }

    @Test func streamsConnectUserOnTheEmbeddedBackend() async throws {
        var config = ChatClientConfig(apiKey: .init("my-app"))
        config.isLocalStorageEnabled = false
        let client = ChatClient(config: config)
        client.connectUser(userInfo: .init(id: "sam", name: "Sam"), token: .development(userId: "sam")) { error in
            if let error { print("Could not connect: \(error)") }
        }
        let channelList = ChatChannelListVC.make(with: client.channelListController())
        let navigation = UINavigationController(rootViewController: channelList)

        navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        navigation.view.layoutIfNeeded()
        for _ in 0..<500 where client.currentUserId.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(client.currentUserId == "sam")
        #expect(try client.currentUser()?.name == "Sam")
        // The list made before the connect completed shows sam's new channel.
        let cid = try await client.createChannel(ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "notes")))
        for _ in 0..<500 where channelList.controller.channels.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(channelList.controller.channels.map(\.cid) == [cid])
    }

    @Test func componentsTakeTheSubclass() {
        let saved = Components.default
        defer { Components.default = saved }

        Components.default.channelContentView = MutedBadgeChannelListItemView.self

        let cell = Components.default.channelCell.init(frame: CGRect(x: 0, y: 0, width: 390, height: 64))
        let host = UIView(frame: cell.frame)
        host.addSubview(cell)
        var channel = L.channel()
        channel.isMuted = true
        cell.content = .init(channel: channel, currentUserId: L.me.id)
        host.layoutIfNeeded()
        let row = cell.itemView as? MutedBadgeChannelListItemView
        #expect(row?.mutedBadge.text == "muted")
        #expect(row?.mutedBadge.isDescendant(of: cell) == true)
    }

    @Test func anAppearanceOfTheAppsOwn() {
        var appearance = Appearance.default
        appearance.colorPalette.accentPrimary = .systemPink
        appearance.fonts.body = .italicSystemFont(ofSize: 18)
        appearance.formatters.messageTimestamp = AtTimeFormatter()
        appearance.localizationProvider = { key, table in
            key == "composer.placeholder.message" ? "Say hi" : ChatLocalization.current.string(forKey: key, table: table)
        }

        let composer = HostedComposer { $0.appearance = appearance }
        #expect(composer.composerView.inputTextView.placeholderLabel.text == "Say hi")
        #expect(composer.composerView.inputTextView.font == appearance.fonts.body)
        let time = DefaultMessageTimestampFormatter().format(L.day)
        #expect(appearance.formatters.messageTimestamp.format(L.day) == "at " + time)
    }

    @Test func layoutOptionsAndContentViewParts() throws {
        let (vc, _, _) = H.list(H.conversation) { components in
            components.messageLayoutOptionsResolver = NoAvatarResolver()
            components.messageContentView = AccentTimestampMessageView.self
        }
        let rows = vc.listView.visibleViews.compactMap { $0 as? AccentTimestampMessageView }
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.authorAvatarView == nil }, "no avatar is made")
        let stamped = try #require(rows.first { $0.timestampLabel != nil })
        #expect(stamped.timestampLabel?.textColor == stamped.appearance.colorPalette.accentPrimary)
    }

    @Test func messageActionsOfTheAppsChoice() {
        var components = Components.default
        components.messageActionsVC = CopyOnlyActionsVC.self

        let vc = components.messageActionsVC.init()
        vc.components = components
        vc.channel = L.channel()
        vc.message = ChatMessage(id: "m", cid: L.cid, text: "Hola", author: L.alice, createdAt: L.day)
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let root: UIView = vc.view
        root.frame = host.bounds
        host.addSubview(root)
        host.layoutIfNeeded()
        #expect(vc.actionControls.count == 1)
        #expect(vc.actionControls.first?.content is CopyActionItem)
    }

    @Test func aComposerOfTheAppsOwn() throws {
        var components = Components.default
        components.messageComposerVC = CleanComposerVC.self

        let composer = try #require(components.messageComposerVC.init() as? CleanComposerVC)
        H.host(composer)
        composer.content.text = "darn"
        composer.composerView.sendButton.sendActions(for: .primaryActionTriggered)
        #expect(composer.senders.count == 1 && composer.content.text == "****")
    }

    @Test func sendingAndReadingACustomAttachment() async throws {
        let client = ChatClient(config: ChatClientConfig(currentUserId: "sam"))
        try await client.upsertUsers([ChatUser(id: "sam", name: "Sam")])
        let cid = try await client.createChannel(ChannelCreationRequest(cid: ChannelId(type: .messaging, id: "trip"), name: "Trip"))

        let place = LocationAttachmentPayload(name: "Belém Tower", latitude: 38.6916, longitude: -9.2160)
        let attachment = try AnyAttachmentPayload(payload: place)
        let id = try await client.sendMessage("Meet here", in: cid, attachments: [attachment.messageAttachment])

        let places = try client.message(id: id)?.attachments(payloadType: LocationAttachmentPayload.self)
        #expect(places?.map(\.payload) == [place] && attachment.type == .location)
    }

    @Test func anAttachmentOfTheAppsOwn() throws {
        let registry = MixedAttachmentViewInjector.injectorsRegistry
        defer { MixedAttachmentViewInjector.injectorsRegistry = registry }
        var components = Components.default
        components.attachmentViewCatalog = LocationAttachmentViewCatalog.self
        components.mixedAttachmentInjector.register(.location, with: LocationAttachmentViewInjector.self)

        let place = LocationAttachmentPayload(name: "Lisbon", latitude: 38.72, longitude: -9.14)
        let message = ChatMessage(id: "here", cid: L.cid, text: "", author: L.alice, createdAt: L.day,
                                  attachments: [try AnyAttachmentPayload(payload: place).messageAttachment])
        let row = AttachmentFixtures.row(0, in: [message], components: components)
        let injector = try #require(row.attachmentViewInjector as? LocationAttachmentViewInjector)
        #expect(injector.placeLabel.text == "📍 Lisbon")
        #expect(row.bubbleContentContainer.arrangedSubviews.first === injector.placeLabel)
        // A message without a place keeps the SDK's injectors (none for plain text).
        let plain = AttachmentFixtures.row(0, in: [L.messages(1)[0]], components: components)
        #expect(plain.attachmentViewInjector == nil)
        // A place beside a picture: the mixed injector draws both, the picture on top.
        var mixed = message
        mixed.attachments.insert(ChatMessageAttachment(id: 1, payload: AttachmentFixtures.image(
            AttachmentFixtures.picture("guide-mixed.png", width: 320, height: 240))), at: 0)
        let mixedRow = AttachmentFixtures.row(0, in: [mixed], components: components)
        let injectors = try #require(mixedRow.attachmentViewInjector as? MixedAttachmentViewInjector).injectors
        let placeInjector = try #require(injectors.compactMap { $0 as? LocationAttachmentViewInjector }.first)
        let gallery = try #require(injectors.compactMap { $0 as? GalleryAttachmentViewInjector }.first)
        #expect(placeInjector.placeLabel.text == "📍 Lisbon" && !gallery.galleryView.isHidden)
        #expect(mixedRow.bubbleContentContainer.arrangedSubviews.filter { !$0.isHidden }.prefix(2).map(ObjectIdentifier.init)
            == [ObjectIdentifier(gallery.galleryView), ObjectIdentifier(placeInjector.placeLabel)])
    }

    @Test func featureFlags() {
        var components = Components.default
        components.isJumpToUnreadEnabled = true
        components.messageListDateOverlayEnabled = false
        components.reactionsSorting = { $0.count > $1.count }

        let (vc, _, _) = H.list(L.messages(80), channel: L.channel(unread: 40)) { $0 = components }
        #expect(!vc.jumpToUnreadMessagesButton.isHidden)
        #expect(!vc.isDateOverlayEnabled)
    }
}
