import Foundation
import Parley
import Testing

/// Links and mentions found in message text.
@Suite struct ChatMessageTextDetectorTests {
    let ben = ChatUser(id: "ben", name: "Ben Okafor")
    let bea = ChatUser(id: "bea", name: "Ben")

    private func substrings(_ text: String, _ items: [ChatMessageTextItem]) -> [String] {
        items.map { (text as NSString).substring(with: $0.range) }
    }

    @Test func findsLinksAndLeavesSentencePunctuationOut() {
        let text = "See https://a.com/x?y=1, (www.b.org/path) and http://c.io. Also https://en.wikipedia.org/wiki/Swift_(language)!"
        let items = ChatMessageTextDetector.links(in: text)
        #expect(substrings(text, items) == ["https://a.com/x?y=1", "www.b.org/path", "http://c.io", "https://en.wikipedia.org/wiki/Swift_(language)"])
        #expect(items[1].kind == .link(URL(string: "https://www.b.org/path")!))
    }

    @Test func ignoresLinkLookalikes() {
        #expect(ChatMessageTextDetector.links(in: "mywww.site.com https:// www. nothttp://x.com").isEmpty)
        #expect(ChatMessageTextDetector.links(in: "").isEmpty)
        #expect(ChatMessageTextDetector.links(in: "HTTPS://Caps.com").count == 1)
    }

    @Test func rangesCountUTF16AfterEmojiAndRTL() {
        let text = "🧑🏽‍🚀 שלום www.x.com"
        let items = ChatMessageTextDetector.links(in: text)
        #expect(substrings(text, items) == ["www.x.com"])
    }

    @Test func findsMentionsOfMentionedUsersOnlyAndPrefersLongerNames() {
        let text = "@Ben Okafor and @ben, not @Benjamin nor @Carl; @bea too"
        let items = ChatMessageTextDetector.mentions(in: text, of: [ben, bea])
        #expect(substrings(text, items.sorted { $0.range.location < $1.range.location }) == ["@Ben Okafor", "@ben", "@bea"])
        let first = items.first { $0.range.location == 0 }
        #expect(first?.kind == .mention(ben))
        #expect(ChatMessageTextDetector.mentions(in: text, of: []).isEmpty)
    }

    @Test func linksWinOverMentionsInsideThem() {
        let text = "https://x.com/@Ben"
        let items = ChatMessageTextDetector.items(in: text, mentionedUsers: [bea])
        #expect(items.count == 1)
        if case .link = items[0].kind {} else { Issue.record("expected a link") }
    }
}
