import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

// The SDK's composer and attachment slots the screens draw since session 13, each overridden by a
// factory in the guides' style: the reply and edit headers above the composer, the view before
// its input, and the message row's file and link attachment views.

/// The composer's reply and edit headers.
final class ComposerHeadersFactory: ViewFactory {
    func makeQuotedMessageHeaderView(quotedMessage: Binding<ChatMessage?>) -> some View {
        HStack {
            Text("Replying to \(quotedMessage.wrappedValue?.author.name ?? "")")
                .font(.footnote.bold())
                .foregroundColor(.blue)
            Spacer()
            Button {
                quotedMessage.wrappedValue = nil
            } label: {
                Text("Cancel").font(.footnote)
            }
        }
        .padding(.horizontal, 8)
        .padding(.vertical, 6)
        .background(Color.blue.opacity(0.12))
    }

    func makeEditedMessageHeaderView(editedMessage: Binding<ChatMessage?>) -> some View {
        HStack {
            Text("Editing").font(.footnote.bold()).foregroundColor(.orange)
            Spacer()
        }
        .padding(.horizontal, 8)
        .padding(.vertical, 6)
        .background(Color.orange.opacity(0.12))
    }
}

/// A "+" before the composer's input that opens the attachment picker.
final class LeadingComposerFactory: ViewFactory {
    func makeLeadingComposerView(state: Binding<PickerTypeState>, channelConfig: ChannelConfig?) -> some View {
        Button {
            state.wrappedValue = .expanded(.media)
        } label: {
            Text("+")
                .font(.title2.bold())
                .foregroundColor(.white)
                .frame(width: 30, height: 30)
                .background(Circle().fill(Color.green))
        }
        .padding(.bottom, 4)
    }
}

/// Files and link previews drawn by the factory.
final class AttachmentSlotsFactory: ViewFactory {
    func makeFileAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                scrolledId: Binding<String?>) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(message.attachments) { attachment in
                if case let .file(file) = attachment.payload {
                    Text("📄 \(file.title)").font(.footnote.bold())
                }
            }
        }
        .padding(8)
        .background(Color.purple.opacity(0.15))
        .cornerRadius(8)
    }

    func makeLinkAttachmentView(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                scrolledId: Binding<String?>) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(message.attachments) { attachment in
                if case let .link(link) = attachment.payload {
                    Text(link.siteName ?? "").font(.caption).foregroundColor(.gray)
                    Text(link.title ?? link.url.absoluteString).font(.footnote.bold())
                }
            }
        }
        .padding(8)
        .frame(maxWidth: availableWidth, alignment: .leading)
        .background(Color.green.opacity(0.15))
        .cornerRadius(8)
    }
}

@MainActor
@Suite(.serialized) struct ComposerSlotGuidesTests {
    func isolated(_ body: () throws -> Void) rethrows {
        let appearance = Appearance.default, components = Components.default
        defer {
            Appearance.default = appearance
            Components.default = components
        }
        try body()
    }

    func channel(_ factory: some ViewFactory) throws -> (UIView, ChatChannelView, ComposerHostView) {
        let host = DeclarativeScenes.makeChannel(size: CGSize(width: 390, height: 560), factory: factory)
        host.layoutIfNeeded()
        host.layoutIfNeeded()
        let screen = try #require(guideViews(of: ChatChannelView.self, in: host).first)
        let composer = try #require(views(of: ComposerHostView.self, in: host).first)
        return (host, screen, composer)
    }

    /// The channel screen in a headless window, for taps.
    func windowed(_ factory: some ViewFactory) throws -> (HeadlessBackend, UIWindow, ChatChannelView, ComposerHostView) {
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        let design = try #require(data.channels["design"])
        let screen = ChatChannelView(viewFactory: factory, channelController: data.client.channelController(for: design))
        let window = backend.openWindow(size: CGSize(width: 390, height: 700), rootViewController: UINavigationController(rootViewController: screen))
        backend.advance(by: 0.2)
        let composer = try #require(views(of: ComposerHostView.self, in: window).first)
        return (backend, window, screen, composer)
    }

