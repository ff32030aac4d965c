import Foundation
import ParleyChat
import ParleyLinkPreview
import Testing

/// The HTTP fetcher of link previews against pages on a loopback server: what it reads, what it
/// refuses, and that it never takes longer than its bounds.
@Suite(.serialized) struct LinkPreviewFetchTests {
    let fetcher = HTTPLinkPreviewFetcher()

    @Test func aPageWithOpenGraphTagsGivesItsPreview() async throws {
        try await LinkPreviewPageServer.run { pages in
            let metadata = try #require(await fetcher.metadata(for: pages.url("/good")))
            #expect(metadata.title == "Parley 1.0 is out")
            #expect(metadata.description == "Chat on Linux, drawn with Cairo.")
            #expect(metadata.siteName == "Parley Blog")
            #expect(metadata.imageURL == pages.url("/card.png"))
        }
    }

    @Test func aPageWithoutTagsGivesItsTitle() async throws {
        try await LinkPreviewPageServer.run { pages in
            let metadata = try #require(await fetcher.metadata(for: pages.url("/plain")))
            #expect(metadata.title == "Just a title")
            #expect(metadata.description == nil && metadata.siteName == nil)
        }
    }

    @Test func anAnswerThatIsNotHTMLGivesNoPreview() async throws {
        try await LinkPreviewPageServer.run { pages in
            #expect(await fetcher.metadata(for: pages.url("/png")) == nil)
            #expect(await fetcher.metadata(for: pages.url("/missing")) == nil, "a 404 gives no preview")
        }
    }

    /// The page's second megabyte only comes after ten seconds: a fetcher reading past its 512 KB
    /// would wait for it and time out; one that stops at the cap has the preview at once.
    @Test func aHugePageIsReadOnlyUpToTheCap() async throws {
        try await LinkPreviewPageServer.run { pages in
            let start = ContinuousClock.now
            let metadata = await fetcher.metadata(for: pages.url("/huge"))
            #expect(metadata?.title == "A huge page")
            #expect(ContinuousClock.now - start < .seconds(1.5))
            #expect(await fetcher.metadata(for: pages.url("/late-head")) == nil, "a head after the first 512 KB is not read")
        }
    }

    @Test func aSlowPageTimesOutAfterTwoSeconds() async throws {
        try await LinkPreviewPageServer.run { pages in
            let start = ContinuousClock.now
            #expect(await fetcher.metadata(for: pages.url("/slow")) == nil)
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .seconds(1.9) && elapsed < .seconds(3), "took \(elapsed)")
        }
    }

    @Test func redirectsAreFollowedThreeTimesAtMost() async throws {
        try await LinkPreviewPageServer.run { pages in
            #expect(await fetcher.metadata(for: pages.url("/redirect/3"))?.title == "Parley 1.0 is out")
            #expect(await fetcher.metadata(for: pages.url("/redirect/5")) == nil)
        }
    }

    @Test func onlyHTTPAndHTTPSAddressesAreFetched() async throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("parley-link-preview-\(UUID().uuidString).html")
        try Data(LinkPreviewPageServer.goodPage.utf8).write(to: page)
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(await fetcher.metadata(for: page) == nil, "a local file is never read")
        #expect(await fetcher.metadata(for: try #require(URL(string: "data:text/html,<title>x</title>"))) == nil)
        #expect(await fetcher.metadata(for: try #require(URL(string: "ftp://127.0.0.1/page.html"))) == nil)
        #expect(LinkPreviewLinks.firstLink(in: "see \(page.absoluteString) and data:text/html,hi") == nil)
        #expect(LinkPreviewLinks.firstLink(in: "(look: https://example.org/a?b=c).") == URL(string: "https://example.org/a?b=c"))
        #expect(LinkPreviewLinks.firstLink(in: "two: http://a.example, https://b.example") == URL(string: "http://a.example"))
    }

    @Test func aPictureIsFetchedWithItsType() async throws {
        try await LinkPreviewPageServer.run { pages in
            let image = try #require(await fetcher.image(at: pages.url("/card.png")))
            #expect(image.data == pages.picture && image.mimeType == "image/png" && image.fileName == "link-preview.png")
            #expect(pages.picture.count > 100)
        }
    }

    /// HTML, a 404, 20 MB (refused by its length, without waiting for it), a decompression bomb's
    /// header, and addresses that are not http or https: no picture.
    @Test func answersThatAreNotPicturesToKeepGiveNone() async throws {
        try await LinkPreviewPageServer.run { pages in
            #expect(await fetcher.image(at: pages.url("/not-a-picture")) == nil)
            #expect(await fetcher.image(at: pages.url("/missing.png")) == nil)
            let start = ContinuousClock.now
            #expect(await fetcher.image(at: pages.url("/huge.png")) == nil)
            #expect(ContinuousClock.now - start < .seconds(1.5))
            #expect(await fetcher.image(at: pages.url("/bomb.png")) == nil)
            let small = HTTPLinkPreviewFetcher(maxImageBytes: 100)
            #expect(await small.image(at: pages.url("/card.png")) == nil, "a picture above the cap is refused, not cut")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-og-\(UUID().uuidString).png")
        try await MainActor.run { try LinkPreviewPageServer.cardPicture().write(to: file) }
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(await fetcher.image(at: file) == nil, "a local file is never read")
        #expect(await fetcher.image(at: try #require(URL(string: "data:image/png;base64,iVBORw0KGgo="))) == nil)
    }

    @Test func anOpenGraphImageOnAFileAddressIsDropped() async throws {
        try await LinkPreviewPageServer.run { pages in
            let metadata = try #require(await fetcher.metadata(for: pages.url("/picture?image=file%3A%2F%2F%2Fetc%2Fhostname")))
            #expect(metadata.title == "With a picture")
            #expect(metadata.imageURL == nil)
            #expect(try #require(await fetcher.metadata(for: pages.url("/picture?image=card.png"))).imageURL == pages.url("/card.png"))
        }
    }

    @Test func invalidUTF8IsReadWithReplacementCharacters() async throws {
        try await LinkPreviewPageServer.run { pages in
            let metadata = try #require(await fetcher.metadata(for: pages.url("/invalid-utf8")))
            let title = try #require(metadata.title)
            #expect(title.hasPrefix("Caf") && title.contains("\u{FFFD}"))
        }
    }
}
