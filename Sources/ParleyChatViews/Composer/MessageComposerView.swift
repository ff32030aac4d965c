import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The default composer: the UIKit-style `Components.default.messageComposerVC` (text view,
/// reply and edit modes, typing events, Enter to send), hosted in the declarative screen, with
/// its send button replaced by the factory's ``ViewFactory/makeSendMessageButton(enabled:onTap:)``.
///
/// One composer controller is kept per channel controller, so its text survives the screen's
/// reloads. The screen's quoted message and the composer's reply mode follow each other.
public struct MessageComposerView<Factory: ViewFactory>: Component {
    /// The factory the send button comes from.
    public let factory: Factory
    /// The channel to send to.
    public let channelController: ChatChannelController
    /// The message replied to.
    public let quotedMessage: Binding<ChatMessage?>
    /// Called after a message was sent.
    public let onMessageSent: @MainActor () -> Void

    /// The composer for `channelController`.
    public init(factory: Factory, channelController: ChatChannelController, quotedMessage: Binding<ChatMessage?>,
                onMessageSent: @escaping @MainActor () -> Void) {
        self.factory = factory
        self.channelController = channelController
        self.quotedMessage = quotedMessage
        self.onMessageSent = onMessageSent
    }

    /// The hosted composer at its Auto Layout height for the constraint's width.
    public func layout(_ constraint: Constraint) -> ViewRenderNode<ComposerHostView> {
        let host = ComposerHostView.host(for: channelController)
        let factory = self.factory
        host.sendButton = { enabled, onTap in
            factory.makeTrailingComposerView(enabled: enabled, cooldownDuration: 0, onTap: { MainActor.assumeIsolated { onTap() } })
        }
        host.header = { [weak host] content in
            guard let host else { return nil }
            return Self.header(of: factory, for: content, in: host)
        }
        host.leadingView = { [weak host] in
            guard let host else { return nil }
            return Self.leadingView(of: factory, in: host)
        }
        host.quotedMessage = quotedMessage
        host.onMessageSent = onMessageSent
        host.applyQuotedMessage()
        return ViewComponent(view: host).layout(constraint)
    }
}

/// The view that hosts a composer controller in a component tree (see ``MessageComposerView``).
@preconcurrency @MainActor
public final class ComposerHostView: UIView {
    private static var hosts: [ObjectIdentifier: (controller: WeakChannelController, view: ComposerHostView)] = [:]

    /// The host for `channelController` (made on first use).
    static func host(for channelController: ChatChannelController) -> ComposerHostView {
        hosts = hosts.filter { $0.value.controller.value != nil }
        let key = ObjectIdentifier(channelController)
        if let existing = hosts[key], existing.controller.value === channelController { return existing.view }
        let view = ComposerHostView(channelController: channelController)
        hosts[key] = (WeakChannelController(value: channelController), view)
        return view
    }

    /// The hosted composer controller.
    public let composerVC: ComposerVC
    /// The factory's send button, shown where the composer's own was.
    public private(set) lazy var sendButtonHost: ComponentView = ComponentView(frame: .zero)
    var sendButton: (@MainActor (Bool, @escaping @MainActor () -> Void) -> any Component)? {
        didSet { reloadSendButton() }
    }
    /// The factory's header for the composer's mode (nil: the composer's own title bar).
    var header: (@MainActor (ComposerVC.Content) -> (any Component)?)? {
        didSet { reloadHeader() }
    }
    /// The factory's leading view (nil: the composer's own attachments button).
    var leadingView: (@MainActor () -> (any Component)?)? {
        didSet { reloadLeadingView() }
    }
    /// Hosts the factory's header over the composer's title bar (made when needed).
    var headerHost: ComponentView?
    /// Hosts the factory's leading view in place of the attachments button (made when needed).
    var leadingHost: ComponentView?
    var quotedMessage: Binding<ChatMessage?>?
    var onMessageSent: (@MainActor () -> Void)?
    private var lastAppliedQuoteId: MessageId??
    private var observer: (any NSObjectProtocol)?

    init(channelController: ChatChannelController) {
        composerVC = Components.default.messageComposerVC.init()
        composerVC.channelController = channelController
        super.init(frame: .zero)
        let composer: UIView = composerVC.view
        composer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(composer)
        NSLayoutConstraint.activate([
            composer.topAnchor.constraint(equalTo: topAnchor),
            composer.leadingAnchor.constraint(equalTo: leadingAnchor),
            composer.trailingAnchor.constraint(equalTo: trailingAnchor),
            composer.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        let composerView = composerVC.composerView
        composerView.sendButton.isHidden = true
        sendButtonHost.isScrollEnabled = false
        sendButtonHost.backgroundColor = .clear
        sendButtonHost.translatesAutoresizingMaskIntoConstraints = false
        composerView.trailingContainer.addArrangedSubview(sendButtonHost)
        NSLayoutConstraint.activate([
            sendButtonHost.widthAnchor.constraint(equalToConstant: 38),
            sendButtonHost.heightAnchor.constraint(equalToConstant: 38),
        ])
        observer = NotificationCenter.default.addObserver(forName: UITextView.textDidChangeNotification, object: composerView.inputTextView,
                                                          queue: nil) { [weak self] _ in
            MainActor.assumeIsolated { self?.composerDidChange() }
        }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    isolated deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// Called when the composer's text or mode changed: the send button and the screen's quoted
    /// message follow, and the screen re-measures the composer.
    var onHeightMayChange: (@MainActor () -> Void)?

    func composerDidChange() {
        if let quotedMessage, quotedMessage.wrappedValue?.id != composerVC.content.quotingMessage?.id {
            lastAppliedQuoteId = .some(composerVC.content.quotingMessage?.id)
            quotedMessage.wrappedValue = composerVC.content.quotingMessage
        }
        reloadSendButton()
        reloadHeader()
        onHeightMayChange?()
    }

    /// Puts the composer in reply mode when the screen's quoted message changed.
    func applyQuotedMessage() {
        guard let quotedMessage else { return }
        let id = quotedMessage.wrappedValue?.id
        guard lastAppliedQuoteId != .some(id) else { return }
        lastAppliedQuoteId = .some(id)
        if let message = quotedMessage.wrappedValue {
            if composerVC.content.quotingMessage?.id != message.id { composerVC.content.quoteMessage(message) }
        } else if composerVC.content.quotingMessage != nil {
            composerVC.content.quotingMessage = nil
        }
        reloadHeader()
        onHeightMayChange?()
    }

    /// Sends the composer's text, then tells the screen once it is stored.
    public func send() {
        composerVC.publishMessage(sender: composerVC.composerView.sendButton)
        composerDidChange()
        let task = composerVC.pendingTask
        Task { @MainActor [weak self] in
            await task?.value
            self?.composerDidChange()
            self?.onMessageSent?()
        }
    }

    func reloadSendButton() {
        guard let sendButton else { return }
        sendButtonHost.component = sendButton(!composerVC.content.isEmpty) { [weak self] in self?.send() }
    }

    /// The composer's Auto Layout size at the given width.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = size.width.isFinite ? size.width : 390
        let fitting = systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                              verticalFittingPriority: .fittingSizeLevel)
        return CGSize(width: width, height: fitting.height)
    }
}

/// A weak reference to a channel controller (the composer cache must not keep screens' controllers alive).
struct WeakChannelController {
    weak var value: ChatChannelController?
}

/// The default send button: the send arrow in the tint colour (`inactiveTint` when there is
/// nothing to send) in a 38-point square.
public struct SendMessageButton: View {
    /// Whether there is something to send.
    public let enabled: Bool
    /// Sends.
    public let onTap: @MainActor () -> Void

    /// A send button.
    public init(enabled: Bool, onTap: @escaping @MainActor () -> Void) {
        self.enabled = enabled
        self.onTap = onTap
    }

    /// The arrow, tappable only when enabled.
    public var body: some View {
        let appearance = Appearance.default
        let onTap = self.onTap
        let enabled = self.enabled
        return Image(appearance.images.sendArrow.withRenderingMode(.alwaysTemplate), tintColor: enabled ? nil : appearance.colorPalette.inactiveTint)
            .size(width: 24, height: 24)
            .inset(7)
            .tappable { if enabled { onTap() } }
            .id(enabled ? "send-enabled" : "send-disabled")
    }
}
