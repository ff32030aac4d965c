import Foundation

/// Hooks into the text engine for Parley's own benchmarks and tests; not public API.
@_spi(Benchmarks)
public enum TextEngineProbe {
    /// Measures plain text through the shared engine and its cache (unrounded points).
    public static func measure(_ string: String, font: UIFont, width: CGFloat?, numberOfLines: Int = 0,
                               lineBreakMode: NSLineBreakMode = .byWordWrapping) -> CGSize {
        TextEngine.shared.measure(TextRequest(content: .plain(string), font: font, width: width, maxLines: numberOfLines, lineBreakMode: lineBreakMode))
    }

    /// Drops every cached layout.
    public static func removeAllLayouts() { TextEngine.shared.removeAllLayouts() }

    /// Layouts created (cache misses) since launch.
    public static var layoutsCreated: Int { TextEngine.shared.layoutsCreated }

    /// Layouts in the cache now.
    public static var cachedLayoutCount: Int { TextEngine.shared.cachedLayoutCount }
}

@_spi(Benchmarks)
extension TextEngineProbe {
    /// Builds the cache key for a measure and hashes it, without a lookup (for profiling).
    public static func hashOnly(_ string: String, font: UIFont, width: CGFloat?) -> Int {
        TextRequest(content: .plain(string), font: font, width: width).hashValue
    }
}
