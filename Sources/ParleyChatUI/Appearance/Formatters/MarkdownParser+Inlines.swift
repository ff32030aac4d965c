import Foundation

/// The inline half of ``MarkdownParser``: emphasis, strikethrough, code spans, links and escapes
/// within one line, by CommonMark's delimiter rules (the block half, in `MarkdownParser.swift`,
/// hands it each line's content).
extension MarkdownParser {
    /// A piece of a line's output: literal text, a delimiter run (by index), or an empty marker.
    private enum Node {
        case text([UInt16])
        case delimiter(Int)
    }

    private struct Delimiter {
        let char: UInt16
        let node: Int
        var count: Int
        let originalCount: Int
        let canOpen: Bool
        let canClose: Bool
        var previous: Int?
        var next: Int?
        var live = true
    }

    private struct Bracket {
        let node: Int
        let delimiterBottom: Int
        var active = true
    }

    /// Spans over nodes: the text between the end of `from` and the start of `to`.
    private struct NodeSpan {
        let from: Int
        let to: Int
        let style: MarkdownSpan.Style
    }

    static func isWhitespace(_ unit: UInt16?) -> Bool {
        guard let unit else { return true }
        return unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C || unit == 0xA0 || unit == 0x3000
            || (0x2000...0x200A).contains(unit)
    }

    static func isPunctuation(_ unit: UInt16?) -> Bool {
        guard let unit else { return false }
        switch unit {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        case 0xA1, 0xA7, 0xAB, 0xB6, 0xB7, 0xBB, 0xBF, 0x2010...0x2027, 0x2030...0x205E, 0x3001...0x3003, 0x3008...0x3011: return true
        default: return false
        }
    }

    static func isASCIIPunctuation(_ unit: UInt16) -> Bool {
        (0x21...0x2F).contains(unit) || (0x3A...0x40).contains(unit) || (0x5B...0x60).contains(unit) || (0x7B...0x7E).contains(unit)
    }

