import Foundation

/// The demo's family, friends and direct-message channels, its announcements and the town hall
/// livestream's comments (the work channels are in DemoConversations.swift).
extension DemoScript {
    static let family = DemoChannel(
        cid: ChannelId(type: .messaging, id: "family"), name: "Taylor family", members: ["sam", "helen", "richard", "ellie"],
        config: .default(for: .messaging),
        lines: [
            say(-4, "18:20", "helen", "Sunday lunch at ours this week? Dad's doing the roast 🍗"),
            say(-4, "18:25", "ellie", "Yes please! Can I bring Tom?"),
            say(-4, "18:26", "helen", "Of course love"),
            say(-4, "18:40", "sam", "I'll be there around 1. Shall I bring dessert?"),
            say(-4, "18:41", "richard", "Your mum's apple crumble is already in the plan. Bring wine 🍷").reacted(.haha, "ellie", "sam"),
            say(-2, "12:10", "helen", "Has anyone seen my reading glasses? The blue ones"),
            say(-2, "12:32", "richard", "On your head, Helen.").reacted(.haha, "ellie", "sam"),
            say(-2, "12:33", "helen", "🙈"),
            say(-1, "17:02", "ellie", "Biscuit learned to sit today!! Three weeks and half a bag of treats 🐶").reacted(.love, "helen", "richard", "sam"),
            say(-1, "17:10", "helen", "Clever boy! Give him a cuddle from Grandma").key("grandma"),
            say(-1, "17:11", "ellie", "Grandma 😂 Mum, he's a dog").quoting("grandma"),
            say(-1, "17:12", "helen", "He's family!").reacted(.love, "ellie").reacted(.haha, "sam"),
            say(0, "07:45", "richard", "Reminder: Grandma June's birthday is on Saturday. I've ordered flowers from all of us, £8 each if you can 🌷"),
            say(0, "07:52", "helen", "And call her! She loves a phone call more than anything"),
        ],
        unread: 2,
        peerLines: [
            "Love you all ❤️", "Did you get home okay?", "Dinner's at 7", "Don't forget your coat, it's cold out", "Photos from Sunday 📸",
            "Call me when you have a minute", "😂😂", "Proud of you!",
        ])

    static let bookClub = DemoChannel(
        cid: ChannelId(type: .messaging, id: "book-club"), name: "Book club", members: ["sam", "nora", "ben", "ines", "hiro", "maya"],
        config: .default(for: .messaging),
        lines: [
            say(-8, "19:00", "nora", "By popular vote, next month's book is Klara and the Sun 📚 We meet on the 28th at mine").reacted(.love, "ines", "maya"),
            say(-8, "19:05", "ines", "Finally! I've wanted to read it since it came out"),
            say(-8, "19:12", "ben", "Already on chapter 3, no regrets"),
            say(-3, "21:30", "ben", "No spoilers, but the scene with the Cootings Machine… I have thoughts").reacted(.haha, "nora"),
            say(-3, "21:31", "hiro", "I'm reading it on the train tomorrow, don't you dare 😂"),
            say(-1, "20:10", "nora", "Discussion questions for the 28th, add yours in the thread 🧵").reacted(.like, "ben", "hiro").thread(
                say(-1, "20:11", "nora", "1. Is Klara's faith in the Sun naive, or the most human thing in the book?"),
                say(-1, "20:13", "nora", "2. What did you make of the \"lifted\" children, and of the choice Josie's mother made?"),
                say(-1, "20:40", "ines", "3. Who is Klara really telling this story to?"),
                say(-1, "21:05", "maya", "4. Would a happier ending have made it a better book?")),
            say(-1, "21:20", "hiro", "Finished it. I loved how it never tells you how to feel").key("finished"),
            say(-1, "21:22", "ines", "Exactly. Quiet and devastating 😢").quoting("finished").reacted(.love, "hiro").reacted(.sad, "ben"),
            say(0, "09:15", "nora", "@Sam Taylor are you bringing the lemon cake again? Asking for everyone 🍋"),
        ],
        unread: 1,
        peerLines: [
            "Chapter 12 broke me", "Who's hosting next time?", "I'll bring wine 🍷", "Ooh, good question",
            "Adding it to my list", "Halfway through, no spoilers please!", "The ending though 😭",
        ])

