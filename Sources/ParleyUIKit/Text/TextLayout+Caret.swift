import CCairoPango
import Foundation

/// Caret and selection geometry of a laid-out text, for the text views. Indices are UTF-8 byte
/// offsets into the layout's text, as Pango takes them; points are in the layout's own space
/// (its top-left at the origin it is drawn at). Every query runs under the text engine's lock.
extension TextLayout {
    private static var scale: CGFloat { CGFloat(PANGO_SCALE) }

    private func locked<T>(_ body: () -> T) -> T {
        TextEngine.shared.lock.lock()
        defer { TextEngine.shared.lock.unlock() }
        return body()
    }

    /// The caret's rectangle before the character at `index` (zero width).
    func caretRect(atByte index: Int) -> CGRect {
        locked {
            var strong = PangoRectangle(), weak = PangoRectangle()
            pango_layout_get_cursor_pos(pango, Int32(index), &strong, &weak)
            let s = Self.scale
            return CGRect(x: CGFloat(strong.x) / s, y: CGFloat(strong.y) / s, width: 0, height: CGFloat(strong.height) / s)
        }
    }

    /// The byte index of the caret position nearest to `point` (clicking the right half of a
    /// character puts the caret after it).
    func byteIndex(at point: CGPoint, text: String) -> Int {
        locked {
            var index: Int32 = 0, trailing: Int32 = 0
            let s = Self.scale
            let x = Int32(max(-1e6, min(1e6, point.x * s))), y = Int32(max(0, min(1e7, point.y * s)))
            _ = pango_layout_xy_to_index(pango, x, y, &index, &trailing)
            var byte = Int(index)
            if trailing > 0 {
                // Advance over `trailing` characters (grapheme clusters at the index).
                byte = Self.byteOffset(in: text, after: byte, characters: Int(trailing))
            }
            return min(byte, text.utf8.count)
        }
    }

    /// The byte index of the character whose box contains `point`, or nil when `point` is beside
    /// or between the lines (for hit-testing links, unlike `byteIndex(at:text:)`, which snaps).
    func byteIndexOfCharacter(at point: CGPoint) -> Int? {
        locked {
            var index: Int32 = 0, trailing: Int32 = 0
            let s = Self.scale
            let x = Int32(max(-1e6, min(1e6, point.x * s))), y = Int32(max(-1e7, min(1e7, point.y * s)))
            guard pango_layout_xy_to_index(pango, x, y, &index, &trailing) != 0 else { return nil }
            return Int(index)
        }
    }

    /// The rectangles covering the text between two byte indices, one or more per line.
    func selectionRects(fromByte start: Int, toByte end: Int) -> [CGRect] {
        guard end > start else { return [] }
        return locked {
            var rects: [CGRect] = []
            let s = Self.scale
            guard let iter = pango_layout_get_iter(pango) else { return [] }
            defer { pango_layout_iter_free(iter) }
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
                let lineStart = Int(line.pointee.start_index), lineEnd = lineStart + Int(line.pointee.length)
                var y0: Int32 = 0, y1: Int32 = 0
                pango_layout_iter_get_line_yrange(iter, &y0, &y1)
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, nil, &logical)
                let from = max(start, lineStart), to = min(end, lineEnd)
                let selectsBreak = end > lineEnd && start <= lineEnd
                if from < to || selectsBreak {
                    var ranges: UnsafeMutablePointer<Int32>?
                    var count: Int32 = 0
                    pango_layout_line_get_x_ranges(line, Int32(from), Int32(max(from, to)), &ranges, &count)
                    if let ranges {
                        for i in 0..<Int(count) {
                            let x0 = CGFloat(ranges[2 * i]) / s, x1 = CGFloat(ranges[2 * i + 1]) / s
                            rects.append(CGRect(x: x0, y: CGFloat(y0) / s, width: max(0, x1 - x0), height: CGFloat(y1 - y0) / s))
                        }
                        g_free(ranges)
                    }
                    if selectsBreak {
                        // The line break itself shows as a small block at the end of the line.
                        let x = CGFloat(logical.x + logical.width) / s
                        rects.append(CGRect(x: x, y: CGFloat(y0) / s, width: 5, height: CGFloat(y1 - y0) / s))
                    }
                }
            } while pango_layout_iter_next_line(iter) != 0
            return rects
        }
    }

    /// The byte range of the line containing `index` (without its line break).
    func lineRange(containingByte index: Int) -> Range<Int> {
        locked {
            var line: Int32 = 0, x: Int32 = 0
            pango_layout_index_to_line_x(pango, Int32(index), 0, &line, &x)
            guard let layoutLine = pango_layout_get_line_readonly(pango, line) else { return index..<index }
            let start = Int(layoutLine.pointee.start_index)
            return start..<(start + Int(layoutLine.pointee.length))
        }
    }

    /// How many lines the layout has.
    var totalLineCount: Int { locked { Int(pango_layout_get_line_count(pango)) } }

    /// The byte offset `characters` grapheme clusters after `byte` in `text`.
    static func byteOffset(in text: String, after byte: Int, characters: Int) -> Int {
        let utf8 = text.utf8
        guard byte < utf8.count else { return utf8.count }
        var index = utf8.index(utf8.startIndex, offsetBy: byte)
        // Snap to a character boundary first.
        while index > text.startIndex, index.samePosition(in: text) == nil { index = utf8.index(before: index) }
        for _ in 0..<characters where index < text.endIndex { index = text.index(after: index) }
        return utf8.distance(from: utf8.startIndex, to: index)
    }
}
