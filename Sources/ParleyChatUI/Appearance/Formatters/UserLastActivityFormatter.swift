import Foundation

/// Formats when a user was last active (the channel header of a 1:1 channel shows it).
public protocol UserLastActivityFormatter {
    /// The text for a user last active at `date`; `nil` shows nothing.
    func format(_ date: Date) -> String?
}

/// "Last seen today at 14:05", "Last seen yesterday at 09:30", "Last seen Monday at 18:00",
/// "Last seen 12 March 2025 at 10:00": the day as the date separators name it, the time as
/// messages show it. An open class, so an app can subclass it and override ``format(_:)``.
open class DefaultUserLastActivityFormatter: UserLastActivityFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment

    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }

    /// "Last seen" with the day and time of `date`.
    open func format(_ date: Date) -> String? {
        let time = DefaultMessageTimestampFormatter(environment: environment).format(date)
        // "today" and "yesterday" are words of the sentence (their own strings: languages place
        // and inflect them differently); weekdays and dates keep their capitals.
        let l10n = L10n.default
        if environment.calendar.isDate(date, inSameDayAs: environment.now()) { return l10n.tr("dates.last-seen.today", .string(time)) }
        if environment.isYesterday(date) { return l10n.tr("dates.last-seen.yesterday", .string(time)) }
        let day = DefaultMessageDateSeparatorFormatter(environment: environment).format(date)
        return l10n.tr("dates.last-seen.day", .string(day), .string(time))
    }
}
