import Foundation
import ParleyUIKit
import Testing

/// `UIImage.SymbolConfiguration` with UIKit's initializers: a symbol sized for a font, a text
/// style, and the small / medium / large scales.
@MainActor
@Suite struct SymbolConfigurationTests {
    @Test func aFontSetsThePointSizeAndWeight() throws {
        let font = UIFont.systemFont(ofSize: 20, weight: .bold)
        let configuration = UIImage.SymbolConfiguration(font: font, scale: .large)
        #expect(configuration.pointSize == 20)
        #expect(configuration.weight == .bold)
        #expect(configuration.scale == .large)
        let image = try #require(UIImage(systemName: "heart", withConfiguration: configuration))
        #expect(abs(image.size.height - 20 * 1.2 * 1.3) < 0.001)
    }

    @Test func scalesSizeTheSymbolAroundTheText() throws {
        func height(_ scale: UIImage.SymbolConfiguration.Scale) throws -> CGFloat {
            try #require(UIImage(systemName: "heart", withConfiguration: .init(pointSize: 10, scale: scale))).size.height
        }
        #expect(try height(.small) < height(.medium))
        #expect(try height(.medium) < height(.large))
        #expect(try height(.default) == height(.medium))
    }

    @Test func textStylesAndApplyingFollowUIKit() {
        let body = UIFont.preferredFont(forTextStyle: .body)
        #expect(UIImage.SymbolConfiguration(textStyle: .body).pointSize == body.pointSize)
        let base = UIImage.SymbolConfiguration(pointSize: 12, weight: .semibold, scale: .small)
        let merged = base.applying(UIImage.SymbolConfiguration(pointSize: 18))
        #expect(merged.pointSize == 18)
        #expect(merged.weight == .semibold)
        #expect(merged.scale == .small)
        #expect(UIImage.SymbolConfiguration(weight: .heavy).weight == .heavy)
    }
}
