import Foundation

/// Formats a message's time.
public protocol MessageTimestampFormatter {
    /// The text for `date`.
    func format(_ date: Date) -> String
}

/// "14:05" in 24-hour time; an open class, so an app can subclass it and override ``format(_:)``.
open class DefaultMessageTimestampFormatter: MessageTimestampFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment

    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }

    /// The hours and minutes of `date`.
    open func format(_ date: Date) -> String {
        let c = environment.calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }
}

/// Channel list timestamps: the time today, "Yesterday", a short weekday within a week, else a
/// short date; an open class, so an app can subclass it and override ``format(_:)``.
open class ChannelListMessageTimestampFormatter: MessageTimestampFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment

    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }

    /// The text for `date`.
    open func format(_ date: Date) -> String {
        if environment.calendar.isDate(date, inSameDayAs: environment.now()) {
            return DefaultMessageTimestampFormatter(environment: environment).format(date)
        }
        if environment.isYesterday(date) { return L10n.default.tr("dates.yesterday") }
        return environment.format(date, withinWeek: "EEE", older: "dd/MM/yy")
    }
}
