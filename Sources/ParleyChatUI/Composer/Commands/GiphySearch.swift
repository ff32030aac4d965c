import Foundation
import ParleyUIKit

/// The pictures `/giphy` offers, searched on this machine (Parley never asks a web service):
/// each picture has a title and keywords, and ``results(for:)`` returns those whose keywords
/// start with the words typed. ``bundled`` is a small set of animated GIFs drawn for Parley
/// (CC0); an app sets `Components.default.giphySearch` to its own set.
public struct GiphySearch: Sendable {
    /// One picture of the set.
    public struct Picture: Sendable, Hashable {
        /// The image file.
        public var url: URL
        /// Its title ("Party").
        public var title: String
        /// The words it is found by.
        public var keywords: [String]
        /// Its width in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int

        /// Describes a picture.
        public init(url: URL, title: String, keywords: [String], width: Int, height: Int) {
            self.url = url
            self.title = title
            self.keywords = keywords
            self.width = width
            self.height = height
        }
    }

    /// The pictures searched, in the order results come.
    public var pictures: [Picture]

    /// A search over `pictures`.
    public init(pictures: [Picture]) {
        self.pictures = pictures
    }

    /// The pictures where every word of `query` starts one of the keywords (ignoring case and
    /// diacritics), in the set's order; every picture for an empty query.
    public func results(for query: String) -> [Picture] {
        let words = Self.folded(query).split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
        guard !words.isEmpty else { return pictures }
        return pictures.filter { picture in
            let keywords = (picture.keywords + [picture.title]).map(Self.folded)
            return words.allSatisfy { word in keywords.contains { $0.hasPrefix(word) } }
        }
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The set bundled with Parley: eight small animated GIFs (160 × 120) drawn for it
    /// (`scripts/make-giphy-set`), described in `Giphy/pictures.json` and found by words like
    /// "party", "cat", "coffee", "fire", "rocket", "wow", "hello" and "nice". Empty if the
    /// resource bundle is missing.
    public static let bundled: GiphySearch = {
        guard let folder = Bundle.module.resourceURL?.appendingPathComponent("Giphy", isDirectory: true),
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent("pictures.json").path),
              let entries = try? JSONDecoder().decode([BundledPicture].self, from: data) else { return GiphySearch(pictures: []) }
        return GiphySearch(pictures: entries.compactMap { entry in
            let url = folder.appendingPathComponent(entry.file)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return Picture(url: url, title: entry.title, keywords: entry.keywords, width: entry.width, height: entry.height)
        })
    }()

    /// One entry of `pictures.json`.
    private struct BundledPicture: Decodable {
        var file: String
        var title: String
        var keywords: [String]
        var width: Int
        var height: Int
    }
}
