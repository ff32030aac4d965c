import Foundation
@testable import ParleyChatUI
import Testing

/// The strings tables, the plural rules and the argument filling.
@Suite struct ChatLocalizationTests {
    @Test func pluralCategoriesFollowCLDR() {
        for language in ["en", "de", "de_DE.UTF-8"] {
            #expect(PluralCategory.of(1, language: language) == .one)
            #expect([0, 2, 5, 11, 101].allSatisfy { PluralCategory.of($0, language: language) == .other })
        }
        let arabic: [(Int, PluralCategory)] = [
            (0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many),
            (100, .other), (102, .other), (103, .few), (111, .many), (1000, .other),
        ]
        for (count, category) in arabic { #expect(PluralCategory.of(count, language: "ar") == category, "\(count)") }
    }

    @Test func tablesAnswerByLanguageAndFallBack() {
        #expect(ChatLocalization(language: "de").string(forKey: "message.deleted") == "Nachricht gelöscht")
        #expect(ChatLocalization(language: "ar_EG").language == "ar")
        #expect(ChatLocalization(language: "ar").layoutDirection == .rightToLeft)
        #expect(ChatLocalization(language: "de").layoutDirection == .leftToRight)
        // No French table: English.
        #expect(ChatLocalization(language: "fr").string(forKey: "message.deleted") == "Message deleted")
        // A missing key is itself, as Bundle.localizedString returns it.
        #expect(ChatLocalization(language: "de").string(forKey: "no.such.key") == "no.such.key")
    }

    @Test func pluralsPickTheFormOfTheLanguage() {
        let english = L10n(provider: ChatLocalization(language: "en").provider)
        #expect(english.plural("message.threads.count", count: 1) == "1 reply")
        #expect(english.plural("message.threads.count", count: 3) == "3 replies")
        let german = L10n(provider: ChatLocalization(language: "de").provider)
        #expect(german.plural("message.threads.count", count: 1) == "1 Antwort")
        #expect(german.plural("reaction.authors.count", count: 4) == "4 Reaktionen")
        let arabic = L10n(provider: ChatLocalization(language: "ar").provider)
        #expect(arabic.plural("message.threads.count", count: 2) == "ردّان")
        // Texts that start with an argument start with a right-to-left mark: a Latin name or a
        // number first must not turn the line left to right.
        #expect(arabic.plural("message.threads.count", count: 3) == "\u{200F}3 ردود")
        #expect(arabic.plural("message.threads.count", count: 11) == "\u{200F}11 ردًا")
        #expect(arabic.plural("message.threads.count", count: 100) == "\u{200F}100 رد")
        #expect(arabic.typing(["Bob"]) == "\u{200F}Bob يكتب…")
        // Positional arguments: the count first, the name second, in the order the text wants.
        #expect(english.typing(["Ana", "Ben", "Cy"]) == "Ana and 2 more are typing…")
        #expect(german.typing(["Ana", "Ben"]) == "Ana und Ben tippen…")
    }

    @Test func aMissingPluralFormFallsBackToOther() {
        let provider: (String, String) -> String = { key, _ in
            switch key {
            case "language.code": "ar"
            case "apples#other": "%d apples"
            default: key
            }
        }
        #expect(L10n(provider: provider).plural("apples", count: 2) == "2 apples")
    }

    @Test func formatFillsArguments() {
        #expect(L10n.format("%@ and %@", [.string("a"), .string("b")]) == "a and b")
        #expect(L10n.format("%2$@ then %1$d", [.int(7), .string("x")]) == "x then 7")
        #expect(L10n.format("100%% of %ld", [.int(3)]) == "100% of 3")
        // A specifier without an argument drops out rather than crashing.
        #expect(L10n.format("%@ and %@", [.string("a")]) == "a and ")
        #expect(L10n.format("no arguments", []) == "no arguments")
    }

    @MainActor @Test func datesFollowTheLanguage() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_741_788_000)  // Wednesday 12 March 2025
        let environment = FormattingEnvironment(calendar: calendar, now: { now })
        let separator = DefaultMessageDateSeparatorFormatter(environment: environment)
        let lastSeen = DefaultUserLastActivityFormatter(environment: environment)
        #expect(separator.format(now) == "Today")
        withLanguage("de") {
            #expect(separator.format(now) == "Heute")
            #expect(separator.format(now.addingTimeInterval(-86_400)) == "Gestern")
            #expect(separator.format(now.addingTimeInterval(-3 * 86_400)) == "Sonntag")
            #expect(separator.format(now.addingTimeInterval(-30 * 86_400)) == "10. Februar 2025")
            #expect(lastSeen.format(now) == "Zuletzt gesehen heute um 14:00")
        }
        withLanguage("ar") {
            #expect(separator.format(now) == "اليوم")
            #expect(lastSeen.format(now.addingTimeInterval(-86_400)) == "آخر ظهور أمس الساعة 14:00")
        }
        #expect(separator.format(now.addingTimeInterval(-30 * 86_400)) == "10 February 2025")
    }
}
