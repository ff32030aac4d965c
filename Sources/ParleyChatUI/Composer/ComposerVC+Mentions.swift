import Foundation
import ParleyChat
import ParleyUIKit

/// The work behind ``ComposerVC``'s mention suggestions: finding the "@query" before the caret,
/// matching the channel's members, and the users a sent message mentions.
extension ComposerVC {
    /// The name a mention of `user` shows after the mention symbol: the name, or the id when
    /// the name is empty.
    public static func mentionName(of user: ChatUser) -> String {
        let name = user.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? user.id : name
    }

    /// The letters between `symbol` and the caret of `textView` (no spaces; the symbol at the
    /// start of the text or after whitespace), and the range of the symbol and the letters (UTF-16).
    static func query(after symbol: String, in textView: UITextView) -> (String, NSRange)? {
        let text = (textView.text ?? "") as NSString
        let caret = min(textView.selectedRange.location, text.length)
        guard textView.selectedRange.length == 0 else { return nil }
        let symbolLength = (symbol as NSString).length
        let symbolRange = text.range(of: symbol, options: .backwards, range: NSRange(location: 0, length: caret))
        guard symbolRange.location != NSNotFound, symbolLength > 0 else { return nil }
        let start = symbolRange.location + symbolRange.length
        let query = text.substring(with: NSRange(location: start, length: caret - start))
        guard !query.contains(where: { $0.isWhitespace }) else { return nil }
        if symbolRange.location > 0 {
            let before = text.substring(with: NSRange(location: symbolRange.location - 1, length: 1))
            guard before.allSatisfy(\.isWhitespace) else { return nil }
        }
        return (query, NSRange(location: symbolRange.location, length: caret - symbolRange.location))
    }

    /// The members of `channelController`'s channel but the current user whose name or id (or a
    /// word of it) starts with `query`, ignoring case and diacritics; all of them for an empty query.
    static func members(matching query: String, in channelController: ChatChannelController) -> [ChatUser] {
        let me = channelController.client.currentUserId
        let users = (channelController.channel?.members ?? []).map(\.user).filter { $0.id != me }
        let folded = query.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        guard !folded.isEmpty else { return users }
        return users.filter { user in
            [user.id, user.name].contains { candidate in
                let name = candidate.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                return name.split(whereSeparator: { $0.isWhitespace || $0 == "." || $0 == "_" || $0 == "-" })
                    .contains { $0.hasPrefix(folded) } || name.hasPrefix(folded)
            }
        }
    }

    /// A tapped (or Enter-picked) suggestion row: a command or a mention.
    func didSelectSuggestion(at index: Int) {
        if suggestionsVC.users.isEmpty, suggestionsVC.commands.indices.contains(index) {
            selectCommand(suggestionsVC.commands[index])
            return
        }
        guard let range = mentionRange, suggestionsVC.users.indices.contains(index) else { return }
        insertMention(of: suggestionsVC.users[index], replacing: range)
    }

    /// The picked users whose mention is still in `text`.
    func mentionedUserIds(in text: String) -> [UserId] {
        content.mentionedUsers
            .filter { text.contains(mentionSymbol + Self.mentionName(of: $0)) }
            .map(\.id)
            .sorted()
    }

    /// Up and Down move the highlighted suggestion while the list shows.
    func suggestionKeyCommands() -> [UIKeyCommand] {
        [(UIKeyCommand.inputUpArrow, -1), (UIKeyCommand.inputDownArrow, 1)].map { input, offset in
            let command = UIKeyCommand(input: input) { [weak self] _ in self?.suggestionsVC.moveHighlight(by: offset) }
            command.wantsPriorityOverSystemBehavior = true
            return command
        }
    }

    /// Shows `users` in ``suggestionsVC`` (the first highlighted), or hides the list when empty;
    /// a pick replaces `mentionRange` in the text.
    func presentMentionSuggestions(_ users: [ChatUser], mentionRange: NSRange) {
        guard !users.isEmpty else {
            dismissSuggestions()
            return
        }
        self.mentionRange = mentionRange
        if suggestionsVC.users != users { suggestionsVC.highlightedIndex = 0 }
        suggestionsVC.users = users
        suggestionsVC.commands = []
        suggestionsVC.updateContentIfNeeded()
    }

    /// Replaces the "@query" at `range` with "@Name ", puts the caret after it, records `user`
    /// in `content.mentionedUsers` and hides the suggestions.
    func replaceMentionQuery(_ range: NSRange, with user: ChatUser) {
        let text = content.text as NSString
        guard NSMaxRange(range) <= text.length else { return }
        let mention = mentionSymbol + Self.mentionName(of: user) + " "
        content.text = text.replacingCharacters(in: range, with: mention)
        content.mentionedUsers.insert(user)
        let textView = composerView.inputTextView
        if textView.text != content.text { textView.text = content.text }
        textView.selectedRange = NSRange(location: range.location + (mention as NSString).length, length: 0)
        dismissSuggestions()
    }

    /// The current user's newest message in the channel (not in a thread) that is neither
    /// deleted nor a system message.
    func newestEditableMessage() -> ChatMessage? {
        guard let channelController, content.threadMessage == nil else { return nil }
        let me = channelController.client.currentUserId
        return channelController.messages.last { message in
            message.author.id == me && !message.isDeleted && (message.type == .regular || message.type == .reply)
                && (message.parentMessageId == nil || message.showReplyInChannel)
        }
    }
}
