import Foundation
import ParleyChat
@_spi(ParleyText) import ParleyUIKit

/// A tappable part of a message's text: a link or a mention of a user.
public struct ChatMessageTextItem: Equatable, Sendable {
    /// What the part points at.
    public enum Kind: Equatable, Sendable {
        /// A web address (`www.` addresses get `https://`).
        case link(URL)
        /// `@name` of one of the message's mentioned users.
        case mention(ChatUser)

        /// Equal when they point at the same URL or the same user id.
        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case let (.link(a), .link(b)): a == b
            case let (.mention(a), .mention(b)): a.id == b.id
            default: false
            }
        }
    }

    /// The link or the user.
    public var kind: Kind
    /// Where it is in the text, in UTF-16 units (as `NSAttributedString` counts).
    public var range: NSRange

    /// A part of the text.
    public init(kind: Kind, range: NSRange) {
        self.kind = kind
        self.range = range
    }
}

/// Finds the links (`http://`, `https://`, `www.`) and the mentions (`@` + the name or id of a
/// user in `mentionedUsers`) in message text.
///
/// Plain scanning, linear in the text's length: no regular expressions and no `NSDataDetector`
/// (unavailable on Linux). Bad text (empty, NULs, huge) yields no or fewer items, never a crash.
public enum ChatMessageTextDetector {
    /// The links and mentions in `text`, ordered by position, never overlapping.
    public static func items(in text: String, mentionedUsers: Set<ChatUser>) -> [ChatMessageTextItem] {
        guard !text.isEmpty else { return [] }
        var items = links(in: text)
        for mention in mentions(in: text, of: mentionedUsers)
        where !items.contains(where: { NSIntersectionRange($0.range, mention.range).length > 0 }) {
            items.append(mention)
        }
        return items.sorted { $0.range.location < $1.range.location }
    }

    /// The web addresses in `text`.
    public static func links(in text: String) -> [ChatMessageTextItem] {
        TextLinkScanner.links(in: text).map { ChatMessageTextItem(kind: .link($0.url), range: $0.range) }
    }

    /// The mentions of `users` in `text`: `@` followed by the user's name (case-insensitive) or id,
    /// not followed by a letter or digit. Longer names win where two match at one place.
    public static func mentions(in text: String, of users: Set<ChatUser>) -> [ChatMessageTextItem] {
        guard !users.isEmpty, text.contains("@") else { return [] }
        let nsText = text as NSString
        var candidates: [(needle: String, user: ChatUser)] = []
        for user in users {
            let name = user.name.trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty { candidates.append(("@" + name, user)) }
            if !user.id.isEmpty, user.id != name { candidates.append(("@" + user.id, user)) }
        }
        // Longest first, so "@Ana Lopez" wins over "@Ana"; ties by id for a stable result.
        candidates.sort { ($0.needle.utf16.count, $1.user.id) > ($1.needle.utf16.count, $0.user.id) }
        var items: [ChatMessageTextItem] = []
        for candidate in candidates {
            var searchRange = NSRange(location: 0, length: nsText.length)
            while searchRange.length > 0 {
                let found = nsText.range(of: candidate.needle, options: [.caseInsensitive], range: searchRange)
                guard found.location != NSNotFound, found.length > 0 else { break }
                let after = found.location + found.length
                let endsWord = after >= nsText.length || !TextLinkScanner.isWordCharacter(nsText.character(at: after))
                let startsWord = found.location == 0 || !TextLinkScanner.isWordCharacter(nsText.character(at: found.location - 1))
                if endsWord, startsWord, !items.contains(where: { NSIntersectionRange($0.range, found).length > 0 }) {
                    items.append(ChatMessageTextItem(kind: .mention(candidate.user), range: found))
                }
                searchRange = NSRange(location: after, length: nsText.length - after)
            }
        }
        return items
    }
}
