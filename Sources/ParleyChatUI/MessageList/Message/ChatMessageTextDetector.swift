import Foundation
import ParleyChat

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
        var items: [ChatMessageTextItem] = []
        let utf16 = Array(text.utf16)
        var index = 0
        let count = utf16.count
        while index < count {
            // A link starts a word: at the start or after a non-alphanumeric character.
            if index > 0, isWordCharacter(utf16[index - 1]) {
                index += 1
                continue
            }
            guard let prefixLength = linkPrefixLength(utf16, at: index) else {
                index += 1
                continue
            }
            var end = index + prefixLength
            while end < count, !isLinkTerminator(utf16[end]) { end += 1 }
            end = trimmingTrailingPunctuation(utf16, start: index, end: end)
            if end > index + prefixLength, let url = url(from: String(decoding: utf16[index..<end], as: UTF16.self)) {
                items.append(ChatMessageTextItem(kind: .link(url), range: NSRange(location: index, length: end - index)))
            }
            index = max(end, index + 1)
        }
        return items
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
                let endsWord = after >= nsText.length || !isWordCharacter(nsText.character(at: after))
                let startsWord = found.location == 0 || !isWordCharacter(nsText.character(at: found.location - 1))
                if endsWord, startsWord, !items.contains(where: { NSIntersectionRange($0.range, found).length > 0 }) {
                    items.append(ChatMessageTextItem(kind: .mention(candidate.user), range: found))
                }
                searchRange = NSRange(location: after, length: nsText.length - after)
            }
        }
        return items
    }

    // MARK: Scanning helpers

    private static let prefixes: [[UInt16]] = ["https://", "http://", "www."].map { Array($0.utf16) }

    private static func linkPrefixLength(_ text: [UInt16], at index: Int) -> Int? {
        for prefix in prefixes where index + prefix.count <= text.count {
            var matches = true
            for (offset, unit) in prefix.enumerated() where lowercased(text[index + offset]) != unit {
                matches = false
                break
            }
            if matches { return prefix.count }
        }
        return nil
    }

    private static func lowercased(_ unit: UInt16) -> UInt16 {
        (65...90).contains(unit) ? unit + 32 : unit
    }

    private static func isWordCharacter(_ unit: UInt16) -> Bool {
        switch unit {
        case 48...57, 65...90, 97...122, 95: return true
        case 0..<128: return false
        default:
            // Non-ASCII: letters of other scripts count as word characters; surrogates too (emoji
            // next to a link are rare, and treating them as word characters only skips a link).
            guard let scalar = Unicode.Scalar(unit) else { return true }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    private static func isLinkTerminator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0, 9, 10, 11, 12, 13, 32, 34, 60, 62, 0x85, 0xA0, 0x2028, 0x2029, 0x3000: return true  // space, quotes, <>
        default: return false
        }
    }

    /// Leaves sentence punctuation after a link out of it ("see www.a.com." ends at "com"); a
    /// closing bracket stays when the link opened one.
    private static func trimmingTrailingPunctuation(_ text: [UInt16], start: Int, end: Int) -> Int {
        var end = end
        while end > start {
            let last = text[end - 1]
            switch last {
            case 46, 44, 33, 63, 59, 58, 39: // . , ! ? ; : '
                end -= 1
            case 41, 93, 125: // ) ] }
                let open: UInt16 = last == 41 ? 40 : last == 93 ? 91 : 123
                let opens = text[start..<end].filter { $0 == open }.count
                let closes = text[start..<end].filter { $0 == last }.count
                if closes > opens { end -= 1 } else { return end }
            default:
                return end
            }
        }
        return end
    }

    private static func url(from string: String) -> URL? {
        let lower = string.lowercased()
        let full = lower.hasPrefix("www.") ? "https://" + string : string
        guard let url = URL(string: full) ?? full.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed).flatMap(URL.init(string:)),
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
