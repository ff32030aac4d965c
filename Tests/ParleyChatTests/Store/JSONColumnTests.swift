import Foundation
import Testing
@testable import ParleyChat

@Suite struct JSONColumnTests {
    @Test(arguments: [[], ["alice"], ["a\"b", "back\\slash", "new\nline", "tab\tx", "\u{01}", "émoji 🎉", ""]])
    func handWrittenStringArraysRoundTrip(_ strings: [String]) throws {
        let json = JSONColumn.encodeStrings(strings)
        #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == strings)
        #expect(JSONColumn.decodeStrings(json) == strings)
    }
}
