import Foundation

/// The CLDR plural categories a count falls in; a strings table spells one form per category
/// the language uses (English and German: `one`, `other`; Arabic: all six).
public enum PluralCategory: String, CaseIterable, Sendable {
    /// Arabic 0.
    case zero
    /// 1 in English, German and Arabic.
    case one
    /// Arabic 2.
    case two
    /// Arabic 3–10 (by the last two digits).
    case few
    /// Arabic 11–99 (by the last two digits).
    case many
    /// Everything else; every table has it, and it is the fallback for a missing form.
    case other

    /// The category of the whole number `count` in `language` (a language code, "de" or
    /// "de-AT"), by the CLDR rules for English, German and Arabic; other languages use English's.
    public static func of(_ count: Int, language: String) -> PluralCategory {
        let n = abs(count)
        switch ChatLocalization.baseLanguage(of: language) {
        case "ar":
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            let lastTwo = n % 100
            if (3...10).contains(lastTwo) { return .few }
            if (11...99).contains(lastTwo) { return .many }
            return .other
        default:
            return n == 1 ? .one : .other
        }
    }
}
