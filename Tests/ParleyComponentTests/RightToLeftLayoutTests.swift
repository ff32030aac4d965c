import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

/// A right-to-left host lays its component tree out mirrored: rows run from the right, a row's
/// first child sits at the right edge, and a left-to-right host is unchanged.
@MainActor
@Suite struct RightToLeftLayoutTests {
    func makeRow(in direction: UISemanticContentAttribute) -> ComponentView {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        view.semanticContentAttribute = direction
        view.component = VStack {
            HStack(spacing: 10) {
                ColorBox(.red).size(width: 40, height: 20).id("first")
                ColorBox(.blue).size(width: 60, height: 20).id("second")
            }
            ColorBox(.green).size(width: 100, height: 30).id("below")
        }
        view.layoutIfNeeded()
        return view
    }

    func frame(_ id: String, in view: ComponentView) -> CGRect? {
        view.visibleView(id: id)?.frame
    }

    @Test func aRightToLeftHostMirrorsRowsAndColumns() {
        let ltr = makeRow(in: .forceLeftToRight)
        #expect(frame("first", in: ltr) == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(frame("second", in: ltr) == CGRect(x: 50, y: 0, width: 60, height: 20))

        let rtl = makeRow(in: .forceRightToLeft)
        #expect(frame("first", in: rtl) == CGRect(x: 260, y: 0, width: 40, height: 20))
        #expect(frame("second", in: rtl) == CGRect(x: 190, y: 0, width: 60, height: 20))
        // Every frame is the left-to-right one mirrored across the host's centre line.
        for id in ["first", "second", "below"] {
            guard let left = frame(id, in: ltr), let right = frame(id, in: rtl) else { Issue.record("no view \(id)"); continue }
            #expect(right == CGRect(x: 300 - left.maxX, y: left.minY, width: left.width, height: left.height), "\(id)")
        }
    }

    @Test func theAppsDirectionReachesAHostWithoutItsOwn() {
        UIApplication.preferredLayoutDirection = .rightToLeft
        defer { UIApplication.preferredLayoutDirection = .leftToRight }
        let rtl = makeRow(in: .unspecified)
        #expect(rtl.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(frame("first", in: rtl)?.maxX == 300)
    }
}
