import Foundation

// The written conversations of `parley demo`: who is in them, what they said and when, the
// replies, threads, reactions and mentions, and the lines the simulated peers say later.
//
// Times are "days before the last day" (0 = the last day, usually today) and a local clock time;
// ``DemoConversations/seed(into:townHallMessages:now:)`` moves the whole script back by whole
// days when the clock is earlier than the last day's last message. Sam (`sam`) is the current
// user. Mentions are `@` + a member's full name, as the composer writes them.

/// A person in the written demo.
struct DemoPerson: Sendable {
    var id: UserId
    var name: String
    var isOnline = false
}

/// One written message, with its thread, reactions, quote and link preview.
struct DemoLine: Sendable {
    var day: Int
    var time: String
    var author: UserId
    var text: String
    /// A name other lines quote it by.
    var key: String?
    /// The key of the message this one quotes.
    var quote: String?
    var reactions: [(type: MessageReactionType, users: [UserId])] = []
    var replies: [DemoLine] = []
    /// A thread reply also shown in the channel.
    var isAlsoInChannel = false
    /// Edited a few minutes after it was sent.
    var isEdited = false
    var link: (title: String, site: String)?
    /// Pictures and files attached (seeded only when `parley demo` gives a media folder).
    var media: [DemoMediaFile] = []
    /// A place shared as a custom `location` attachment (the demo app draws it).
    var location: (name: String, latitude: Double, longitude: Double)?

    /// The line with a key other lines quote it by.
    func key(_ key: String) -> DemoLine { var line = self; line.key = key; return line }
    /// The line quoting the line with `key`.
    func quoting(_ key: String) -> DemoLine { var line = self; line.quote = key; return line }
    /// The line with reactions of `type` by `users`.
    func reacted(_ type: MessageReactionType, _ users: UserId...) -> DemoLine {
        var line = self; line.reactions.append((type, users)); return line
    }
    /// The line as a thread root with `replies`.
    func thread(_ replies: DemoLine...) -> DemoLine { var line = self; line.replies = replies; return line }
    /// A thread reply also sent to the channel.
    func alsoInChannel() -> DemoLine { var line = self; line.isAlsoInChannel = true; return line }
    /// The line, edited.
    func edited() -> DemoLine { var line = self; line.isEdited = true; return line }
    /// The line with a preview of the first link in its text.
    func preview(_ title: String, site: String) -> DemoLine { var line = self; line.link = (title, site); return line }
    /// The line with `media` attached.
    func attaching(_ media: DemoMediaFile...) -> DemoLine { var line = self; line.media += media; return line }
    /// The line sharing the place `name` at `latitude`, `longitude`.
    func sharingLocation(_ name: String, latitude: Double, longitude: Double) -> DemoLine {
        var line = self; line.location = (name, latitude, longitude); return line
    }
}

/// A picture or file the demo script attaches to a message. `parley demo` draws the pictures
/// (and writes the files) into the media folder beside its database before seeding; nothing
/// comes from the network.
public struct DemoMediaFile: Sendable, Hashable {
    /// What the file is.
    public enum Kind: Sendable, Hashable {
        /// A PNG of `width × height` pixels drawn in colour scheme `palette`.
        case picture(width: Int, height: Int, palette: Int)
        /// A file of `size` bytes of type `mimeType`.
        case file(size: Int, mimeType: String)
    }

    /// The file's name in the media folder.
    public var name: String
    /// What it is.
    public var kind: Kind

    static func picture(_ name: String, _ width: Int, _ height: Int, palette: Int) -> DemoMediaFile {
        DemoMediaFile(name: name, kind: .picture(width: width, height: height, palette: palette))
    }

    static func file(_ name: String, _ size: Int, _ mimeType: String) -> DemoMediaFile {
        DemoMediaFile(name: name, kind: .file(size: size, mimeType: mimeType))
    }
}

/// A line at `time` (local "HH:mm") `day` days before the last day (pass 0 or a negative number).
func say(_ day: Int, _ time: String, _ author: UserId, _ text: String) -> DemoLine {
    DemoLine(day: day, time: time, author: author, text: text)
}

/// One written channel.
struct DemoChannel: Sendable {
    var cid: ChannelId
    var name: String?
    var members: [UserId]
    var config: ChannelConfig
    var lines: [DemoLine]
    /// How many of the newest top-level messages Sam has not read.
    var unread: Int
    /// What the simulated peers say here (anyone of the members could say any of them).
    var peerLines: [String]
}

