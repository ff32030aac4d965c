import Foundation
import ParleyChat

extension Appearance {
    /// The formatters the chat UI shows dates and names with; replace any to change it everywhere.
    public struct Formatters {
        /// The time under a message ("14:05").
        public var messageTimestamp: MessageTimestampFormatter = DefaultMessageTimestampFormatter()
        /// The date separators in the message list ("Today", "Yesterday", "Monday", "12 March 2025").
        public var messageDateSeparator: MessageDateSeparatorFormatter = DefaultMessageDateSeparatorFormatter()
        /// The timestamp in channel list rows ("14:05", "Yesterday", "Mon", "12/03/25").
        public var channelListMessageTimestamp: MessageTimestampFormatter = ChannelListMessageTimestampFormatter()
        /// The channel's display name (its name, or its other members' names).
        public var channelName: ChannelNameFormatter = DefaultChannelNameFormatter()

        /// The default formatters.
        public init() {}
    }
}

/// Formats a message's time.
public protocol MessageTimestampFormatter {
    /// The text for `date`.
    func format(_ date: Date) -> String
}

/// Formats the date separators between days in the message list.
public protocol MessageDateSeparatorFormatter {
    /// The text for the day of `date`.
    func format(_ date: Date) -> String
}

/// Formats a channel's display name.
public protocol ChannelNameFormatter {
    /// The name to show for `channel`, as seen by `currentUserId`; nil when nothing fits.
    func format(channel: ChatChannel, forCurrentUserId currentUserId: UserId?) -> String?
}

/// The calendar and clock formatters use; tests and demos pin them.
public struct FormattingEnvironment: Sendable {
    /// The calendar for day boundaries.
    public var calendar: Calendar
    /// The locale of month and weekday names.
    public var locale: Locale
    /// What "now" is (for Today/Yesterday).
    public var now: @Sendable () -> Date

    /// An environment.
    public init(calendar: Calendar = .current, locale: Locale = Locale(identifier: "en_US_POSIX"), now: @escaping @Sendable () -> Date = { Date() }) {
        self.calendar = calendar
        self.locale = locale
        self.now = now
    }
}

extension FormattingEnvironment {
    /// `date` with one pattern within the last week (a weekday) and another before that.
    func format(_ date: Date, withinWeek recentPattern: String, older olderPattern: String) -> String {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = locale
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now())).day ?? 0
        formatter.dateFormat = (0..<7).contains(days) ? recentPattern : olderPattern
        return formatter.string(from: date)
    }
}

/// "14:05" in 24-hour time.
public struct DefaultMessageTimestampFormatter: MessageTimestampFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment
    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }
    /// The hours and minutes of `date`.
    public func format(_ date: Date) -> String {
        let c = environment.calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }
}

/// "Today", "Yesterday", a weekday within the last week, else "12 March 2025".
public struct DefaultMessageDateSeparatorFormatter: MessageDateSeparatorFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment
    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }
    /// The day of `date`, relative to today when close.
    public func format(_ date: Date) -> String {
        let calendar = environment.calendar
        let now = environment.now()
        if calendar.isDate(date, inSameDayAs: now) { return "Today" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) { return "Yesterday" }
        return environment.format(date, withinWeek: "EEEE", older: "d MMMM yyyy")
    }
}

/// Channel list timestamps: the time today, "Yesterday", a short weekday within a week, else a short date.
public struct ChannelListMessageTimestampFormatter: MessageTimestampFormatter {
    /// The calendar and clock.
    public var environment: FormattingEnvironment
    /// A formatter.
    public init(environment: FormattingEnvironment = FormattingEnvironment()) { self.environment = environment }
    /// The text for `date`.
    public func format(_ date: Date) -> String {
        let calendar = environment.calendar
        let now = environment.now()
        if calendar.isDate(date, inSameDayAs: now) {
            return DefaultMessageTimestampFormatter(environment: environment).format(date)
        }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) { return "Yesterday" }
        return environment.format(date, withinWeek: "EEE", older: "dd/MM/yy")
    }
}

/// The channel's name; without one, the other members' names ("Ana, Ben and 3 more"); for a
/// 1:1 channel, the other member's name.
public struct DefaultChannelNameFormatter: ChannelNameFormatter {
    /// How many member names to list before "and N more".
    public var maxMemberNames: Int
    /// A formatter.
    public init(maxMemberNames: Int = 2) { self.maxMemberNames = maxMemberNames }
    /// The display name of `channel`.
    public func format(channel: ChatChannel, forCurrentUserId currentUserId: UserId?) -> String? {
        if let name = channel.name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        let others = channel.members.filter { $0.user.id != currentUserId }.map { $0.user.name.isEmpty ? $0.user.id : $0.user.name }
        guard !others.isEmpty else { return nil }
        let shown = others.prefix(maxMemberNames).joined(separator: ", ")
        let rest = max(channel.memberCount - 1, others.count) - min(others.count, maxMemberNames)
        return rest > 0 ? "\(shown) and \(rest) more" : shown
    }
}
