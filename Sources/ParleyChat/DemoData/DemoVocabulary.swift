/// Words and phrases the demo data is made of. Words are ordered roughly by how common they are;
/// the generator draws them with a Zipf distribution, so word frequencies (and so full-text
/// search costs) look like real chat.
enum DemoVocabulary {
    static let firstNames = """
        Ada Ben Chloe Dmitri Elena Farid Grace Hiro Ines Jonas Kemal Lena Mateo Nadia Omar Priya Quinn Rosa \
        Sami Tara Uma Viktor Wen Ximena Yusuf Zoe Amara Bruno Carmen Diego Esme Felix Greta Hugo Isla Jamal \
        Kira Luca Maya Nico Olga Pablo Rhea Soren Talia Ugo Vera Wyatt Yara Zane Aiko Bjorn Cleo Dario Eva
        """.split(separator: " ").map(String.init)

    static let lastNames = """
        Abe Berg Costa Dube Ekman Faure Garcia Haddad Ivanova Jensen Kowalski Larsen Moreau Nakamura Okafor \
        Petrov Quispe Rossi Silva Tanaka Ueda Vargas Weber Xu Yilmaz Zhang Adler Baptiste Castillo Duarte \
        Engel Fischer Gomez Horvath Ito Jovanovic Kim Lindqvist Mendes Novak
        """.split(separator: " ").map(String.init)

    static let words = """
        the to and a I you it is that of in we for this on be have just so but not with do at are was can \
        it's get what like if all will my me about know one up no now out go think good time today there \
        yes some how see our want here more then when really need make maybe going can't new also thanks \
        work would been right back meeting later tomorrow over call week after because let's should well \
        still people first got sure great done day any next around team before morning look did why could \
        thing lunch check update review build release plan doc deploy ticket issue fix test branch merge \
        design draft slides demo launch budget client feedback sprint roadmap coffee weekend train flight \
        hotel dinner movie music concert game match score goal party birthday gift photo video link file \
        screen laptop phone battery charger wifi server database cache query index latency crash bug patch \
        version beta alpha staging production rollback hotfix incident alert dashboard metric chart report \
        invoice contract offer schedule agenda notes summary question answer idea proposal option decision \
        approval deadline estimate priority backlog story epic task subtask comment thread channel message \
        reaction emoji sticker gif meme joke story book podcast article blog post tweet newsletter \
        recipe pasta pizza salad soup bread cheese wine beer tea juice cake cookie chocolate fruit apple \
        banana orange lemon garden plant tree flower sun rain snow wind storm cloud beach mountain river \
        lake forest park city street bridge station airport museum library school office kitchen balcony \
        bicycle car bus subway taxi scooter ticket passport luggage map route traffic parking weather \
        yellow purple green blue red orange silver golden quiet loud early late quick slow happy tired \
        excited nervous curious lucky brilliant awesome terrible amazing strange simple tricky elegant \
        robust flaky broken stable ready blocked pending shipped merged approved rejected archived pinned \
        kangaroo xylophone quokka zeppelin narwhal origami tangerine paprika saffron marzipan pistachio \
        lighthouse observatory aqueduct amphitheatre catamaran periscope metronome harmonica accordion \
        kaleidoscope labyrinth constellation equinox solstice aurora monsoon glacier fjord archipelago \
        quartz obsidian basalt granite marble sandstone limestone cobalt vermilion turquoise magenta \
        saxophone trombone clarinet cello bassoon ukulele mandolin banjo tambourine castanets
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    static let shortReplies = [
        "ok", "ok!", "sounds good", "lol", "thanks!", "on it", "👍", "sure", "nice", "agreed", "haha yes",
        "brb", "one sec", "done ✅", "will do", "yep", "nope", "perfect", "great, thanks", "see you then",
        "good morning!", "night all", "congrats!! 🎉", "+1", "same here", "makes sense", "no worries",
    ]

    static let emojiOnly = ["🎉", "👍👍", "😂😂😂", "❤️", "🔥🔥", "🙏", "👀", "🚀", "😅", "🥳🎂", "☕️", "💯", "🤔", "✨✨✨"]

    static let links: [(url: String, title: String, site: String)] = [
        ("https://swift.org/blog/", "Swift.org Blog", "Swift.org"),
        ("https://www.sqlite.org/fts5.html", "SQLite FTS5 Extension", "SQLite"),
        ("https://github.com/groue/GRDB.swift", "GRDB.swift: a toolkit for SQLite databases", "GitHub"),
        ("https://en.wikipedia.org/wiki/Cassowary_(software)", "Cassowary (software)", "Wikipedia"),
        ("https://example.com/design/review", "Design review notes", "Example"),
        ("https://example.org/recipes/pasta", "The only pasta recipe you need", "Example Recipes"),
    ]

    static let groupNames = [
        "Weekend hike", "Design review", "Release train", "Book club", "Family", "Climbing crew",
        "Flat 4B", "Coffee lovers", "Board games", "Road trip", "Garden club", "Football Sunday",
    ]
}