enum DemoScript {
    static let people: [DemoPerson] = [
        DemoPerson(id: "sam", name: "Sam Taylor", isOnline: true),
        // The Atlas team (a route-planning app, release 2.4 this week).
        DemoPerson(id: "priya", name: "Priya Raman", isOnline: true),
        DemoPerson(id: "marcus", name: "Marcus Chen", isOnline: true),
        DemoPerson(id: "lena", name: "Lena Fischer", isOnline: true),
        DemoPerson(id: "tomas", name: "Tomás Ortega"),
        DemoPerson(id: "aisha", name: "Aisha Bello", isOnline: true),
        DemoPerson(id: "jonas", name: "Jonas Berg"),
        DemoPerson(id: "olivia", name: "Olivia Grant"),
        // Friends.
        DemoPerson(id: "maya", name: "Maya Cohen", isOnline: true),
        DemoPerson(id: "dev", name: "Dev Patel"),
        DemoPerson(id: "chloe", name: "Chloé Martin"),
        // Family.
        DemoPerson(id: "helen", name: "Mum"),
        DemoPerson(id: "richard", name: "Dad"),
        DemoPerson(id: "ellie", name: "Ellie Taylor", isOnline: true),
        // Book club.
        DemoPerson(id: "nora", name: "Nora Walsh"),
        DemoPerson(id: "ben", name: "Ben Adeyemi"),
        DemoPerson(id: "ines", name: "Inês Costa"),
        DemoPerson(id: "hiro", name: "Hiro Tanaka"),
        // Friends in Amman.
        DemoPerson(id: "omar", name: "عمر الخطيب", isOnline: true),
        DemoPerson(id: "layla", name: "ليلى حداد"),
        DemoPerson(id: "karim", name: "كريم منصور"),
        DemoPerson(id: "yousef", name: "يوسف ناصر"),
        DemoPerson(id: "sara", name: "سارة العلي"),
        // More of the company, for the town hall.
        DemoPerson(id: "grace", name: "Grace Kim"),
        DemoPerson(id: "felix", name: "Felix Weber"),
        DemoPerson(id: "rosa", name: "Rosa Silva"),
        DemoPerson(id: "kemal", name: "Kemal Yilmaz"),
        DemoPerson(id: "zoe", name: "Zoe Adler"),
        DemoPerson(id: "luca", name: "Luca Rossi"),
        DemoPerson(id: "amara", name: "Amara Okafor"),
        DemoPerson(id: "nico", name: "Nico Larsen"),
        DemoPerson(id: "wen", name: "Wen Zhang"),
    ]

    static let team: [UserId] = ["sam", "priya", "marcus", "lena", "tomas", "aisha", "jonas"]
    static let company: [UserId] = team + ["olivia", "grace", "felix", "rosa", "kemal", "zoe", "luca", "amara", "nico", "wen"]

