import Foundation
import ParleyProtocol

/// The JSON of the events a transaction stored, by channel and sequence, as it was stored. The
/// fan-out puts these bytes in its frames (``EncodedFrame/init(_:payload:)``) instead of encoding
/// each event a second time: the storage and the socket frame use the wire's one encoding.
///
/// Used by the one thread that runs the transaction's body.
final class StoredEventPayloads {
    private var payloads: [String: Data] = [:]

    /// Notes `payload` as the stored JSON of `event`.
    func record(_ payload: Data, of event: ChannelEvent) {
        payloads[Self.key(event.cid, event.seq)] = payload
    }

    /// The payloads recorded since the last call, and forgets them.
    func take() -> [String: Data] {
        defer { payloads = [:] }
        return payloads
    }

    /// The key of the event of `cid` at `seq` in a payloads dictionary.
    static func key(_ cid: String, _ seq: Int64) -> String {
        "\(seq)\t\(cid)"
    }
}

/// The fields of a stored event's JSON that route it (``EventHub/Delivery``): decoding only these
/// skips the message, the member and the dates, which a woken read's delivery never looks at.
struct StoredEventHeader: Decodable, Sendable {
    var cid: String
    var seq: Int64
    var type: ChannelEventType
    var onlyForUserId: String?
    var member: Member?

    struct Member: Decodable, Sendable {
        var user: User
    }

    struct User: Decodable, Sendable {
        var id: String
    }
}
