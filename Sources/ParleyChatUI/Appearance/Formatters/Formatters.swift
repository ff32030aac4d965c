import Foundation
import ParleyChat

extension Appearance {
    /// The formatters the chat UI shows dates and names with; replace any to change it everywhere.
    ///
    /// The default formatters are open classes: subclass one and override `format` to change a
    /// single case, as with Stream's.
    public struct Formatters {
        /// The time under a message ("14:05").
        public var messageTimestamp: MessageTimestampFormatter = DefaultMessageTimestampFormatter()
        /// The timestamp in channel list rows ("14:05", "Yesterday", "Mon", "12/03/25").
        public var channelListMessageTimestamp: MessageTimestampFormatter = ChannelListMessageTimestampFormatter()
        /// The date separators in the message list ("Today", "Yesterday", "Monday", "12 March 2025").
        public var messageDateSeparator: MessageDateSeparatorFormatter = DefaultMessageDateSeparatorFormatter()
        /// When the other member of a 1:1 channel was last active, in the channel header
        /// ("Last seen today at 14:05").
        public var userLastActivity: UserLastActivityFormatter = DefaultUserLastActivityFormatter()
        /// The channel's display name (its name, or its other members' names).
        public var channelName: ChannelNameFormatter = DefaultChannelNameFormatter()
        /// Styles message text written in markdown (bold, italic, code, links, lists, quotes,
        /// headings).
        public var markdownFormatter: MarkdownFormatter = DefaultMarkdownFormatter()
        /// Whether message text is styled as markdown (Stream's switch has this name and place).
        /// On by default; off shows the text as typed.
        public var isMarkdownEnabled = true
        /// File sizes under file attachments ("1.2 MB").
        public var fileSize: FileSizeFormatter = DefaultFileSizeFormatter()

        /// The default formatters.
        public init() {}
    }
}

/// The calendar and clock formatters use; tests and demos pin them.
public struct FormattingEnvironment: Sendable {
    /// The calendar for day boundaries.
    public var calendar: Calendar
    /// The locale of month and weekday names: the one given, else the language of
    /// ``ChatLocalization/current`` when a date is formatted.
    public var locale: Locale {
        get { fixedLocale ?? ChatLocalization.current.locale }
        set { fixedLocale = newValue }
    }
    private var fixedLocale: Locale?
    /// What "now" is (for Today/Yesterday).
    public var now: @Sendable () -> Date

    /// An environment.
    public init(calendar: Calendar = .current, locale: Locale? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.calendar = calendar
        self.fixedLocale = locale
        self.now = now
    }
}

extension FormattingEnvironment {
    /// `date` with one pattern within the last week (a weekday) and another before that.
    func format(_ date: Date, withinWeek recentPattern: String, older olderPattern: String) -> String {
        let locale = self.locale
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = locale
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now())).day ?? 0
        let pattern = (0..<7).contains(days) ? recentPattern : olderPattern
        if locale.identifier == "en_US_POSIX" {
            formatter.dateFormat = pattern
        } else {
            // Another language orders and punctuates the same fields its own way ("12. März 2025").
            formatter.setLocalizedDateFormatFromTemplate(pattern.filter { $0.isLetter })
        }
        return formatter.string(from: date)
    }

    /// Whether `date` is yesterday (by this calendar and clock).
    func isYesterday(_ date: Date) -> Bool {
        guard let yesterday = calendar.date(byAdding: .day, value: -1, to: now()) else { return false }
        return calendar.isDate(date, inSameDayAs: yesterday)
    }
}