    static let engineering = DemoChannel(
        cid: ChannelId(type: .team, id: "engineering"), name: "Engineering", members: team,
        config: .default(for: .team),
        lines: [
            say(-3, "09:02", "priya", "Morning team ☀️ The 2.4 release branch gets cut on Thursday. Anything that isn't merged by Wednesday evening rides the next train."),
            say(-3, "09:04", "marcus", "Noted. The offline sync PR is in review, should land today."),
            say(-3, "09:05", "tomas", "Map clustering is done, just waiting on design sign-off from @Aisha Bello"),
            say(-3, "09:11", "aisha", "Looking at it after lunch! The cluster bubbles looked great in Friday's build.").reacted(.like, "tomas"),
            say(-3, "09:30", "lena", "Reminder: the regression suite runs on the release branch every night from Thursday. Please don't force-push to it 🙏")
                .reacted(.haha, "marcus").reacted(.like, "priya", "jonas", "sam"),
            say(-3, "14:20", "aisha", "@Tomás Ortega approved ✅ One nit: the count label should use the rounded font, like the badges.").key("approve"),
            say(-3, "14:22", "tomas", "Good catch, fixed and pushed").quoting("approve"),
            say(-3, "17:45", "jonas", "Heads-up: staging database maintenance tonight 22:00–22:30. Staging will be read-only."),

            say(-2, "09:00", "priya", "Standup 🧵 reply in the thread please").reacted(.like, "lena", "marcus", "sam").thread(
                say(-2, "09:03", "marcus", "Yesterday: offline sync, addressed the review comments. Today: merge it, then the retry backoff. No blockers."),
                say(-2, "09:05", "tomas", "Yesterday: map clustering. Today: the dark mode contrast on the route card. No blockers."),
                say(-2, "09:06", "lena", "Today: the test plan for 2.4, I'll share it by noon."),
                say(-2, "09:10", "sam", "Yesterday: the notification settings screen. Today: wiring it to the API. Blocked until the new endpoint is on staging. @Jonas Berg any ETA?"),
                say(-2, "09:14", "jonas", "@Sam Taylor deploying it now, give it 15 minutes"),
                say(-2, "09:31", "sam", "It's up, thanks!")),
            say(-2, "11:48", "lena", "The test plan for 2.4 is in the wiki: https://wiki.example.com/atlas/releases/2.4/test-plan. Shout if I missed a flow.")
                .preview("Atlas 2.4: test plan", site: "Team wiki").reacted(.like, "priya", "tomas"),
            say(-2, "12:02", "aisha", "Lunch? The Thai place is open again 🍜").reacted(.love, "tomas", "sam", "marcus"),
            say(-2, "12:03", "marcus", "In!"),
            say(-2, "15:40", "marcus", "Offline sync is merged 🎉").key("merged")
                .reacted(.love, "priya", "lena").reacted(.wow, "tomas").reacted(.like, "sam", "jonas"),
            say(-2, "15:41", "priya", "Huge, thanks Marcus. That was a big one.").quoting("merged"),

            say(-1, "10:15", "lena", "🐛 Crash on Android 14 when you open a saved route offline. The stack trace points at the tile cache. Repro: airplane mode → Saved → tap any route.")
                .reacted(.wow, "marcus").reacted(.sad, "priya").thread(
                    say(-1, "10:18", "marcus", "That's probably mine, offline sync touched the tile cache. Looking."),
                    say(-1, "10:52", "marcus", "Found it: on a cold start offline we read the cache index before it's open. The fix is two lines, PR in a minute."),
                    say(-1, "10:53", "marcus", "https://git.example.com/atlas/app/pull/1842"),
                    say(-1, "11:20", "lena", "Fix verified on the Pixel 8 and the Galaxy A54, no more crash ✅").alsoInChannel(),
                    say(-1, "11:21", "priya", "Nice turnaround 👏")),
            say(-1, "11:05", "tomas", "Does anyone else get a blank map in the simulator since this morning? Just me?"),
            say(-1, "11:07", "jonas", "Not just you. The tile CDN key for staging expired, rotating it now."),
            say(-1, "11:19", "jonas", "Rotated. Reload and the tiles should be back.").reacted(.love, "tomas"),
            say(-1, "16:30", "priya", """
                Release notes draft for 2.4, please add anything I missed by tomorrow noon:
                • Offline sync for saved routes
                • Clustered pins on the map
                • New notification settings
                • Fix: crash when opening a saved route offline
                """).key("notes").reacted(.like, "lena", "aisha"),
            say(-1, "16:41", "sam", "Added a line about the dark mode contrast fixes").quoting("notes"),

            say(0, "09:01", "priya", "Standup 🧵").thread(
                say(0, "09:04", "sam", "Yesterday: notification settings, done and merged. Today: helping Lena with release testing. No blockers."),
                say(0, "09:05", "tomas", "Today: a last pass on the route card, then release testing too."),
                say(0, "09:09", "marcus", "Today: retry backoff, and I'll watch the crash reports once the build is out.")),
            say(0, "09:40", "lena", "Release branch cut: release/2.4 🚂 RC1 is building")
                .reacted(.love, "priya", "marcus").reacted(.wow, "tomas"),
            say(0, "10:25", "lena", "RC1 is on TestFlight and the Play internal track. Regression run: 212 passed, 1 flaky (the login timeout, known)."),
            say(0, "10:25", "lena", "Full regression report and the flaky test's logs").attaching(
                .file("Regression report RC1.pdf", 182_400, "application/pdf"), .file("login-timeout-flake.log", 48_213, "text/plain")),
            say(0, "10:26", "jonas", "Dashboards look calm. Crash-free sessions on the beta: 99.8% 📈"),
            say(0, "10:27", "jonas", "").attaching(.picture("crash-free-dashboard.png", 1600, 900, palette: 1)),
            say(0, "10:31", "priya", "@Sam Taylor can you take the iPad pass? Split view and rotation mostly."),
            say(0, "10:33", "sam", "On it 👍"),
            say(0, "11:02", "aisha", "Store screenshots for 2.4 are ready for review: https://design.example.com/atlas/2.4-store")
                .preview("Atlas 2.4: App Store and Play screenshots", site: "Design").key("screens"),
            say(0, "11:08", "aisha", "The two hero shots, light and dark").attaching(
                .picture("atlas-hero-light.png", 1242, 1000, palette: 4), .picture("atlas-hero-dark.png", 1242, 1000, palette: 3)),
            say(0, "11:15", "tomas", "These look great. The dark one with the clustered pins 😍").quoting("screens").reacted(.love, "aisha"),
            say(0, "11:40", "sam", "iPad pass done: all good, except the settings sheet jumps if you rotate mid-animation. Filed it, not a blocker IMO.").edited(),
            say(0, "11:42", "priya", "Agreed, next train. Let's ship RC1 tomorrow morning if nothing else comes up 🚀"),
            say(0, "11:43", "marcus", "🚀"),
        ],
        unread: 2,
        peerLines: [
            "RC2 is green ✅", "Anyone free to review #1851? It's a small one, promise", "Crash-free rate still at 99.8% 📈",
            "Coffee run in 5, want anything?", "I'll take a look after lunch", "Merged 👍", "Can we move the retro to Friday?",
            "Staging is back up", "Nice work everyone 🎉", "The flaky login test again 🙃", "Good call", "On it",
            "Pushed a fix, CI is running", "Sounds good to me", "I can pair on that this afternoon",
        ])

