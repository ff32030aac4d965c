import Foundation
import ParleyChat
import ParleyUIKit

/// What a message row reports to the list: taps on its parts.
@preconcurrency @MainActor
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
    /// The reactions bubble was tapped (the list shows the reaction authors).
    func messageContentViewDidTapOnReactionsView(_ view: ChatMessageContentView)
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
    /// Does nothing.
    public func messageContentViewDidTapOnReactionsView(_ view: ChatMessageContentView) {}
}
