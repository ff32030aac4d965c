import Foundation
import ParleyUIKit
import Testing

/// `UIImage(named:)` finds images in the package's resource bundles (here the chat UI's reaction
/// icons) before anything registered those bundles, as seed 004's first lines expect:
/// `UIImage(named: "fireSmall")!`.
@MainActor
@Suite struct ImageNamedResourceBundleTests {
    @Test func reactionIconsAreFoundByName() throws {
        for name in ["fireSmall", "fireBig", "waveSmall", "waveBig", "loveSmall", "wowBig"] {
            let image = try #require(UIImage(named: name), "\(name) not found")
            #expect(image.size.width > 0)
        }
        #expect(UIImage(named: "noSuchImageAnywhere") == nil)
    }
}
