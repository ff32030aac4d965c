import Foundation

/// Every user-visible string of the chat UI, looked up through a localization provider (the
/// shape of ``Appearance/localizationProvider``) in the table `Localizable`.
///
/// Views read `appearance.l10n`; the date formatters, which have no appearance, read
/// ``default`` (the provider of `Appearance.default`, as Stream's formatters do). The keys and
/// their English text are in `Resources/Localization/en.json`.
package struct L10n {
    /// The provider strings are looked up with.
    package let provider: (_ key: String, _ table: String) -> String

    /// Strings from `provider`.
    package init(provider: @escaping (_ key: String, _ table: String) -> String) {
        self.provider = provider
    }

    /// Strings from `Appearance.default`'s provider, readable off the main actor.
    package static var `default`: L10n { L10n(provider: defaultProvider.get()) }

    /// `Appearance.default.localizationProvider`, mirrored for code off the main actor.
    static let defaultProvider = ProviderMirror()

    // MARK: Lookup

    /// The text for `key`, its arguments filled in.
    package func tr(_ key: String, _ arguments: Argument...) -> String {
        Self.format(provider(key, "Localizable"), arguments)
    }

    /// The form of `key` for `count` by the table's plural rules (`key#one`, `key#other`, …),
    /// `count` and then `arguments` filled in.
    package func plural(_ key: String, count: Int, _ arguments: Argument...) -> String {
        let category = PluralCategory.of(count, language: provider("language.code", "Localizable"))
        var text = provider(key + "#" + category.rawValue, "Localizable")
        if category != .other, text == key + "#" + category.rawValue {
            text = provider(key + "#other", "Localizable")
        }
        return Self.format(text, [.int(count)] + arguments)
    }

    /// An argument for a string's `%@` or `%d`.
    package enum Argument: ExpressibleByStringLiteral {
        /// Text for `%@`.
        case string(String)
        /// A whole number for `%d`.
        case int(Int)

        package init(stringLiteral value: String) { self = .string(value) }

        var text: String {
            switch self {
            case .string(let string): string
            case .int(let int): String(int)
            }
        }
    }

    /// `format` with `%@`, `%d`, `%ld`, positional `%1$@` / `%2$d` and `%%` replaced. Unlike
    /// `String(format:)`, an argument type that does not match its specifier cannot crash.
    static func format(_ format: String, _ arguments: [Argument]) -> String {
        guard format.contains("%") else { return format }
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            index = format.index(after: index)
            guard character == "%", index < format.endIndex else { result.append(character); continue }
            if format[index] == "%" { result.append("%"); index = format.index(after: index); continue }
            // An optional position ("1$"), then the specifier ("@", "d", "ld").
            var scan = index
            var digits = ""
            while scan < format.endIndex, format[scan].isASCII, format[scan].isNumber { digits.append(format[scan]); scan = format.index(after: scan) }
            var position: Int?
            if !digits.isEmpty, scan < format.endIndex, format[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                scan = format.index(after: scan)
            } else {
                scan = index
            }
            if scan < format.endIndex, format[scan] == "l" { scan = format.index(after: scan) }
            guard scan < format.endIndex, format[scan] == "@" || format[scan] == "d" else { result.append(character); continue }
            let argumentIndex = position ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(argumentIndex) { result += arguments[argumentIndex].text }
            index = format.index(after: scan)
        }
        return result
    }
}

extension Appearance {
    /// The chat UI's strings, looked up through ``localizationProvider``.
    package var l10n: L10n { L10n(provider: localizationProvider) }
}

/// A provider closure behind a lock: `Appearance.default`'s, for the formatters.
final class ProviderMirror: @unchecked Sendable {
    private let lock = NSLock()
    private var provider: (_ key: String, _ table: String) -> String = { key, table in
        ChatLocalization.current.string(forKey: key, table: table)
    }

    func get() -> (_ key: String, _ table: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return provider
    }

    func set(_ provider: @escaping (_ key: String, _ table: String) -> String) {
        lock.lock()
        defer { lock.unlock() }
        self.provider = provider
    }
}

extension L10n {
    /// "Alice is typing…", "Alice and Bob are typing…", "Alice and 2 more are typing…" for the
    /// display `names` (in the order given); `nil` for nobody.
    package func typing(_ names: [String]) -> String? {
        switch names.count {
        case 0: return nil
        case 1: return tr("typing.one", .string(names[0]))
        case 2: return tr("typing.two", .string(names[0]), .string(names[1]))
        default: return plural("typing.more", count: names.count - 1, .string(names[0]))
        }
    }
}
