import Foundation
import Parley
import Testing

@MainActor @Suite struct FormatterTests {  // main actor: the language tests switch the process-wide language there
    private var environment: FormattingEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Wednesday 12 March 2025, 15:00 UTC.
        return FormattingEnvironment(calendar: calendar, now: { Date(timeIntervalSince1970: 1_741_791_600) })
    }

    @Test func dateSeparatorsAreRelativeWithinAWeek() {
        let f = DefaultMessageDateSeparatorFormatter(environment: environment)
        let now = environment.now()
        #expect(f.format(now) == "Today")
        #expect(f.format(now.addingTimeInterval(-86_400)) == "Yesterday")
        #expect(f.format(now.addingTimeInterval(-3 * 86_400)) == "Sunday")
        #expect(f.format(now.addingTimeInterval(-30 * 86_400)) == "10 February 2025")
    }

    @Test func channelListTimestampsShortenWithAge() {
        let f = ChannelListMessageTimestampFormatter(environment: environment)
        let now = environment.now()
        #expect(f.format(now) == "15:00")
        #expect(f.format(now.addingTimeInterval(-86_400)) == "Yesterday")
        #expect(f.format(now.addingTimeInterval(-2 * 86_400)) == "Mon")
        #expect(f.format(now.addingTimeInterval(-30 * 86_400)) == "10/02/25")
    }

    @Test func channelNamesFallBackToMembers() {
        let me = ChatUser(id: "me", name: "Me")
        let ana = ChatUser(id: "ana", name: "Ana"), ben = ChatUser(id: "ben", name: "Ben"), cy = ChatUser(id: "cy", name: "Cy")
        func channel(_ name: String?, _ users: [ChatUser]) -> ChatChannel {
            var c = ChatChannel(cid: ChannelId(type: "messaging", id: "x"))
            c.name = name
            c.members = users.map { ChatChannelMember(user: $0, role: .member, memberCreatedAt: Date(timeIntervalSince1970: 0)) }
            c.memberCount = users.count
            return c
        }
        let f = DefaultChannelNameFormatter()
        #expect(f.format(channel: channel("General", [me, ana]), forCurrentUserId: "me") == "General")
        #expect(f.format(channel: channel(nil, [me, ana]), forCurrentUserId: "me") == "Ana")
        #expect(f.format(channel: channel("  ", [me, ana, ben, cy]), forCurrentUserId: "me") == "Ana, Ben and 1 more")
        #expect(f.format(channel: channel(nil, [me]), forCurrentUserId: "me") == nil)
        // The list and "and N more" are the language's.
        withLanguage("ar") {
            #expect(f.format(channel: channel(nil, [me, ana, ben, cy]), forCurrentUserId: "me") == "\u{200F}Ana، Ben وشخص آخر")
        }
        withLanguage("de") {
            #expect(f.format(channel: channel(nil, [me, ana, ben, cy, me]), forCurrentUserId: "me") == "Ana, Ben und 2 weitere")
        }
    }
}
