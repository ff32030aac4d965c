/// A forward walk over one JSON text, for the few places that read a part of a large document
/// without decoding all of it (the server's answer around stored events, the load generator's
/// delivery probe).
///
/// It follows the JSON's structure — strings with their escapes, nested objects and arrays — so a
/// key inside another value never matches. It checks no more than it needs: on a document that is
/// not valid JSON it may answer `nil`/`false` or read a wrong part, so it is meant for JSON this
/// process or its server wrote.
package struct JSONScanner {
    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    package private(set) var index = 0

    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The byte range of the value of `key` in the object the text is, `nil` when it has none.
    package static func valueRange(of key: String, inObject bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var scanner = JSONScanner(bytes)
        var found: Range<Int>?
        let read = scanner.fields { scanner, name in
            let start = scanner.index
            guard scanner.skipValue() else { return false }
            if name == key { found = start..<scanner.index }
            return true
        }
        return read ? found : nil
    }

    /// Walks an object, handing each key to `field` with the scanner at its value; `field` reads
    /// or skips the value. `false` when the bytes are not an object or `field` fails.
    package mutating func fields(_ field: (inout JSONScanner, String) -> Bool) -> Bool {
        skipSpace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        while true {
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard field(&self, key) else { return false }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// A string without escapes (`nil` for one with an escape, or for another kind of value).
    package mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// Skips one value of any kind (the scanner at its first byte).
    package mutating func skipValue() -> Bool {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard skipString() else { return false }
                if depth == 0 { return true }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // At depth 0: the end of the enclosing value, after a number or a literal.
                if depth == 0 { return true }
                depth -= 1
                if depth == 0 {
                    index += 1
                    return true
                }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if depth == 0 { return true }
            default:
                break
            }
            index += 1
        }
        return depth == 0
    }

    private mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                index += 2
            default:
                index += 1
            }
        }
        return false
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
