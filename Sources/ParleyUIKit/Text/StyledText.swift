import Foundation

/// Text with attributes over ranges, as an `NSAttributedString` holds them, in a Swift value
/// (a Parley addition; UIKit has no such type).
///
/// Give it to ``UILabel/styledText`` to show styled text without making an
/// `NSAttributedString`: Foundation on Linux never frees the attribute storage of one, so a list
/// that styles every message it measures or shows (links, mentions) grew by a few hundred bytes
/// per message. Ranges count UTF-16 units, as `NSRange` does; later attributes win over earlier
/// ones on the ranges they share.
public struct StyledText {
    /// The characters.
    public var string: String
    /// Attributes over the whole string.
    public var attributes: [NSAttributedString.Key: Any]
    /// Attributes added over ranges, in the order they were added.
    public private(set) var spans: [(range: NSRange, attributes: [NSAttributedString.Key: Any])] = []

    /// `string` with `attributes` over all of it.
    public init(_ string: String, attributes: [NSAttributedString.Key: Any] = [:]) {
        self.string = string
        self.attributes = attributes
    }

    /// Adds `attributes` over `range` (clipped to the string).
    public mutating func addAttributes(_ attributes: [NSAttributedString.Key: Any], range: NSRange) {
        let length = string.utf16.count
        let start = min(max(0, range.location), length), end = min(max(start, NSMaxRange(range)), length)
        guard end > start else { return }
        spans.append((NSRange(location: start, length: end - start), attributes))
    }

    /// The same text as an `NSAttributedString` (made on each call).
    public func makeAttributedString() -> NSAttributedString {
        let result = NSMutableAttributedString(string: string, attributes: attributes)
        for span in spans { result.addAttributes(span.attributes, range: span.range) }
        return result
    }

    /// The pieces between attribute changes: each UTF-16 range with the attributes in force on it.
    func segments() -> [(range: NSRange, attributes: [NSAttributedString.Key: Any])] {
        let length = string.utf16.count
        guard length > 0 else { return [] }
        var cuts = Set([0, length])
        for span in spans {
            cuts.insert(span.range.location)
            cuts.insert(NSMaxRange(span.range))
        }
        let bounds = cuts.sorted()
        var result: [(range: NSRange, attributes: [NSAttributedString.Key: Any])] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) where end > start {
            var merged = attributes
            for span in spans where span.range.location <= start && NSMaxRange(span.range) >= end {
                merged.merge(span.attributes) { _, new in new }
            }
            result.append((NSRange(location: start, length: end - start), merged))
        }
        return result
    }
}
