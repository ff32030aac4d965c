import Foundation

/// A fixed, deterministic corpus of 1,000 distinct, realistic chat messages: short replies, sentences, long
/// paragraphs, links, mentions, emoji, and CJK, Arabic and Hebrew text.
enum ChatCorpus {
    static func messages(count: Int = 1000, seed: UInt64 = 42) -> [String] {
        var rng = SplitMix64(seed: seed)
        let short = ["ok", "lol 😂", "thanks!", "👍", "on my way", "sounds good", "haha yes", "🎉🎉🎉", "nope", "brb", "same", "😍", "wait what", "done ✅"]
        let openers = ["Hey", "So", "Quick question:", "FYI", "Honestly", "Good morning!", "Update:", "Heads up,", "Okay so", "Not sure but"]
        let middles = [
            "the build is green again after the cache fix", "can we move the sync to Thursday afternoon",
            "I pushed the new onboarding screens for review", "the release notes need one more pass",
            "did anyone see the crash report from last night", "lunch at the usual place?",
            "the design team wants bigger avatars in the channel list", "I'll be offline for an hour",
            "the benchmark numbers look much better on the new machine", "let's ship it behind a flag first",
        ]
        let closers = ["", " 🙏", " 😅", " — thoughts?", "!", " 👀", " cc @maria", " see https://example.com/issues/4821", ".", " 🚀"]
        let long = [
            "I went through the whole thread again and I think the disagreement is mostly about naming: we all agree the store should be the single source of truth, and that controllers hand out diffs, so let's write that down and move on to the part that actually matters, which is how paging interacts with new messages arriving while someone is scrolled up.",
            "Reminder for everyone travelling next week: the offsite starts at 9:30 on Tuesday, badges are at the front desk, and the wifi password will be on the whiteboard. If your flight lands late on Monday, let me know and I'll make sure there's a car waiting.",
            "Long story short, the flaky test was timing-dependent: it assumed the long press would fire within one frame of the deadline, but on a loaded CI machine the frame can be late. I changed it to advance the clock explicitly and it's been green for two hundred runs.",
        ]
        let intl = [
            "今日は会議が三時からです。資料を先に送ります。", "这个版本看起来很好，我们明天发布吧。", "오늘 저녁에 시간 있어요?",
            "مرحبا! هل أنت متاح للاجتماع غدا؟", "שלום, אני אגיע בעוד עשר דקות", "Café com leite ☕ e pão de queijo às 16h?",
        ]
        var result: [String] = []
        var seen = Set<String>()
        result.reserveCapacity(count)
        // Every message is distinct, so a "cold" measure never benefits from a repeated string.
        let variations = ["", " 🙂", "!", " haha", " (again)", " — Maria", " — Tom", " 👀", " ok?", " :)"]
        func appendUnique(_ message: String) {
            var candidate = message
            var attempt = 0
            while seen.contains(candidate) {
                attempt += 1
                let variation = variations[attempt % variations.count]
                candidate = message + variation + (attempt >= variations.count ? " #\(attempt / variations.count)" : "")
            }
            seen.insert(candidate)
            result.append(candidate)
        }
        for _ in 0..<count {
            let roll = rng.next() % 100
            switch roll {
            case 0..<25: appendUnique(short[Int(rng.next() % UInt64(short.count))])
            case 25..<75:
                let o = openers[Int(rng.next() % UInt64(openers.count))], m = middles[Int(rng.next() % UInt64(middles.count))]
                let c = closers[Int(rng.next() % UInt64(closers.count))]
                appendUnique("\(o) \(m)\(c)")
            case 75..<87: appendUnique(long[Int(rng.next() % UInt64(long.count))])
            default: appendUnique(intl[Int(rng.next() % UInt64(intl.count))])
            }
        }
        return result
    }
}

/// A small deterministic random generator (SplitMix64).
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