    static let devHelp = DemoChannel(
        cid: ChannelId(type: .team, id: "dev-help"), name: "dev-help", members: ["sam", "priya", "marcus", "tomas", "jonas", "lena"],
        config: .default(for: .team),
        lines: [
            say(-4, "14:02", "tomas", """
                Why does this fail with keyNotFound, but only for some routes?
                ```swift
                struct Route: Decodable {
                    let id: String
                    let name: String
                    let distance: Double
                }
                ```
                """).key("decode"),
            say(-4, "14:09", "marcus", """
                Older routes have no `distance`, it was added in March. Make it optional (or decode a default):
                ```swift
                let distance: Double?
                ```
                """).quoting("decode"),
            say(-4, "14:11", "tomas", "That was it, thanks! 🙏").reacted(.like, "marcus"),
            say(-2, "16:10", "jonas", """
                PSA: if your local Postgres refuses connections after the OS update, restart it:
                ```
                brew services restart postgresql@16
                ```
                """).reacted(.like, "sam", "tomas", "lena").reacted(.love, "marcus"),
            say(-1, "15:00", "sam", """
                Review question: is there a nicer way to write this?
                ```swift
                var result: [String] = []
                for user in users {
                    if user.isActive {
                        result.append(user.name)
                    }
                }
                ```
                """).reacted(.like, "priya").thread(
                    say(-1, "15:03", "priya", """
                        ```swift
                        let result = users.filter(\\.isActive).map(\\.name)
                        ```
                        """),
                    say(-1, "15:05", "marcus", """
                        Or in one pass:
                        ```swift
                        users.compactMap { $0.isActive ? $0.name : nil }
                        ```
                        """),
                    say(-1, "15:06", "sam", "filter + map reads best to me, going with Priya's 👍")),
            say(0, "10:50", "marcus", """
                The retry backoff I'm going with, opinions welcome:
                ```swift
                func delay(forAttempt n: Int) -> Duration {
                    let base = min(30.0, pow(2.0, Double(n)))
                    return .seconds(base * .random(in: 0.5...1.0))
                }
                ```
                """).key("backoff"),
            say(0, "10:58", "jonas", "Jitter 👍 Keep the 30 s cap, the gateway times out at 60.").quoting("backoff"),
        ],
        unread: 0,
        peerLines: [
            "Try a clean build, the module cache gets stale", "Works on my machine 🙃", "`git bisect` found it: the commit from Tuesday",
            "Did you run the migrations?", "Can you paste the whole stack trace?", "That's a race, put it on the main actor",
            "Thanks, that fixed it!", "TIL 🤯",
        ])

