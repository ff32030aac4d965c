import Foundation
import Testing
@testable import ParleyChat

/// The tolerant Open Graph scanner: the tags pages really use, and the bad input a link can
/// point at.
@Suite struct OpenGraphMetadataTests {
    let page = URL(string: "https://example.org/articles/42?ref=chat")!

    @Test func readsTheOpenGraphTagsInAnyAttributeOrderAndQuoting() throws {
        let html = """
        <!doctype html><html><head>
        <meta charset="utf-8"><title>Ignored when og:title exists</title>
        <META content="Parley &amp; friends: a &quot;chat&quot; SDK" property="og:title">
        <meta property='og:description' content='Chat on Linux,
            drawn with   Cairo &#8212; and &#x2019;fast&#x2019;'>
        <meta property=og:site_name content=Example />
        <meta property="og:image" content="/images/card.png">
        <meta name="twitter:card" content="summary">
        </head><body><meta property="og:title" content="Not in the head"></body></html>
        """
        let metadata = try #require(OpenGraphMetadata(html: Data(html.utf8), pageURL: page))
        #expect(metadata.title == "Parley & friends: a \"chat\" SDK")
        #expect(metadata.description == "Chat on Linux, drawn with Cairo — and ’fast’")
        #expect(metadata.siteName == "Example")
        #expect(metadata.imageURL == URL(string: "https://example.org/images/card.png"))
        let link = try #require(metadata.linkPayload(for: page))
        #expect(link.url == page && link.title == metadata.title && link.text == metadata.description && link.siteName == "Example")
        #expect(link.imageURL == nil, "the payload's image is a local file; a web address never goes there")
    }

    @Test func fallsBackToTheTitleElementAndTheDescriptionMeta() {
        let html = "<html><HEAD><Title lang=en>\n  Plain   page &lt;3 </Title><meta name=\"description\" content=\"Just text\"></HEAD>"
        let metadata = OpenGraphMetadata.parse(html, pageURL: page)
        #expect(metadata.title == "Plain page <3")
        #expect(metadata.description == "Just text")
        #expect(metadata.siteName == nil && metadata.imageURL == nil)
    }

    @Test func aPageWithoutTagsGivesNoPreview() {
        let metadata = OpenGraphMetadata.parse("<html><body><p>Hello</p></body></html>", pageURL: page)
        #expect(metadata.isEmpty)
        #expect(metadata.linkPayload(for: page) == nil)
        #expect(OpenGraphMetadata.parse("", pageURL: page).isEmpty)
        #expect(OpenGraphMetadata.parse("<meta property=\"og:title\" content=\"   \">", pageURL: page).isEmpty, "blank values are no title")
    }

    @Test func bytesThatAreNotTextAreRefused() {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        png.append(Data("<meta property=\"og:title\" content=\"hidden\">".utf8))
        #expect(OpenGraphMetadata(html: png, pageURL: page) == nil)
    }

    @Test func invalidUTF8IsReadWithReplacementCharacters() throws {
        var html = Data("<meta property=\"og:title\" content=\"Caf".utf8)
        html.append(contentsOf: [0xE9, 0xFF])  // Latin-1 é and a byte UTF-8 never uses
        html.append(Data(" au lait\">".utf8))
        let metadata = try #require(OpenGraphMetadata(html: html, pageURL: page))
        #expect(metadata.title == "Caf\u{FFFD}\u{FFFD} au lait")
    }

    @Test func hugeValuesAreShortenedAndAHugePageIsScannedOnlyToItsHead() throws {
        let long = String(repeating: "word ", count: 2_000)
        let html = "<meta property=\"og:title\" content=\"\(long)\"><meta property=\"og:description\" content=\"\(long)\">"
            + "</head><body>" + String(repeating: "<meta property=\"og:site_name\" content=\"x\">", count: 20_000)
        let metadata = OpenGraphMetadata.parse(html, pageURL: page)
        let title = try #require(metadata.title)
        #expect(title.count == OpenGraphMetadata.maxTitleLength && title.hasSuffix("…"))
        #expect(metadata.description?.count == OpenGraphMetadata.maxDescriptionLength)
        #expect(metadata.siteName == nil, "tags after the head are not read")
    }

    @Test func brokenMarkupNeverFailsAndOnlyWebImagesAreKept() {
        let broken = [
            "<meta", "<meta property=", "<meta property=\"og:title", "<meta content='x' property='og:title'", "&#;&#xZZ;&unknown;&",
            "<title>", "<title>no end", "<meta property=\"og:image\" content=\"file:///etc/passwd\">",
            "<meta property=\"og:image\" content=\"javascript:alert(1)\"><meta property=\"og:title\" content=\"&#0;&#x110000;&amp\">",
        ]
        for html in broken {
            _ = OpenGraphMetadata.parse(html, pageURL: page)
        }
        #expect(OpenGraphMetadata.parse(broken[3], pageURL: page).title == "x", "an unclosed tag still counts")
        #expect(OpenGraphMetadata.parse(broken[7], pageURL: page).imageURL == nil)
        let script = OpenGraphMetadata.parse(broken[8], pageURL: page)
        #expect(script.imageURL == nil)
        #expect(script.title == "&#0;&#x110000;&amp", "malformed references stay as typed")
        #expect(OpenGraphMetadata.parse("<title>no end", pageURL: page).title == "no end")
    }
}
