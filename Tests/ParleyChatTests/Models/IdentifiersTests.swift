import Foundation
import Testing
@testable import ParleyChat

@Suite struct IdentifiersTests {
    @Test func channelIdParsesTypeAndId() throws {
        let cid = try ChannelId(cid: "messaging:general")
        #expect(cid.type == .messaging)
        #expect(cid.id == "general")
        #expect(cid.rawValue == "messaging:general")
        #expect(cid == ChannelId(type: .messaging, id: "general"))
    }

    @Test(arguments: ["general", ":general", "messaging:", "a:b:c", ""])
    func malformedChannelIdsAreRejected(_ raw: String) {
        #expect(throws: ChatError.invalidChannelId(raw)) { try ChannelId(cid: raw) }
    }

    @Test func channelIdIsCodableAsItsString() throws {
        let cid = ChannelId(type: .livestream, id: "town-hall")
        let data = try JSONEncoder().encode([cid])
        #expect(String(decoding: data, as: UTF8.self) == "[\"livestream:town-hall\"]")
        #expect(try JSONDecoder().decode([ChannelId].self, from: data) == [cid])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ChannelId].self, from: Data("[\"nocolon\"]".utf8)) }
    }

    @Test func messageIdsSortByTimeAndAreUnique() {
        var rng = SeededRandom(seed: 9)
        var ids: [String] = []
        for offset in 0..<1000 {
            ids.append(IdentifierGenerator.messageId(at: testEpoch.addingTimeInterval(Double(offset) * 0.5), using: &rng))
        }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 26 })
        #expect(ids == ids.sorted())
    }

    @Test func seededIdsRepeat() {
        let a = IdentifierSource(seed: 5), b = IdentifierSource(seed: 5), c = IdentifierSource(seed: 6)
        let first = a.messageId(at: testEpoch)
        #expect(first == b.messageId(at: testEpoch))
        #expect(first != c.messageId(at: testEpoch))
    }

    @Test func datesRoundTripAtMillisecondPrecision() {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123_456)
        let rounded = date.roundedToMilliseconds
        #expect(Date(millisecondsSince1970: rounded.millisecondsSince1970) == rounded)
        #expect(rounded.millisecondsSince1970 == 1_700_000_000_123)
    }
}
