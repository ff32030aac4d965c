import Foundation

/// Formats the date separators between days in the message list.
public protocol MessageDateSeparatorFormatter {
    /// The text for the day of `date`.
    func format(_ date: Date) -> String
}

/// "Today", "Yesterday", a weekday within the last week, else "12 March 2025"; an open class, so
/// an app can subclass it and override ``format(_:)``.
open class DefaultMessageDateSeparatorFormatter: MessageDateSeparatorFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment

    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }

    /// The day of `date`, relative to today when close.
    open func format(_ date: Date) -> String {
        if environment.calendar.isDate(date, inSameDayAs: environment.now()) { return L10n.default.tr("dates.today") }
        if environment.isYesterday(date) { return L10n.default.tr("dates.yesterday") }
        return environment.format(date, withinWeek: "EEEE", older: "d MMMM yyyy")
    }
}
