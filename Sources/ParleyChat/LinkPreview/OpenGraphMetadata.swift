import Foundation

/// What a web page says about itself for link previews: its Open Graph tags (`og:title`,
/// `og:description`, `og:site_name`, `og:image`), with the `<title>` element when there is no
/// `og:title`.
///
/// Read by a small, tolerant scanner (no HTML library): it looks at `<meta>` tags and the title up
/// to the end of the page's head, takes `property` or `name` attributes quoted with `"`, `'` or not
/// at all, decodes the common character references, collapses whitespace and shortens long
/// values. It never fails on odd markup; bytes that are not text (a NUL among the first kilobyte)
/// give nil, and invalid UTF-8 is read with replacement characters.
public struct OpenGraphMetadata: Sendable, Hashable {
    /// The page's title.
    public var title: String?
    /// Its description.
    public var description: String?
    /// The site's name ("GitHub").
    public var siteName: String?
    /// The preview picture, resolved against the page's address; only http and https addresses.
    public var imageURL: URL?

    /// The longest title kept, in characters (longer ones end with "…").
    public static let maxTitleLength = 300
    /// The longest description kept, in characters.
    public static let maxDescriptionLength = 1_000

    /// Metadata with the given fields.
    public init(title: String? = nil, description: String? = nil, siteName: String? = nil, imageURL: URL? = nil) {
        self.title = title
        self.description = description
        self.siteName = siteName
        self.imageURL = imageURL
    }

    /// Whether the page said nothing a preview could show (no title and no description).
    public var isEmpty: Bool { title == nil && description == nil }

    /// Reads the page `data` fetched from `pageURL`; nil when the bytes are not text.
    public init?(html data: Data, pageURL: URL) {
        guard !data.prefix(1024).contains(0) else { return nil }
        self = Self.parse(String(decoding: data, as: UTF8.self), pageURL: pageURL)
    }

    /// Reads the page `html` fetched from `pageURL`.
    public static func parse(_ html: String, pageURL: URL) -> OpenGraphMetadata {
        let head = Self.head(of: html)
        var properties: [String: String] = [:]
        var searchStart = head.startIndex
        while let open = head.range(of: "<meta", options: .caseInsensitive, range: searchStart..<head.endIndex) {
            let close = head.range(of: ">", range: open.upperBound..<head.endIndex)?.lowerBound ?? head.endIndex
            let attributes = Self.attributes(in: head[open.upperBound..<close])
            if let key = (attributes["property"] ?? attributes["name"])?.lowercased(), let content = attributes["content"],
               properties[key] == nil {
                properties[key] = content
            }
            searchStart = close
        }
        var metadata = OpenGraphMetadata()
        metadata.title = Self.cleaned(properties["og:title"] ?? Self.titleElement(in: head), limit: maxTitleLength)
        metadata.description = Self.cleaned(properties["og:description"] ?? properties["description"], limit: maxDescriptionLength)
        metadata.siteName = Self.cleaned(properties["og:site_name"], limit: maxTitleLength)
        if let image = Self.cleaned(properties["og:image"] ?? properties["og:image:url"], limit: 2_048),
           let url = URL(string: image, relativeTo: pageURL)?.absoluteURL, ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            metadata.imageURL = url
        }
        return metadata
    }

    /// The link preview of `url` this metadata makes; nil when it is empty.
    ///
    /// The preview picture is left out: ``LinkAttachmentPayload/imageURL`` is a file on this
    /// machine (or an upload on a server) and ``imageURL`` an address on the web; the backends
    /// download it with ``LinkPreviewFetching/image(at:)`` and keep it before they set it.
    public func linkPayload(for url: URL) -> LinkAttachmentPayload? {
        guard !isEmpty else { return nil }
        return LinkAttachmentPayload(url: url, title: title, text: description, siteName: siteName)
    }

    // MARK: Scanning

    /// The text up to the end of the head (or the start of the body); all of it without either.
    static func head(of html: String) -> Substring {
        let end = [html.range(of: "</head", options: .caseInsensitive), html.range(of: "<body", options: .caseInsensitive)]
            .compactMap { $0?.lowerBound }.min() ?? html.endIndex
        return html[html.startIndex..<end]
    }

    /// The attributes of one tag's inside (`property="og:title" content='A'`), names lowercased.
    static func attributes(in tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var index = tag.startIndex
        func skipSpaces() { while index < tag.endIndex, tag[index].isWhitespace || tag[index] == "/" { index = tag.index(after: index) } }
        while true {
            skipSpaces()
            guard index < tag.endIndex else { break }
            let nameStart = index
            while index < tag.endIndex, !tag[index].isWhitespace, tag[index] != "=" { index = tag.index(after: index) }
            let name = tag[nameStart..<index].lowercased()
            skipSpaces()
            guard index < tag.endIndex, tag[index] == "=" else {
                if !name.isEmpty { result[name] = result[name] ?? "" }
                continue
            }
            index = tag.index(after: index)
            while index < tag.endIndex, tag[index].isWhitespace { index = tag.index(after: index) }
            guard index < tag.endIndex else { break }
            let value: Substring
            if tag[index] == "\"" || tag[index] == "'" {
                let quote = tag[index]
                let valueStart = tag.index(after: index)
                let valueEnd = tag[valueStart...].firstIndex(of: quote) ?? tag.endIndex
                value = tag[valueStart..<valueEnd]
                index = valueEnd < tag.endIndex ? tag.index(after: valueEnd) : valueEnd
            } else {
                let valueStart = index
                while index < tag.endIndex, !tag[index].isWhitespace { index = tag.index(after: index) }
                value = tag[valueStart..<index]
            }
            if !name.isEmpty, result[name] == nil { result[name] = String(value) }
        }
        return result
    }

    /// The text of the first `<title>` element.
    static func titleElement(in head: Substring) -> String? {
        guard let open = head.range(of: "<title", options: .caseInsensitive),
              let openEnd = head.range(of: ">", range: open.upperBound..<head.endIndex) else { return nil }
        let close = head.range(of: "</title", options: .caseInsensitive, range: openEnd.upperBound..<head.endIndex)?.lowerBound ?? head.endIndex
        return String(head[openEnd.upperBound..<close])
    }

    /// `value` with character references decoded, whitespace collapsed and at most `limit`
    /// characters; nil when nothing is left.
    static func cleaned(_ value: String?, limit: Int) -> String? {
        guard let value else { return nil }
        let words = decodingReferences(value).split(whereSeparator: { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } })
        let text = words.joined(separator: " ")
        guard !text.isEmpty else { return nil }
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }

    private static let namedReferences: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–", "hellip": "…",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "copy": "©",
    ]

    /// `text` with `&amp;`, `&#39;`, `&#x2019;` and the other common references decoded; unknown
    /// or malformed ones stay as they are.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[rest.startIndex..<amp]
            let afterAmp = rest.index(after: amp)
            guard let semicolon = rest[afterAmp...].prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[afterAmp...]
                continue
            }
            let name = rest[afterAmp..<semicolon]
            if let decoded = Self.reference(String(name)) {
                result.append(decoded)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func reference(_ name: String) -> Character? {
        if let named = namedReferences[name.lowercased()] { return named }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return Character(scalar)
    }
}
