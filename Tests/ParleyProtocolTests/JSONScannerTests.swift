import Foundation
import Testing
@testable import ParleyProtocol

/// The partial JSON reader finds a top-level key's value exactly, whatever the other values hold.
@Suite("JSON scanner")
struct JSONScannerTests {
    /// Documents whose values hold what could fool a naive search: the key's name inside strings
    /// and nested objects, escaped quotes and backslashes, brackets in strings, numbers, literals,
    /// empty containers, spaces between tokens.
    static let documents = [
        #"{"message":{"id":"a"}}"#,
        #"{"a":"\"message\":1","message":[1,{"message":2}],"z":null}"#,
        #"{ "x" : { "message" : "inner" } , "message" : "outer \\\" } ] {" , "n" : -1.5e3 }"#,
        #"{"data":{"message":{}},"message":true,"t":[]}"#,
        #"{"message":12345}"#,
        #"{"a":[[],{},"]"],"message":"😀 \u202e <b>&amp;</b>","b":false}"#,
        #"{"a":1}"#,
        #"{}"#,
    ]

    @Test("A top-level key's value is the bytes JSONSerialization reads as that value", arguments: documents)
    func valueRange(document: String) throws {
        let bytes = Array(document.utf8)
        let range = bytes.withUnsafeBytes { JSONScanner.valueRange(of: "message", inObject: $0) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? [String: Any])
        guard let expected = object["message"] else {
            #expect(range == nil)
            return
        }
        let found = try #require(range)
        let value = try JSONSerialization.jsonObject(with: Data(bytes[found]), options: [.fragmentsAllowed])
        #expect(String(describing: value) == String(describing: expected))
    }

    @Test("Text that is not an object, or is cut short, reads as nothing")
    func malformed() {
        for text in [#"["message",1]"#, #"{"message":"#, #"{"message":"open"#, #"{"message" 1}"#, "", #"{"a":{"message":1"#] {
            let range = Array(text.utf8).withUnsafeBytes { JSONScanner.valueRange(of: "message", inObject: $0) }
            #expect(range == nil, "\(text)")
        }
    }

    @Test("Strings with an escape are left to a decoder; plain ones are read")
    func strings() {
        var plain = JSONScanner(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(plain.string() == nil)
        let texts = [#""héllo""#: "héllo", #""a\"b""#: nil, #""""#: ""] as [String: String?]
        for (text, expected) in texts {
            let read = Array(text.utf8).withUnsafeBytes { bytes -> String? in
                var scanner = JSONScanner(bytes)
                return scanner.string()
            }
            #expect(read == expected, "\(text)")
        }
    }
}
