import Foundation
import ParleyUIKit
import Testing

/// UIKit's initializer pattern compiles and runs unchanged: a view or controller subclass with
/// its own designated initializer writes `required init?(coder:)`, as in UIKit, and may call
/// `super.init(coder:)`.
@MainActor
@Suite struct UIKitInitializerTests {
    final class BadgeView: UIView {
        let count: Int

        init(count: Int) {
            self.count = count
            super.init(frame: .zero)
        }

        override init(frame: CGRect) {
            count = 0
            super.init(frame: frame)
        }

        required init?(coder: NSCoder) {
            count = 0
            super.init(coder: coder)
        }
    }

    final class DetailViewController: UIViewController {
        let name: String

        init(name: String) {
            self.name = name
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }
    }

    /// A subclass that only adds properties inherits every initializer, `init()` included.
    final class PlainView: UILabel {
        var note = "plain"
    }

    @Test func subclassesWithTheirOwnInitializersWork() {
        let badge = BadgeView(count: 3)
        #expect(badge.count == 3)
        let framed = BadgeView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(framed.bounds.width == 20)
        let detail = DetailViewController(name: "Ana")
        detail.loadViewIfNeeded()
        #expect(detail.name == "Ana" && detail.isViewLoaded)
        #expect(PlainView().note == "plain")
    }

    @Test func nothingIsDecoded() {
        // Parley has no archives: decoding answers nil instead of a half-made view.
        let coder = NSCoder()
        #expect(UIView(coder: coder) == nil)
        #expect(BadgeView(coder: coder) == nil)
        #expect(UIViewController(coder: coder) == nil)
    }
}
