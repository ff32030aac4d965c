import Foundation

/// Finds web addresses (`http://`, `https://`, `www.`) in text: the scanning behind
/// `UITextView.dataDetectorTypes` (`.link`) and the chat UI's message links. Plain scanning,
/// linear in the text's length: no regular expressions and no `NSDataDetector` (unavailable on
/// Linux). Bad text (empty, NULs, huge) yields no or fewer links, never a crash.
@_spi(ParleyText)
public enum TextLinkScanner {
    /// The web addresses in `text` (UTF-16 ranges) and their URLs (`www.` addresses get `https://`).
    public static func links(in text: String) -> [(range: NSRange, url: URL)] {
        var items: [(range: NSRange, url: URL)] = []
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
                items.append((NSRange(location: index, length: end - index), url))
            }
            index = max(end, index + 1)
        }
        return items
    }

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

    /// Whether `unit` continues a word (letters and digits of any script, and `_`): a link or a
    /// mention starts and ends at a word boundary.
    public static func isWordCharacter(_ unit: UInt16) -> Bool {
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
