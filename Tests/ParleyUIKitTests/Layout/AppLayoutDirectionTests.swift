import Foundation
import Testing
@testable import ParleyUIKit

/// The app's layout direction (`UIApplication.preferredLayoutDirection`, UIKit's app
/// localization) mirrors every hierarchy that does not set its own: leading anchors and
/// horizontal stacks start at the right, natural text aligns right; a view's own
/// `semanticContentAttribute` still wins.
@MainActor
@Suite struct AppLayoutDirectionTests {
    func withRightToLeftApp<T>(_ body: () throws -> T) rethrows -> T {
        UIApplication.preferredLayoutDirection = .rightToLeft
        defer { UIApplication.preferredLayoutDirection = .leftToRight }
        return try body()
    }

    func leadingChildMinX(in root: UIView) -> CGFloat {
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        NSLayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            child.widthAnchor.constraint(equalToConstant: 30), child.heightAnchor.constraint(equalToConstant: 10),
            child.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        return child.frame.minX
    }

    @Test func leadingLaysOutFromTheRightInARightToLeftApp() {
        #expect(leadingChildMinX(in: UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))) == 10)
        withRightToLeftApp {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
            #expect(UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft)
            #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
            #expect(leadingChildMinX(in: root) == 160)
            // A view that forces left to right keeps its leading edge on the left.
            let forced = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
            forced.semanticContentAttribute = .forceLeftToRight
            #expect(leadingChildMinX(in: forced) == 10)
        }
    }

    @Test func horizontalStacksRunFromTheRight() {
        withRightToLeftApp {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            let first = UIView(), second = UIView()
            let stack = UIStackView(arrangedSubviews: [first, second])
            stack.axis = .horizontal
            stack.spacing = 10
            stack.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(stack)
            NSLayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: root.leadingAnchor), stack.topAnchor.constraint(equalTo: root.topAnchor),
                first.widthAnchor.constraint(equalToConstant: 40), second.widthAnchor.constraint(equalToConstant: 60),
                first.heightAnchor.constraint(equalToConstant: 20), second.heightAnchor.constraint(equalToConstant: 20),
            ])
            root.layoutIfNeeded()
            let firstFrame = first.convert(first.bounds, to: root), secondFrame = second.convert(second.bounds, to: root)
            #expect(firstFrame.maxX == 200)
            #expect(secondFrame.maxX == firstFrame.minX - 10)
        }
    }

    @Test func naturalTextAlignsRightInARightToLeftApp() {
        func inkMinX(_ label: UIView) -> Int {
            let pixels = label.renderPixels(scale: 1)!
            var minX = Int.max
            for y in 0..<pixels.height { for x in 0..<pixels.width where pixels[x, y].a > 40 { minX = min(minX, x) } }
            return minX
        }
        let ltr = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
        ltr.text = "Ana"
        #expect(inkMinX(ltr) < 10)
        withRightToLeftApp {
            let rtl = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
            rtl.text = "Ana"
            #expect(inkMinX(rtl) > 250)
        }
        // A text field's placeholder and text too, while they fit.
        for direction in [UIUserInterfaceLayoutDirection.leftToRight, .rightToLeft] {
            UIApplication.preferredLayoutDirection = direction
            defer { UIApplication.preferredLayoutDirection = .leftToRight }
            let field = UITextField(frame: CGRect(x: 0, y: 0, width: 300, height: 30))
            field.borderStyle = .none
            field.placeholder = "Search"
            let placeholderX = inkMinX(field)
            field.text = "Ana"
            let textX = inkMinX(field)
            #expect(direction == .rightToLeft ? placeholderX > 200 && textX > 250 : placeholderX < 20 && textX < 20, "\(direction): \(placeholderX), \(textX)")
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
            textView.backgroundColor = .clear
            textView.text = "Ana"
            #expect(direction == .rightToLeft ? inkMinX(textView) > 250 : inkMinX(textView) < 20, "text view \(direction)")
        }
    }
}

/// The navigation bar mirrors in a right-to-left app, as UIKit's does: the back button and the
/// left items on the right, the right items on the left.
@MainActor
@Suite struct NavigationBarDirectionTests {
    func makeBar() -> (bar: UINavigationBar, back: UIView, right: UIView) {
        let first = UIViewController(), second = UIViewController()
        first.title = "List"
        second.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain)
        let navigation = UINavigationController(rootViewController: first)
        navigation.pushViewController(second, animated: false)
        navigation.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        navigation.view.layoutIfNeeded()
        let bar = navigation.navigationBar
        bar.layoutIfNeeded()
        let back = bar.subviews.first { $0.accessibilityIdentifier == "navigationBar.back" }!
        let right = bar.subviews.first { ($0 as? UIButton)?.title(for: .normal) == "Edit" }!
        return (bar, back, right)
    }

    @Test func backAndItemsSwapSidesRightToLeft() {
        let ltr = makeBar()
        #expect(ltr.back.frame.minX < 20)
        #expect(ltr.right.frame.maxX > 300)
        UIApplication.preferredLayoutDirection = .rightToLeft
        defer { UIApplication.preferredLayoutDirection = .leftToRight }
        let rtl = makeBar()
        #expect(rtl.back.frame.maxX > 300)
        #expect(rtl.right.frame.minX < 20)
        #expect(rtl.back.frame.width == ltr.back.frame.width)
        // The chevron points outwards: the title's line is right to left, so ‹ shows as ›.
        #expect((ltr.back as? UIButton)?.title(for: .normal) == "‹ List")
        #expect((rtl.back as? UIButton)?.title(for: .normal) == "\u{200F}‹ List")
    }
}
