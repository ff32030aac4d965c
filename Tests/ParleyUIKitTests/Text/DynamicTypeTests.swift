import Foundation
import Testing
@testable import ParleyUIKit

/// Text sizes as UIKit's Dynamic Type: the text styles' sizes per content size category,
/// `UIFontMetrics`, and labels, text views and fields that adjust to their traits' category.
@MainActor
@Suite struct DynamicTypeTests {
    @Test func textStylesTakeUIKitsSizesForEachCategory() {
        let xxl = UITraitCollection(preferredContentSizeCategory: .extraExtraLarge)
        #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: xxl).pointSize == 21)
        #expect(UIFont.preferredFont(forTextStyle: .caption1, compatibleWith: xxl).pointSize == 16)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: .extraSmall)).pointSize == 14)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)).pointSize == 53)
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: xxl).weight == .semibold)
        // Every style grows (or stays) with every step.
        for style in UIFont.TextStyle.allCases {
            let sizes = UIContentSizeCategory.ordered.map { UIFont.preferredFont(forTextStyle: style, compatibleWith: UITraitCollection(preferredContentSizeCategory: $0)).pointSize }
            #expect(sizes == sizes.sorted(), "\(style.rawValue)")
            #expect(sizes.last! > sizes.first!, "\(style.rawValue)")
        }
    }

    @Test func categoriesOrderReadTheirShortNamesAndStep() {
        #expect(UIContentSizeCategory.large < .extraLarge && .extraExtraExtraLarge < .accessibilityMedium)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory && !UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(UIContentSizeCategory(name: "XXL") == .extraExtraLarge)
        #expect(UIContentSizeCategory(name: "ax5") == .accessibilityExtraExtraExtraLarge)
        #expect(UIContentSizeCategory(name: "UICTContentSizeCategoryXL") == .extraLarge)
        #expect(UIContentSizeCategory(name: "huge") == nil)
        #expect(UIContentSizeCategory.large.stepped(by: 2) == .extraExtraLarge)
        #expect(UIContentSizeCategory.extraSmall.stepped(by: -1) == .extraSmall)
        #expect(UIContentSizeCategory.accessibilityExtraExtraExtraLarge.stepped(by: 1) == .accessibilityExtraExtraExtraLarge)
        for category in UIContentSizeCategory.ordered { #expect(UIContentSizeCategory(name: category.shortName) == category) }
    }

    @Test func fontMetricsScaleAnAppsFontsAndValues() {
        let xxl = UITraitCollection(preferredContentSizeCategory: .extraExtraLarge)
        let metrics = UIFontMetrics(forTextStyle: .caption1)
        let name = UIFont.systemFont(ofSize: 12, weight: .semibold)
        #expect(metrics.scaledFont(for: name).pointSize == 12)
        let scaled = metrics.scaledFont(for: name, compatibleWith: xxl)
        #expect(scaled.pointSize == 16 && scaled.weight == .semibold && scaled.textStyle == .caption1)
        #expect(metrics.scaledFont(for: name, maximumPointSize: 14, compatibleWith: xxl).pointSize == 14)
        #expect(UIFontMetrics.default.scaledValue(for: 34, compatibleWith: xxl) == 42)
        #expect(UIFontMetrics.default.scaledValue(for: 34) == 34)
        // A variant of a scaling font keeps scaling, from its own size.
        let bold = UIFont.preferredFont(forTextStyle: .body).bold
        #expect(bold.resolved(for: .extraExtraLarge).pointSize == 21 && bold.resolved(for: .extraExtraLarge).weight == .bold)
        #expect(UIFont.preferredFont(forTextStyle: .body).withSize(34).resolved(for: .extraExtraLarge).pointSize == 42)
        // A fixed font stays.
        #expect(!UIFont.systemFont(ofSize: 12).isScalable)
        #expect(UIFont.systemFont(ofSize: 12).resolved(for: .extraExtraLarge).pointSize == 12)
    }

    @Test func labelsThatAdjustFollowTheirTraitsNowAndOnChange() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let adjusting = UILabel(), fixed = UILabel(), plain = UILabel()
        for label in [adjusting, fixed, plain] {
            label.text = "Hello"
            host.addSubview(label)
        }
        adjusting.adjustsFontForContentSizeCategory = true
        adjusting.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 17, weight: .bold))
        fixed.adjustsFontForContentSizeCategory = true
        fixed.font = .systemFont(ofSize: 17)
        plain.font = .preferredFont(forTextStyle: .body)
        let before = adjusting.intrinsicContentSize
        host.traitOverrides.preferredContentSizeCategory = .extraExtraLarge
        #expect(adjusting.font.pointSize == 21 && adjusting.font.weight == .bold)
        #expect(adjusting.intrinsicContentSize.height > before.height && adjusting.intrinsicContentSize.width > before.width)
        #expect(fixed.font.pointSize == 17, "a fixed size stays")
        #expect(plain.font.pointSize == 17, "a label that does not adjust keeps its font")
        // Set while the traits are large: the label takes its category's size at once.
        let late = UILabel()
        host.addSubview(late)
        late.adjustsFontForContentSizeCategory = true
        late.font = .preferredFont(forTextStyle: .caption1)
        #expect(late.font.pointSize == 16)
        host.traitOverrides.preferredContentSizeCategory = nil
        #expect(adjusting.font.pointSize == 17 && late.font.pointSize == 12)
    }

    @Test func textViewsAndFieldsThatAdjustFollowTheirTraits() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let textView = UITextView(), field = UITextField()
        host.addSubview(textView)
        host.addSubview(field)
        textView.adjustsFontForContentSizeCategory = true
        textView.font = .preferredFont(forTextStyle: .body)
        field.adjustsFontForContentSizeCategory = true
        field.font = .preferredFont(forTextStyle: .body)
        host.traitOverrides.preferredContentSizeCategory = .accessibilityMedium
        #expect(textView.font?.pointSize == 28)
        #expect(field.font?.pointSize == 28)
    }
}

/// The navigation bar's title and item titles follow the text size, as UIKit's, up to what a bar
/// of fixed height holds.
@MainActor
@Suite(.serialized) struct NavigationBarTextSizeTests {
    @Test func theBarsTitleAndItemsGrowWithTheTextSizeUpToACap() throws {
        let backend = HeadlessBackend.install()
        let root = UIViewController()
        root.title = "Channels"
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain) {}
        let navigation = UINavigationController(rootViewController: root)
        let window = backend.openWindow(size: CGSize(width: 400, height: 300), rootViewController: navigation)
        backend.advance(by: 0.05)
        let bar = navigation.navigationBar
        let edit = try #require(bar.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == "Edit" })
        #expect(bar.titleLabel.font.pointSize == 17)
        #expect(edit.titleLabel?.font.pointSize == 17)
        let before = bar.titleLabel.intrinsicContentSize

        window.traitOverrides.preferredContentSizeCategory = .extraExtraLarge
        backend.advance(by: 0.05)
        #expect(bar.titleLabel.font.pointSize == 21)
        #expect(edit.titleLabel?.font.pointSize == 21)
        #expect(bar.titleLabel.intrinsicContentSize.width > before.width && bar.titleLabel.intrinsicContentSize.height > before.height)
        #expect(bar.titleLabel.frame.height >= bar.titleLabel.intrinsicContentSize.height, "laid out again at the new size")
        window.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
        backend.advance(by: 0.05)
        #expect(bar.titleLabel.font.pointSize == 23, "a bar of fixed height holds no more")
        #expect(bar.titleLabel.frame.maxY <= bar.bounds.maxY)
    }
}
