import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports to the list: taps on its parts.
@MainActor
public protocol ChatMessageContentViewDelegate: AnyObject {
    /// The "N replies" thread info was tapped.
    func messageContentViewDidTapOnThread(_ message: ChatMessage)
    /// The quoted message inside a reply was tapped.
    func messageContentViewDidTapOnQuotedMessage(_ quotedMessage: ChatMessage)
    /// The failed-to-send indicator was tapped.
    func messageContentViewDidTapOnErrorIndicator(_ message: ChatMessage)
    /// A link in the text was tapped.
    func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL)
    /// A mention in the text was tapped.
    func messageContentView(_ view: ChatMessageContentView, didTapOnMention user: ChatUser)
}

extension ChatMessageContentViewDelegate {
    /// Does nothing.
    public func messageContentViewDidTapOnThread(_ message: ChatMessage) {}
    /// Does nothing.
    public func messageContentViewDidTapOnQuotedMessage(_ quotedMessage: ChatMessage) {}
    /// Does nothing.
    public func messageContentViewDidTapOnErrorIndicator(_ message: ChatMessage) {}
    /// Does nothing.
    public func messageContentView(_ view: ChatMessageContentView, didTapOnLink url: URL) {}
    /// Does nothing.
    public func messageContentView(_ view: ChatMessageContentView, didTapOnMention user: ChatUser) {}
}

/// One message in the message list, laid out from its layout options.
@MainActor
open class ChatMessageContentView: _View {
    /// The message shown.
    public var content: ChatMessage? {
        didSet { updateContentIfNeeded() }
    }

    /// The channel the message is in (member count decides author names, config decides reactions).
    public var channel: ChatChannel? {
        didSet { updateContentIfNeeded() }
    }

    /// Receives taps on the message's parts.
    public weak var delegate: (any ChatMessageContentViewDelegate)?

    /// The options the subviews were built for; `nil` until `setUpLayoutIfNeeded(options:)`.
    public private(set) var layoutOptions: ChatMessageLayoutOptions?

    /// Creates the view.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Builds the subviews for `options` (once; again only if the options differ).
    open func setUpLayoutIfNeeded(options: ChatMessageLayoutOptions) {
        layoutOptions = options
    }
}
