import Foundation
import ParleyChat
import ParleyUIKit

/// The message composer controller: text, send, reply and edit modes, typing events.
@MainActor
open class ComposerVC: _ViewController {
    /// What the composer holds: the text and the mode (new, quoting a message, editing one).
    public struct Content: Sendable {
        /// The text typed so far.
        public var text: String
        /// The message being replied to (quote mode).
        public var quotingMessage: ChatMessage?
        /// The message being edited (edit mode).
        public var editingMessage: ChatMessage?
        /// The thread's root when the composer replies in a thread.
        public var threadMessage: ChatMessage?

        /// Empty content.
        public init(text: String = "", quotingMessage: ChatMessage? = nil, editingMessage: ChatMessage? = nil, threadMessage: ChatMessage? = nil) {
            self.text = text
            self.quotingMessage = quotingMessage
            self.editingMessage = editingMessage
            self.threadMessage = threadMessage
        }

        /// Switches to quote mode for `message`.
        public mutating func quoteMessage(_ message: ChatMessage) {
            editingMessage = nil
            quotingMessage = message
        }

        /// Switches to edit mode for `message`, with its text.
        public mutating func editMessage(_ message: ChatMessage) {
            quotingMessage = nil
            editingMessage = message
            text = message.text
        }

        /// Back to an empty new message (keeps the thread).
        public mutating func clear() {
            text = ""
            quotingMessage = nil
            editingMessage = nil
        }
    }

    /// What the composer holds.
    public var content = Content() {
        didSet { updateContentIfNeeded() }
    }

    /// The channel messages are sent to.
    public var channelController: ChatChannelController?
}