    static let lisbon = DemoChannel(
        cid: ChannelId(type: .messaging, id: "lisbon-trip"), name: "Lisbon trip", members: ["sam", "maya", "dev", "chloe"],
        config: .default(for: .messaging),
        lines: [
            say(-6, "20:14", "maya", "Okay it's happening: Lisbon, 12–16 May?? Flights from Gatwick are £89 return right now ✈️")
                .reacted(.love, "dev", "chloe", "sam"),
            say(-6, "20:16", "dev", "I'm in. Booking the days off tomorrow"),
            say(-6, "20:19", "chloe", "Yesss. Can we please do a day trip to Sintra"),
            say(-6, "20:20", "sam", "Sintra is a must. And Belém for the pastéis de nata 🥐").reacted(.love, "chloe"),
            say(-6, "20:22", "maya", "I'll look at apartments in Alfama, somewhere with a terrace ideally"),
            say(-5, "08:47", "maya", "Found one: 3 bedrooms, a terrace, 10 minutes' walk to the river. £142 a night in total https://stays.example.com/lisbon/alfama-terrace")
                .preview("Sunny Alfama flat with a river-view terrace", site: "Stays").key("flat")
                .reacted(.love, "chloe").reacted(.wow, "dev"),
            say(-5, "08:55", "chloe", "The view!! 😍"),
            say(-5, "09:02", "maya", "More photos from the listing 📸").attaching(
                .picture("alfama-terrace.png", 1200, 900, palette: 0), .picture("alfama-living-room.png", 1200, 900, palette: 1),
                .picture("alfama-bedroom.png", 1200, 900, palette: 3), .picture("alfama-kitchen.png", 1200, 900, palette: 2),
                .picture("alfama-river.png", 1200, 900, palette: 4)),
            say(-5, "09:12", "dev", "Looks perfect. Is the third bedroom a sofa bed? I'll take it if so, I sleep anywhere").quoting("flat"),
            say(-5, "09:20", "maya", "A proper bed, I checked 😄 Booking it tonight unless anyone objects"),
            say(-5, "21:03", "maya", "Booked! Check-in from 3pm on the 12th. I'll send everyone the split").reacted(.love, "dev", "chloe", "sam"),
            say(-5, "21:05", "maya", "Here's where it is 📍")
                .sharingLocation("Alfama flat, Rua de São Miguel", latitude: 38.7112, longitude: -9.1296).reacted(.like, "sam"),
            say(-2, "19:30", "chloe", "Flights booked? I got the 07:10 from Gatwick, lands 09:55"),
            say(-2, "19:34", "dev", "Same flight 🙌"),
            say(-2, "19:41", "sam", "Same one, seat 14C"),
            say(-2, "19:42", "maya", "I'm on the later one (11:40) because of work, see you at the flat"),
            say(-2, "19:50", "chloe", "Sintra last time I went 🏰").attaching(.picture("sintra.png", 900, 1200, palette: 3)),
            say(-1, "21:15", "chloe", """
                Restaurant list so far 🍽️
                1. Taberna da Rua das Flores
                2. Cervejaria Ramiro (the seafood!)
                3. O Trevo for a bifana
                Add yours
                """).thread(
                    say(-1, "21:20", "dev", "Time Out Market for one lunch? Touristy but fun"),
                    say(-1, "21:24", "sam", "A Cevicheria in Príncipe Real, the queue is long but worth it"),
                    say(-1, "21:30", "chloe", "Added both!")),
            say(-1, "21:40", "maya", "@Dev Patel did you look up the Sintra trains?"),
            say(-1, "21:52", "dev", "Every 20 minutes from Rossio, about 40 minutes. Let's go early, Pena Palace is packed by 11").reacted(.like, "maya", "chloe"),
            say(0, "08:05", "maya", "Lisbon next week: 24° and sunny ☀️ Pack sunscreen"),
            say(0, "08:06", "chloe", "😎😎😎"),
            say(0, "08:30", "dev", "Who's bringing a speaker for the terrace?"),
        ],
        unread: 3,
        peerLines: [
            "Can't wait!!", "Has everyone paid Maya for the flat?", "Should we book Ramiro or just queue?", "I'll bring the speaker 🎶",
            "Sunset at the Miradouro on the first night?", "Tram 28 is a must 🚋", "Counting the days", "haha yes",
        ])

    /// Every written channel, in no particular order (the list sorts by the newest message).
    static let channels = [engineering, devHelp, lisbon, family, bookClub, fridayDinner, dmPriya, dmMaya, announcements]
}
