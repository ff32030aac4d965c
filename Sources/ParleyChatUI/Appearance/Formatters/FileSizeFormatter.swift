import Foundation

/// Formats a file's size for file attachments.
public protocol FileSizeFormatter {
    /// The size of `bytes` bytes as shown ("532 bytes", "14 KB", "1.2 MB").
    func format(_ bytes: Int64) -> String
}

/// Sizes as `ByteCountFormatter`'s file style writes them: decimal units (1 KB = 1,000 bytes),
/// whole kilobytes, one decimal from megabytes on ("0 bytes", "1 byte", "532 bytes", "14 KB",
/// "1.2 MB", "3 GB"). An open class: subclass it and override ``format(_:)``.
open class DefaultFileSizeFormatter: FileSizeFormatter {
    /// A formatter.
    public init() {}

    /// The size of `bytes` bytes, its units from the strings tables (`attachment.file-size.*`).
    open func format(_ bytes: Int64) -> String {
        let l10n = L10n.default
        let value = max(0, bytes)
        if value < 1000 { return l10n.plural("attachment.file-size.bytes", count: Int(value)) }
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        var amount = Double(value) / 1000
        var unit = 0
        while amount >= (unit == 0 ? 999.5 : 999.95), unit < units.count - 1 {
            amount /= 1000
            unit += 1
        }
        let tenths = unit == 0 ? amount.rounded() : (amount * 10).rounded() / 10
        let text = tenths == tenths.rounded() ? String(Int(tenths)) : String(format: "%.1f", tenths)
        return l10n.tr("attachment.file-size." + units[unit], .string(text))
    }
}
