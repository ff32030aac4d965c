import Foundation
import ParleyChat
import ParleyUIKit

extension ComposerVC {
    /// What the composer holds: the text, the attachments, the picked `/` command and the mode
    /// (new, quoting a message, editing one).
    public struct Content: Sendable {
        /// The text typed so far.
        public var text: String
        /// The message being replied to (quote mode).
        public var quotingMessage: ChatMessage?
        /// The message being edited (edit mode).
        public var editingMessage: ChatMessage?
        /// The thread's root when the composer replies in a thread.
        public var threadMessage: ChatMessage?
        /// The files attached so far, in the order they were added (uploaded when the message is sent).
        public var attachments: [AnyAttachmentPayload]
        /// The users picked from the mention suggestions; those whose "@Name" is still in the text
        /// when the message is sent become its `mentionedUsers`.
        public var mentionedUsers: Set<ChatUser>
        /// The `/` command picked from the suggestions (Stream's `Content.command`): the text is
        /// then its arguments ("cats" for `/giphy cats`), and sending runs the command.
        public var command: Command?

        /// Empty content.
        public init(text: String = "", quotingMessage: ChatMessage? = nil, editingMessage: ChatMessage? = nil, threadMessage: ChatMessage? = nil,
                    attachments: [AnyAttachmentPayload] = [], mentionedUsers: Set<ChatUser> = [], command: Command? = nil) {
            self.text = text
            self.quotingMessage = quotingMessage
            self.editingMessage = editingMessage
            self.threadMessage = threadMessage
            self.attachments = attachments
            self.mentionedUsers = mentionedUsers
            self.command = command
        }

        /// Switches to quote mode for `message` (the text and attachments stay).
        public mutating func quoteMessage(_ message: ChatMessage) {
            editingMessage = nil
            quotingMessage = message
        }

        /// Switches to edit mode for `message`, with its text. Editing changes the text only, so
        /// the attachments being composed are set aside (as Stream replaces them with the
        /// message's).
        public mutating func editMessage(_ message: ChatMessage) {
            quotingMessage = nil
            editingMessage = message
            text = message.text
            attachments = []
            mentionedUsers = message.mentionedUsers
            command = nil
        }

        /// Back to an empty new message (keeps the thread).
        public mutating func clear() {
            text = ""
            quotingMessage = nil
            editingMessage = nil
            attachments = []
            mentionedUsers = []
            command = nil
        }

        /// Whether there is nothing to send: the text is only whitespace and nothing is attached.
        public var isEmpty: Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && attachments.isEmpty }
    }
}