    /// Appends `line`'s text with its inline markup taken out, and the spans of that markup.
    func appendInlines(_ line: [UInt16], to output: inout [UInt16], spans: inout [MarkdownSpan]) {
        var nodes: [Node] = []
        var delimiters: [Delimiter] = []
        var lastLive: Int?
        var brackets: [Bracket] = []
        var nodeSpans: [NodeSpan] = []
        var pending: [UInt16] = []

        func flush() {
            if !pending.isEmpty { nodes.append(.text(pending)); pending = [] }
        }
        func marker() -> Int {
            flush()
            nodes.append(.text([]))
            return nodes.count - 1
        }
        func unlink(_ index: Int) {
            guard delimiters[index].live else { return }
            delimiters[index].live = false
            let previous = delimiters[index].previous, next = delimiters[index].next
            if let previous { delimiters[previous].next = next }
            if let next { delimiters[next].previous = previous }
            if lastLive == index { lastLive = previous }
        }
        /// CommonMark's "process emphasis" over the live delimiters from index `bottom` on.
        func processEmphasis(bottom: Int) {
            var first: Int?
            var cursor = lastLive
            while let index = cursor, index >= bottom { first = index; cursor = delimiters[index].previous }
            var openersBottom: [Int: Int] = [:]
            var current = first
            while let closer = current {
                let d = delimiters[closer]
                guard d.canClose else { current = d.next; continue }
                let key = Int(d.char) * 8 + (d.canOpen ? 4 : 0) + d.originalCount % 3
                let floor = max(bottom, openersBottom[key] ?? bottom)
                var candidate = d.previous
                var opener: Int?
                while let index = candidate, index >= floor {
                    let o = delimiters[index]
                    if o.char == d.char, o.canOpen, o.count > 0 {
                        let ruleOfThree = d.char != 0x7E && (o.canClose || d.canOpen)
                            && (o.originalCount + d.originalCount) % 3 == 0
                            && !(o.originalCount % 3 == 0 && d.originalCount % 3 == 0)
                        let tildesMatch = d.char != 0x7E || (o.count == d.count && o.count <= 2)
                        if !ruleOfThree && tildesMatch { opener = index; break }
                    }
                    candidate = o.previous
                }
                guard let opener else {
                    openersBottom[key] = closer
                    let next = d.next
                    if !d.canOpen { unlink(closer) }
                    current = next
                    continue
                }
                let use: Int
                let style: MarkdownSpan.Style
                if d.char == 0x7E {
                    use = d.count
                    style = .strikethrough
                } else {
                    use = d.count >= 2 && delimiters[opener].count >= 2 ? 2 : 1
                    style = use == 2 ? .strong : .emphasis
                }
                nodeSpans.append(NodeSpan(from: delimiters[opener].node, to: d.node, style: style))
                // Delimiters between the two become text.
                var between = delimiters[opener].next
                while let index = between, index != closer {
                    between = delimiters[index].next
                    unlink(index)
                }
                delimiters[opener].count -= use
                delimiters[closer].count -= use
                if delimiters[opener].count == 0 { unlink(opener) }
                if delimiters[closer].count == 0 {
                    let next = delimiters[closer].next
                    unlink(closer)
                    current = next
                }
            }
            // What is left above the bottom stays literal.
            while let index = lastLive, index >= bottom { unlink(index) }
        }

        var i = 0
        let n = line.count
        while i < n {
            let unit = line[i]
            switch unit {
            case 0x5C: // backslash escape
                if i + 1 < n, Self.isASCIIPunctuation(line[i + 1]) {
                    pending.append(line[i + 1])
                    i += 2
                } else {
                    pending.append(unit)
                    i += 1
                }
            case 0x60: // code span
                let run = line[i...].prefix { $0 == 0x60 }.count
                var j = i + run
                var close: Int?
                while j < n {
                    if line[j] == 0x60 {
                        let other = line[j...].prefix { $0 == 0x60 }.count
                        if other == run { close = j; break }
                        j += other
                    } else {
                        j += 1
                    }
                }
                guard let close else {
                    pending += line[i..<(i + run)]
                    i += run
                    continue
                }
                var code = Array(line[(i + run)..<close])
                if code.count >= 2, code.first == 0x20, code.last == 0x20, code.contains(where: { $0 != 0x20 }) {
                    code = Array(code.dropFirst().dropLast())
                }
                let start = marker()
                nodes.append(.text(code))
                let end = marker()
                nodeSpans.append(NodeSpan(from: start, to: end, style: .code))
                i = close + run
            case 0x2A, 0x5F, 0x7E: // * _ ~
                let run = line[i...].prefix { $0 == unit }.count
                let before: UInt16? = i > 0 ? line[i - 1] : nil
                let after: UInt16? = i + run < n ? line[i + run] : nil
                let left = !Self.isWhitespace(after) && (!Self.isPunctuation(after) || Self.isWhitespace(before) || Self.isPunctuation(before))
                let right = !Self.isWhitespace(before) && (!Self.isPunctuation(before) || Self.isWhitespace(after) || Self.isPunctuation(after))
                let canOpen: Bool, canClose: Bool
                if unit == 0x5F {
                    canOpen = left && (!right || Self.isPunctuation(before))
                    canClose = right && (!left || Self.isPunctuation(after))
                } else {
                    canOpen = left
                    canClose = right
                }
                if unit == 0x7E && run > 2 {
                    pending += line[i..<(i + run)]
                    i += run
                    continue
                }
                flush()
                let index = delimiters.count
                delimiters.append(Delimiter(char: unit, node: nodes.count, count: run, originalCount: run,
                                            canOpen: canOpen, canClose: canClose, previous: lastLive, next: nil))
                if let lastLive { delimiters[lastLive].next = index }
                lastLive = index
                nodes.append(.delimiter(index))
                i += run
            case 0x5B: // [
                flush()
                nodes.append(.text([0x5B]))
                brackets.append(Bracket(node: nodes.count - 1, delimiterBottom: delimiters.count))
                i += 1
            case 0x5D: // ]
                guard let bracket = brackets.last else {
                    pending.append(unit)
                    i += 1
                    continue
                }
                brackets.removeLast()
                guard bracket.active, let (url, end) = Self.linkDestination(line, after: i) else {
                    pending.append(unit)
                    i += 1
                    continue
                }
                flush()
                processEmphasis(bottom: bracket.delimiterBottom)
                nodes[bracket.node] = .text([])
                let close = marker()
                nodeSpans.append(NodeSpan(from: bracket.node, to: close, style: .link(url)))
                // No links inside links.
                for k in brackets.indices { brackets[k].active = false }
                i = end
            default:
                pending.append(unit)
                i += 1
            }
        }
        flush()
        processEmphasis(bottom: 0)

        // Node texts, then spans from node boundaries.
        var starts: [Int] = []
        starts.reserveCapacity(nodes.count + 1)
        for node in nodes {
            starts.append(output.count)
            switch node {
            case .text(let text): output += text
            case .delimiter(let index): output += Array(repeating: delimiters[index].char, count: delimiters[index].count)
            }
        }
        starts.append(output.count)
        for span in nodeSpans {
            let from = starts[span.from + 1], to = starts[span.to]
            if to > from { spans.append(MarkdownSpan(range: NSRange(location: from, length: to - from), style: span.style)) }
        }
    }

    /// `(destination)` right after the `]` at `index`: the URL and the index after `)`.
    static func linkDestination(_ line: [UInt16], after index: Int) -> (URL, Int)? {
        var i = index + 1
        guard i < line.count, line[i] == 0x28 else { return nil }
        i += 1
        while i < line.count, line[i] == 0x20 { i += 1 }
        var destination: [UInt16] = []
        if i < line.count, line[i] == 0x3C {
            i += 1
            while i < line.count, line[i] != 0x3E {
                if line[i] == 0x0A { return nil }
                destination.append(line[i]); i += 1
            }
            guard i < line.count else { return nil }
            i += 1
        } else {
            var depth = 0
            while i < line.count {
                let unit = line[i]
                if unit == 0x20 || unit < 0x20 { break }
                if unit == 0x5C, i + 1 < line.count, isASCIIPunctuation(line[i + 1]) { destination.append(line[i + 1]); i += 2; continue }
                if unit == 0x28 { depth += 1 }
                if unit == 0x29 { if depth == 0 { break }; depth -= 1 }
                destination.append(unit); i += 1
            }
        }
        while i < line.count, line[i] == 0x20 { i += 1 }
        // An optional "title" is read and dropped.
        if i < line.count, line[i] == 0x22 || line[i] == 0x27 {
            let quote = line[i]
            i += 1
            while i < line.count, line[i] != quote { i += 1 }
            guard i < line.count else { return nil }
            i += 1
            while i < line.count, line[i] == 0x20 { i += 1 }
        }
        guard i < line.count, line[i] == 0x29 else { return nil }
        let text = String(decoding: destination, as: UTF16.self)
        guard let url = URL(string: text) ?? URL(string: text.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? "") else { return nil }
        return (url, i + 1)
    }
}