    static let fridayDinner = DemoChannel(
        cid: ChannelId(type: .messaging, id: "friday-dinner"), name: "عشاء الجمعة", members: ["sam", "omar", "layla", "karim", "yousef", "sara"],
        config: .default(for: .messaging),
        lines: [
            say(-3, "20:05", "omar", "مساء الخير يا جماعة 👋 شو رأيكم نتعشى سوا يوم الجمعة؟"),
            say(-3, "20:07", "layla", "فكرة حلوة! أنا موجودة"),
            say(-3, "20:09", "karim", "أكيد، بس بعد الساعة ثمانية، عندي شغل لآخر النهار"),
            say(-3, "20:15", "sara", "وأنا كمان. وين بدنا نروح؟"),
            say(-3, "20:18", "omar", "في مطعم جديد بجبل عمّان، أكله شامي وأسعاره معقولة. جرّبه أخوي وانبسط كتير"),
            say(-3, "20:20", "yousef", "بشرط يكون فيه منسف 😄").reacted(.haha, "layla", "karim", "sara"),
            say(-3, "20:31", "sam", "أنا موجود إن شاء الله! 🙂").reacted(.love, "omar", "layla"),
            say(-1, "13:00", "omar", "حجزت طاولة لستة أشخاص الساعة ثمانية ونص ✅").key("booking")
                .reacted(.like, "karim", "sara", "sam").reacted(.love, "layla"),
            say(-1, "13:04", "layla", "تسلم إيدك يا عمر").quoting("booking"),
            say(-1, "13:10", "sara", "@كريم منصور بتقدر تمرّ عليّ بالطريق؟ سيارتي بالتصليح"),
            say(-1, "13:25", "karim", "ولا يهمك، بمرّ عليكِ الساعة ثمانية إلا ربع"),
            say(0, "10:02", "yousef", "يا جماعة، حدا بيعرف إذا المطعم عنده موقف سيارات؟").thread(
                say(0, "10:10", "omar", "في موقف قدامه، بس بيتعبّى بسرعة يوم الجمعة"),
                say(0, "10:12", "yousef", "تمام، منطلع بكير شوي")),
            say(0, "10:30", "layla", "رح أجيب كنافة من عند حبيبة للحلو 😋").reacted(.love, "sara", "yousef", "omar"),
            say(0, "10:31", "sara", "أحلى خبر اليوم 😍"),
        ],
        unread: 2,
        peerLines: [
            "تمام 👍", "أنا جاي بالطريق", "مين جاي بكير؟", "يعطيكم العافية", "ههههه 😂", "اتفقنا!", "بشوفكم هناك",
            "حدا بده توصيلة؟", "الله يسعدكم ❤️",
        ])

    static let dmPriya = DemoChannel(
        cid: ChannelId(type: .messaging, id: "dm-priya"), name: nil, members: ["sam", "priya"], config: .default(for: .messaging),
        lines: [
            say(-1, "17:30", "priya", "Hey, got 10 minutes tomorrow for a quick 1:1? I'd like to talk about the on-call rota"),
            say(-1, "17:45", "sam", "Sure, does 2pm work?"),
            say(-1, "17:46", "priya", "2pm 👍"),
            say(0, "10:35", "priya", "And thanks for jumping on the iPad pass 🙏"),
        ],
        unread: 1,
        peerLines: ["Got a minute?", "Thanks!", "Let's catch up after the release", "Sounds good 👍", "Can you send me the link?"])

    static let dmMaya = DemoChannel(
        cid: ChannelId(type: .messaging, id: "dm-maya"), name: nil, members: ["sam", "maya"], config: .default(for: .messaging),
        lines: [
            say(-2, "22:10", "maya", "Did you finish Klara yet? 👀"),
            say(-2, "22:14", "sam", "Two chapters left. Don't say anything!!"),
            say(-2, "22:15", "maya", "🤐"),
            say(0, "07:30", "maya", "Coffee before work? I'm at the place on the corner ☕️"),
        ],
        unread: 1,
        peerLines: ["Coffee? ☕️", "haha", "Call you later", "Miss you!", "Did you see Chloé's message?", "omw"])

    static let announcements = DemoChannel(
        cid: ChannelId(type: .messaging, id: "announcements"), name: "Announcements", members: company,
        config: ChannelConfig(reactionsEnabled: false),
        lines: [
            say(-7, "10:00", "olivia", "Please welcome Jonas Berg, who joins the platform team as our new SRE! Say hi in #engineering 👋"),
            say(-3, "09:00", "olivia", "The office is closed next Monday for the bank holiday. Enjoy the long weekend!"),
            say(-1, "15:00", "priya", "Atlas 2.4 goes out this week: offline saved routes, clustered map pins and new notification settings. Thanks to everyone who helped test!"),
            say(0, "09:30", "olivia", "Town hall tomorrow at 4pm, in the big room and on the livestream. Questions for the leadership team go in the Town Hall channel."),
        ],
        unread: 1,
        peerLines: ["The kitchen fridge gets cleared on Friday, label your food 🥡", "The Wi-Fi on the 3rd floor is fixed"])

    /// Comments during the weekly company town hall livestream (said by anyone in the company).
    static let townHallLines = [
        "Hi everyone 👋", "Joining from Berlin 👋", "Good afternoon from Lisbon ☀️", "Sound is a bit quiet on the stream",
        "Better now, thanks!", "Can you share the slides afterwards?", "Congrats to the Atlas team on 2.4 🎉", "👏👏👏", "🎉",
        "Great quarter!", "Will there be a recording?", "Question: any plans for a second office in Spain?",
        "Question: when does the new parental leave policy start?", "What a chart 📈", "Love this", "So proud of this team",
        "Is the hackathon happening again this year?", "+1 to the hackathon question", "Welcome to all the new people!",
        "The customer stories were the best part", "Thanks for being so open about the numbers", "Where can we find the roadmap?",
        "The roadmap link is in #announcements", "🚀🚀🚀", "Can we get the Q&A doc link?", "Thanks everyone, great session!",
        "Same time next week?", "Big thanks to the support team ❤️", "Helpful, thank you", "Question: how are we hiring next quarter?",
        "The office plants are thriving, that's the real news 🌱", "Sorry, joined late, what did I miss?", "Slides are in the wiki",
        "Cake in the kitchen after this 🍰", "Applause for Olivia for organising 👏", "Crystal clear, thanks",
    ]

    static let townHall = ChannelId(type: .livestream, id: "town-hall")
}
