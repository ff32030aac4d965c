import Foundation
import ParleyProtocol
import Synchronization

/// What the load generator reads of a server frame (a part of ``ServerFrame``).
protocol BenchProbe: Sendable {
    /// The probe in a text frame's bytes; `nil` when they are not one.
    static func read(_ bytes: UnsafeRawBufferPointer, decoder: JSONDecoder) -> Self?
}

extension BenchProbe where Self: Decodable {
    static func read(_ bytes: UnsafeRawBufferPointer, decoder: JSONDecoder) -> Self? {
        try? decoder.decode(Self.self, from: Data(bytes))
    }
}

extension ServerFrame: BenchProbe {}

/// The part of a server frame the delivery measurement reads: a `message.new` event's message id.
///
/// Read by a scan of the frame's bytes, not a `JSONDecoder`: every delivery passes through here,
/// and the generator shares the 2 cores with the server it measures (decoding took 15% of the
/// generator's time). The scan walks the JSON's structure (strings with their escapes, nested
/// objects and arrays), so keys inside other values never match; a string it reads that holds an
/// escape, or bytes that are not the JSON it expects, fall back to the decoder. The first frames
/// are read both ways and compared (``mismatches`` counts the differences; the benchmark fails
/// on any).
struct DeliveryProbe: Decodable, Sendable, Equatable, BenchProbe {
    struct Event: Decodable, Sendable, Equatable {
        struct Message: Decodable, Sendable, Equatable {
            let id: String
        }

        let type: String?
        let message: Message?
    }

    let type: String
    let data: Event?

    /// Frames read both ways so far (up to ``checkedFrames``), and those read differently.
    static let checked = Atomic<Int>(0)
    static let mismatches = Atomic<Int>(0)
    /// How many frames are read both ways.
    static let checkedFrames = 2_000

    /// Fails when a frame read both ways read differently.
    static func requireAgreement() throws {
        let count = mismatches.load(ordering: .relaxed)
        guard count == 0 else {
            throw BenchAPI.Failure(message: "the frame scan and the JSON decoder disagreed on \(count) frames")
        }
    }

    static func read(_ bytes: UnsafeRawBufferPointer, decoder: JSONDecoder) -> DeliveryProbe? {
        var scanner = JSONScanner(bytes)
        let scanned = scanner.deliveryProbe()
        let decode = { try? decoder.decode(DeliveryProbe.self, from: Data(bytes)) }
        guard let scanned else { return decode() }
        if checked.add(1, ordering: .relaxed).newValue <= checkedFrames, decode() != scanned {
            mismatches.add(1, ordering: .relaxed)
        }
        return scanned
    }
}

extension JSONScanner {
    /// `{"data": {"type": …, "message": {"id": …}}, "type": …}`, in any key order.
    fileprivate mutating func deliveryProbe() -> DeliveryProbe? {
        var type: String?
        var event: DeliveryProbe.Event?
        let read = fields { scanner, key in
            switch key {
            case "type": type = scanner.string(); return type != nil
            case "data": event = scanner.event(); return event != nil
            default: return scanner.skipValue()
            }
        }
        guard read, let type else { return nil }
        return DeliveryProbe(type: type, data: event)
    }

    private mutating func event() -> DeliveryProbe.Event? {
        var type: String?
        var message: DeliveryProbe.Event.Message?
        let read = fields { scanner, key in
            switch key {
            case "type": type = scanner.string(); return type != nil
            case "message":
                var id: String?
                let read = scanner.fields { scanner, key in
                    guard key == "id" else { return scanner.skipValue() }
                    id = scanner.string()
                    return id != nil
                }
                guard read, let id else { return false }
                message = .init(id: id)
                return true
            default: return scanner.skipValue()
            }
        }
        return read ? DeliveryProbe.Event(type: type, message: message) : nil
    }
}
