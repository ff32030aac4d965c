import Foundation
import ParleyProtocol

extension ChatService {
    /// A write's answer with the JSON its events were stored as (by ``StoredEventPayloads/key(_:_:)``):
    /// ``encoded(with:)`` puts those bytes in the answer instead of encoding each event (and the
    /// message an event carries) again.
    struct Written: Sendable {
        var response: WriteResponse
        var payloads: [String: Data]

        /// The bytes `encoder` (the wire's) gives for ``response``: the same keys in the same
        /// (sorted) order, each event's stored JSON where there is one.
        func encoded(with encoder: JSONEncoder) throws -> Data {
            var data = Data()
            data.append(UInt8(ascii: "{"))
            if let channel = response.channel {
                data.append(contentsOf: #""channel":"#.utf8)
                data.append(try encoder.encode(channel))
                data.append(UInt8(ascii: ","))
            }
            data.append(contentsOf: #""events":["#.utf8)
            for (index, event) in response.events.enumerated() {
                if index > 0 { data.append(UInt8(ascii: ",")) }
                if let payload = payloads[StoredEventPayloads.key(event.cid, event.seq)] {
                    data.append(payload)
                } else {
                    data.append(try encoder.encode(event))
                }
            }
            data.append(UInt8(ascii: "]"))
            if let message = response.message {
                data.append(contentsOf: #","message":"#.utf8)
                data.append(try storedJSON(of: message) ?? encoder.encode(message))
            }
            data.append(UInt8(ascii: "}"))
            return data
        }

        /// The JSON of `message` inside the stored JSON of an event that carries it (a send's
        /// `message.new`): the bytes the encoder gives for it, as it encoded them there.
        private func storedJSON(of message: WireMessage) -> Data? {
            for event in response.events where event.message == message {
                guard let payload = payloads[StoredEventPayloads.key(event.cid, event.seq)] else { continue }
                let range = payload.withUnsafeBytes { JSONScanner.valueRange(of: "message", inObject: $0) }
                if let range { return payload[payload.startIndex + range.lowerBound..<payload.startIndex + range.upperBound] }
            }
            return nil
        }
    }
}
