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

    /// A tapped (or Enter-picked) suggestion row.
    func didSelectSuggestion(at index: Int) {
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
}