    func tap(_ view: UIView, _ backend: HeadlessBackend, _ window: UIWindow) {
        backend.tap(at: view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window))
        backend.advance(by: 0.1)
    }

    func views<T: UIView>(of type: T.Type, in view: UIView) -> [T] {
        ((view as? T).map { [$0] } ?? []) + view.subviews.flatMap { views(of: type, in: $0) }
    }

    func quote(_ screen: ChatChannelView, _ host: UIView) throws -> ChatMessage {
        let message = try #require(screen.messages.last { !$0.isSentByCurrentUser && $0.type != .system })
        screen.quotedMessage = message
        host.layoutIfNeeded()
        host.layoutIfNeeded()
        return message
    }

    @Test func theFactorysReplyHeaderReplacesTheComposersTitleAndClosesTheReply() throws {
        try isolated {
            let (plainHost, plain, plainComposer) = try channel(DefaultViewFactory.shared)
            let quoted = try quote(plain, plainHost)
            #expect(!plainComposer.composerVC.composerView.titleLabel.isHidden, "the default keeps the composer's title")
            #expect(!guideLabelTexts(in: plainHost).contains("Replying to \(quoted.author.name)"))

            let (host, screen, composer) = try channel(ComposerHeadersFactory())
            let message = try quote(screen, host)
            #expect(guideLabelTexts(in: host).contains("Replying to \(message.author.name)"))
            #expect(composer.composerVC.composerView.titleLabel.isHidden)
            #expect(composer.composerVC.composerView.headerView.frame.height > 30, "sized to the factory's header")
            // Its button clears the binding: the composer leaves reply mode, and the screen follows.
            let (backend, window, live, liveComposer) = try windowed(ComposerHeadersFactory())
            defer { backend.close(window) }
            _ = try quote(live, window)
            backend.advance(by: 0.1)
            let cancel = try #require(views(of: UILabel.self, in: liveComposer).first { $0.text == "Cancel" })
            tap(cancel, backend, window)
            #expect(liveComposer.composerVC.content.quotingMessage == nil)
            #expect(live.quotedMessage == nil)
            #expect(!liveComposer.composerVC.composerView.titleLabel.isHidden || liveComposer.composerVC.composerView.headerView.isHidden)

            try render(named: "composer-reply-header-slot") {
                let (host, screen, _) = try channel(ComposerHeadersFactory())
                _ = try quote(screen, host)
                return host
            }
        }
    }

    @Test func theFactorysEditHeaderShowsWhileEditing() throws {
        try isolated {
            let (host, screen, composer) = try channel(ComposerHeadersFactory())
            let message = try #require(screen.messages.last { $0.type != .system })
            composer.composerVC.content.editMessage(message)
            // The screen's next composer reload shows the mode's header.
            screen.reloadComposer()
            host.layoutIfNeeded()
            #expect(guideLabelTexts(in: host).contains("Editing"))
            #expect(composer.composerVC.composerView.titleLabel.isHidden)
        }
    }

    @Test func theFactorysLeadingViewReplacesTheAttachmentsButtonAndOpensThePicker() throws {
        try isolated {
            let (_, _, plain) = try channel(DefaultViewFactory.shared)
            #expect(plain.composerVC.composerView.attachmentButton.superview != nil, "the default keeps the composer's button")

            let (backend, window, _, composer) = try windowed(LeadingComposerFactory())
            defer { backend.close(window) }
            #expect(composer.composerVC.composerView.attachmentButton.superview == nil)
            let plus = try #require(views(of: UILabel.self, in: composer).first { $0.text == "+" })
            #expect(plus.bounds.width > 0)
            tap(plus, backend, window)
            backend.advance(by: 0.5)
            let picker = window.rootViewController?.presentedViewController ?? composer.composerVC.presentedViewController
            #expect(picker != nil, "the picker is open")
            picker?.dismiss(animated: false)

            try render(named: "composer-leading-view-slot") { try channel(LeadingComposerFactory()).0 }
        }
    }

    @Test func theDefaultRowDrawsTheFactorysFileAndLinkAttachmentViews() {
        let file = ChatMessageAttachment(id: 0, payload: .file(FileAttachmentPayload(
            localURL: URL(fileURLWithPath: "/tmp/minutes.pdf"), title: "Minutes.pdf", fileSize: 182_400, mimeType: "application/pdf")))
        let link = ChatMessageAttachment(id: 1, payload: .link(LinkAttachmentPayload(
            url: URL(string: "https://parley.chat/blog")!, title: "Attachments arrive in Parley", siteName: "Parley Blog")))
        let withFile = ChatMessage(id: "f1", cid: Fixtures.cid, text: "The minutes", author: Fixtures.ana, createdAt: Fixtures.start,
                                   attachments: [file])
        let withLink = ChatMessage(id: "l1", cid: Fixtures.cid, text: "Have a look", author: Fixtures.ana, createdAt: Fixtures.start,
                                   attachments: [link])
        let custom = containerLabelTexts(AttachmentSlotsFactory(), withFile)
        #expect(custom == ["📄 Minutes.pdf", "The minutes"], "above the text: \(custom)")
        let links = containerLabelTexts(AttachmentSlotsFactory(), withLink)
        #expect(links == ["Parley Blog", "Attachments arrive in Parley", "Have a look"], "\(links)")
        // The default slots list the attachments (a line each).
        let plain = containerLabelTexts(DefaultViewFactory.shared, withFile)
        #expect(plain.contains("minutes.pdf") && !plain.contains("📄 Minutes.pdf"), "\(plain)")
        renderHostedGolden(VStack(spacing: 0) {
            for message in [withFile, withLink] {
                AttachmentSlotsFactory().makeMessageContainerView(
                    channel: Fixtures.channel, message: message, width: 390, showsAllInfo: false, isInThread: false,
                    scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: false)
            }
            Spacer()
        }, named: "attachment-view-slots", size: CGSize(width: 390, height: 200))
    }

    func render(named name: String, _ makeView: () throws -> UIView) rethrows {
        for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
            Snapshot.assert(try makeView(), named: name + suffix, scale: 2, style: style)
        }
    }
}

/// The texts of `factory`'s message row for `message`, 390 points wide, top to bottom.
@MainActor func containerLabelTexts(_ factory: some ViewFactory, _ message: ChatMessage) -> [String] {
    let controller = UIHostingController(rootView: factory.makeMessageContainerView(
        channel: Fixtures.channel, message: message, width: 390, showsAllInfo: false, isInThread: false,
        scrolledId: .constant(nil), quotedMessage: .constant(nil), onLongPress: { _ in }, isLast: false))
    let view: UIView = controller.view
    view.frame = CGRect(x: 0, y: 0, width: 390, height: 200)
    view.layoutIfNeeded()
    return guideLabelTexts(in: view)
}
