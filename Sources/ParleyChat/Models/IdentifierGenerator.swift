import Foundation

/// Makes time-ordered message ids: 48 bits of milliseconds then 80 random bits, in Crockford
/// base 32 (26 characters).
///
/// Why time-ordered: ids are the key of a unique index; ids that grow with time are appended to
/// the right edge of that index instead of landing on random pages, which keeps bulk inserts
/// into a 1,000,000-message channel fast.
enum IdentifierGenerator {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// A new id for something created at `date`, with randomness from `generator`.
    static func messageId<G: RandomNumberGenerator>(at date: Date, using generator: inout G) -> MessageId {
        let millis = UInt64(max(0, date.millisecondsSince1970))
        let high = generator.next() & 0xFFFF  // 16 random bits
        let low = generator.next()            // 64 random bits
        var bytes = [UInt8](repeating: 0, count: 26)
        // 48-bit time in 10 characters (50 bits, the top 2 are zero).
        var time = millis & 0xFFFF_FFFF_FFFF
        for index in stride(from: 9, through: 0, by: -1) {
            bytes[index] = alphabet[Int(time & 31)]
            time >>= 5
        }
        // 80 random bits in 16 characters.
        var randomLow = low
        var randomHigh = high
        for index in stride(from: 25, through: 10, by: -1) {
            bytes[index] = alphabet[Int(randomLow & 31)]
            randomLow = (randomLow >> 5) | ((randomHigh & 31) << 59)
            randomHigh >>= 5
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A new id for something created at `date`, with system randomness.
    static func messageId(at date: Date) -> MessageId {
        var generator = SystemRandomNumberGenerator()
        return messageId(at: date, using: &generator)
    }
}

extension Date {
    /// Milliseconds since 1970, rounded to the nearest millisecond (the store's precision).
    var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }

    /// The date `milliseconds` after 1970.
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// This date truncated to the store's precision, so a value survives a round trip unchanged.
    var roundedToMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }
}
