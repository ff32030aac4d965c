import Foundation
import Testing
@testable import ParleyUIKit

/// The layout cache's key: text compared and hashed by its UTF-8 bytes.
@Suite struct TextCacheKeyTests {
    @Test func equalBytesAreOneKeyAndAnyDifferenceIsAnother() {
        let a = TextContent.plain("Café at noon 🍜")
        let b = TextContent.plain(String(decoding: Array("Café at noon 🍜".utf8), as: UTF8.self))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        // Canonically equivalent to Swift's String, but other bytes: another layout key.
        let decomposed = TextContent.plain("Cafe\u{301} at noon 🍜")
        #expect("Café at noon 🍜" == "Cafe\u{301} at noon 🍜")
        #expect(a != decomposed)
        #expect(TextContent.plain("") == TextContent.plain(""))
        #expect(TextContent.plain("a") != TextContent.plain("b"))
        #expect(TextContent.plain("abcdefgh1") != TextContent.plain("abcdefgh2"), "a difference past the first word")
        #expect(a != TextContent.attributed("Café at noon 🍜", []))
    }

    @Test func aBridgedStringIsTheSameKeyAsANativeOne() {
        let native = TextContent.plain("Lunch at noon?")
        let bridged = TextContent.plain(NSString(string: "Lunch at noon?") as String)
        #expect(native == bridged)
        #expect(native.hashValue == bridged.hashValue)
    }

    @Test func requestsDifferingInAnyShapeFieldAreDifferentKeys() {
        let font = UIFont.systemFont(ofSize: 15)
        let base = TextRequest(content: .plain("Hello"), font: font, width: 200)
        #expect(base == TextRequest(content: .plain("Hello"), font: UIFont.systemFont(ofSize: 15), width: 200))
        #expect(base.hashValue == TextRequest(content: .plain("Hello"), font: UIFont.systemFont(ofSize: 15), width: 200).hashValue)
        let others = [
            TextRequest(content: .plain("Hello"), font: font, width: 201),
            TextRequest(content: .plain("Hello"), font: font, width: nil),
            TextRequest(content: .plain("Hello"), font: font, width: 200, maxLines: 2),
            TextRequest(content: .plain("Hello"), font: font, width: 200, lineBreakMode: .byTruncatingTail),
            TextRequest(content: .plain("Hello"), font: font, width: 200, alignment: .center),
            TextRequest(content: .plain("Hello"), font: font, width: 200, lineSpacing: 4),
            TextRequest(content: .plain("Hello"), font: UIFont.systemFont(ofSize: 16), width: 200),
            TextRequest(content: .plain("Hello"), font: UIFont.boldSystemFont(ofSize: 15), width: 200),
        ]
        for other in others { #expect(base != other) }
        #expect(Set(others.map(\.hashValue)).count == others.count, "no two of these collide")
        // A negative or zero spacing is no spacing, whatever its sign bit.
        #expect(TextRequest(content: .plain("Hello"), font: font, width: 200, lineSpacing: -0.0).hashValue == base.hashValue)
    }
}
