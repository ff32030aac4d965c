import Foundation
import ParleyUIKit

/// The chat UI's bundled strings tables (English, German, Arabic) and the language the UI uses.
///
/// Every user-visible string of the chat UI is looked up by key through
/// ``Appearance/localizationProvider``, whose default reads ``current``. An app switches the
/// whole UI to another language, mirrored right to left for Arabic, before building its screens:
///
/// ```swift
/// ChatLocalization.use(ChatLocalization(language: "ar"))
/// ```
///
/// ## The tables
///
/// One JSON object per language (`Resources/Localization/<language>.json`), key to text, for the
/// table `Localizable`. Text takes arguments as `String(format:)` does: `%@` (text), `%d` (a
/// number), positional `%1$@` / `%2$d` where a translation reorders them, and `%%`. A string that
/// depends on a count has one key per CLDR plural category, `key#one`, `key#other` (Arabic also
/// `#zero`, `#two`, `#few`, `#many`); `#other` is the fallback for a missing form. The key
/// `language.code` names the table's language, which picks the plural rules
/// (see ``PluralCategory``). A key missing from a table falls back to English, then to the key.
/// Arabic texts that begin with an argument begin with U+200F RIGHT-TO-LEFT MARK (`\u200f`), so
/// that a Latin name or a number in first place does not turn the line left to right.
public struct ChatLocalization: Sendable {
    /// The languages that have a bundled table.
    public static let bundledLanguages = ["en", "de", "ar"]

    /// The language code ("en", "de", "ar").
    public let language: String
    private let table: [String: String]

    /// The bundled table for `language` ("de", "de_DE", "ar-EG", …); English for a language
    /// without one.
    public init(language: String) {
        let base = Self.baseLanguage(of: language)
        self.language = Self.bundledLanguages.contains(base) ? base : "en"
        self.table = Self.bundledTable(self.language)
    }

    /// The text for `key` in `table` ("Localizable"): this language's, else English's, else the
    /// key itself (as `Bundle.localizedString` returns a missing key).
    public func string(forKey key: String, table: String = "Localizable") -> String {
        if let text = self.table[key] { return text }
        if language != "en", let text = Self.bundledTable("en")[key] { return text }
        return key
    }

    /// A localization provider (the shape of ``Appearance/localizationProvider``) reading this
    /// table.
    public var provider: (_ key: String, _ table: String) -> String {
        { key, table in self.string(forKey: key, table: table) }
    }

    /// The locale for month and weekday names in this language.
    public var locale: Locale {
        language == "en" ? Locale(identifier: "en_US_POSIX") : Locale(identifier: language)
    }

    /// Right to left for Arabic (and the other right-to-left scripts' languages), else left to right.
    public var layoutDirection: UIUserInterfaceLayoutDirection {
        Self.rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    // MARK: The current language

    /// The bundled table for the user's preferred language: the first of `PARLEY_LANG`,
    /// `LC_ALL`, `LC_MESSAGES`, `LANG` and `Locale.preferredLanguages` that has one; else English.
    public static var preferred: ChatLocalization {
        let environment = ProcessInfo.processInfo.environment
        let candidates = ["PARLEY_LANG", "LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] } + Locale.preferredLanguages
        for candidate in candidates where bundledLanguages.contains(baseLanguage(of: candidate)) {
            return ChatLocalization(language: candidate)
        }
        return ChatLocalization(language: "en")
    }

    /// The language the default ``Appearance/localizationProvider`` and the date formatters
    /// read; ``preferred`` until changed. Prefer ``use(_:)``, which also sets the layout direction.
    public static var current: ChatLocalization {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Makes `localization` the UI's language: ``current`` for new strings and dates, the app's
    /// layout direction (`UIApplication.preferredLayoutDirection`, right to left for Arabic), and
    /// `Appearance.default.localizationProvider`. Screens built afterwards use it.
    @preconcurrency @MainActor public static func use(_ localization: ChatLocalization) {
        current = localization
        UIApplication.preferredLayoutDirection = localization.layoutDirection
        Appearance.default.localizationProvider = localization.provider
    }

    // MARK: Internals

    /// "de" for "de_DE.UTF-8", "de-AT" or "de".
    static func baseLanguage(of identifier: String) -> String {
        String(identifier.prefix { $0.isLetter }).lowercased()
    }

    private static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur"]
    private static let state = Lock(ChatLocalization.preferred)
    private static let tables = Lock([String: [String: String]]())

    private static func bundledTable(_ language: String) -> [String: String] {
        if let cached = tables.withLock({ $0[language] }) { return cached }
        let loaded = loadTable(language)
        tables.withLock { $0[language] = loaded }
        return loaded
    }

    private static func loadTable(_ language: String) -> [String: String] {
        guard let url = Bundle.module.url(forResource: language, withExtension: "json", subdirectory: "Localization"),
              let data = try? Data(contentsOf: url),
              let table = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return table
    }
}

/// A value behind a lock, for the few process-wide settings read off the main actor.
final class Lock<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
