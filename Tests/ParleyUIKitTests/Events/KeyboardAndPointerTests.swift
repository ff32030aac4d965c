import Foundation
import Testing
@testable import ParleyUIKit

/// Key commands along the responder chain, the focus system (Tab, arrows, Enter, Escape, the
/// ring), right-clicks, hover, tooltips and pointer shapes, driven through the window with
/// synthetic events.
@Suite(.serialized) @MainActor
struct KeyboardAndPointerTests {
    /// A view offering key commands.
    final class CommandView: UIView {
        var commands: [UIKeyCommand] = []
        override var keyCommands: [UIKeyCommand]? { commands }
    }

    /// A focusable row.
    final class Row: UIView {
        var activated = 0
        override var canBecomeFocused: Bool { true }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            if presses.contains(where: { $0.key?.keyCode == .keyboardReturnOrEnter }) { activated += 1; return }
            super.pressesBegan(presses, with: event)
        }
    }

    @Test func shortcutsRunFromAnywhereInTheChainAndBeforeTheTextField() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 200))
        let container = CommandView(frame: window.bounds)
        window.addSubview(container)
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        container.addSubview(field)
        var ran: [String] = []
        container.commands = [
            UIKeyCommand(input: "k", modifierFlags: .control) { _ in ran.append("ctrl-k") },
            UIKeyCommand(input: UIKeyCommand.inputUpArrow) { _ in ran.append("up") },
            UIKeyCommand(input: UIKeyCommand.inputPageDown) { _ in ran.append("page-down") },
        ]
        field.becomeFirstResponder()
        backend.type("ab")
        backend.press(.letter("k")!, modifiers: .control)
        #expect(ran == ["ctrl-k"])
        #expect(field.text == "ab")
        // The field uses Up (caret to the start): a command without priority does not get it.
        backend.press(.keyboardUpArrow)
        #expect(ran == ["ctrl-k"])
        // Page Down means nothing to a one-line field: the command gets what the chain left.
        backend.press(.keyboardPageDown)
        #expect(ran == ["ctrl-k", "page-down"])
        // With priority, the command wins over the field's own use of the key.
        let priority = UIKeyCommand(input: UIKeyCommand.inputUpArrow) { _ in ran.append("priority-up") }
        priority.wantsPriorityOverSystemBehavior = true
        container.commands.insert(priority, at: 0)
        backend.press(.keyboardUpArrow)
        #expect(ran.last == "priority-up")
        #expect(priority.keyDescription == "↑")
        #expect(container.commands[1].keyDescription == "Ctrl+K")
    }

    @Test func tabMovesBetweenControlsAndGroupsWithARingAndEnterActivates() throws {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 400))
        let first = UIButton(frame: CGRect(x: 10, y: 10, width: 80, height: 30))
        let list = UIView(frame: CGRect(x: 10, y: 60, width: 300, height: 200))
        list.focusGroupIdentifier = "list"
        let rows = (0..<3).map { Row(frame: CGRect(x: 0, y: CGFloat($0) * 50, width: 300, height: 44)) }
        rows.forEach(list.addSubview)
        let last = UIButton(frame: CGRect(x: 10, y: 300, width: 80, height: 30))
        var clicks = 0
        last.addHandler(for: .touchUpInside) { clicks += 1 }
        [first, list, last].forEach(window.addSubview)
        let focus = try #require(UIFocusSystem.focusSystem(for: window))

        backend.press(.keyboardTab)
        #expect(focus.focusedItem === first)
        #expect(first.isFocused && focus.isRingVisible)
        #expect(!focus.ringLayer.isHidden)
        #expect(focus.ringLayer.frame == CGRect(x: 7, y: 7, width: 86, height: 36))
        backend.press(.keyboardTab)
        #expect(focus.focusedItem === rows[0])
        backend.press(.keyboardDownArrow)
        backend.press(.keyboardDownArrow)
        #expect(focus.focusedItem === rows[2])
        backend.press(.keyboardUpArrow)
        #expect(focus.focusedItem === rows[1])
        backend.press(.keyboardReturnOrEnter)
        #expect(rows[1].activated == 1)
        // The whole list is one stop: Tab leaves it, Shift-Tab comes back to the row left.
        backend.press(.keyboardTab)
        #expect(focus.focusedItem === last)
        backend.press(.keyboardReturnOrEnter)
        #expect(clicks == 1)
        backend.press(.keyboardTab, modifiers: .shift)
        #expect(focus.focusedItem === rows[1])
        // Escape takes the ring away; a click does too.
        backend.press(.keyboardEscape)
        #expect(focus.focusedItem == nil && focus.ringLayer.isHidden)
        backend.press(.keyboardTab)
        #expect(focus.focusedItem != nil)
        backend.tap(at: CGPoint(x: 380, y: 380))
        #expect(focus.focusedItem == nil && focus.ringLayer.isHidden)
    }

    @Test func tabIntoATextFieldGivesItTheCaretAndTabLeavesIt() throws {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 200))
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        let button = UIButton(frame: CGRect(x: 10, y: 60, width: 80, height: 30))
        [field, button].forEach(window.addSubview)
        backend.press(.keyboardTab)
        #expect(field.isFirstResponder)
        backend.type("hi")
        #expect(field.text == "hi")
        backend.press(.keyboardTab)
        #expect(!field.isFirstResponder)
        #expect(button.isFocused)
    }

    @Test func escapeGoesBackInANavigationStack() {
        let backend = HeadlessBackend.install()
        let navigation = UINavigationController(rootViewController: UIViewController())
        _ = backend.openWindow(size: CGSize(width: 300, height: 300), rootViewController: navigation)
        navigation.pushViewController(UIViewController(), animated: false)
        backend.advance(by: 0.1)
        #expect(navigation.viewControllers.count == 2)
        backend.press(.keyboardEscape)
        backend.advance(by: 0.6)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func rightClickReachesOnlySecondaryButtonRecognizers() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(button)
        var events: [String] = []
        button.addHandler(for: .touchUpInside) { events.append("button") }
        let primary = UITapGestureRecognizer { _ in events.append("primary") }
        let secondary = UITapGestureRecognizer { _ in events.append("secondary") }
        secondary.buttonMaskRequired = .secondary
        button.addGestureRecognizer(primary)
        button.addGestureRecognizer(secondary)

        backend.rightClick(at: CGPoint(x: 100, y: 100))
        #expect(events == ["secondary"])
        backend.advance(by: 0.5)
        backend.tap(at: CGPoint(x: 100, y: 100))
        #expect(events == ["secondary", "primary"])
    }

    @Test func hoverBeginsAndEndsAndControlsAndTooltipsFollowThePointer() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let area = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 150))
        let button = UIButton(frame: CGRect(x: 200, y: 200, width: 40, height: 40))
        button.toolTip = "Send"
        [area, button].forEach(window.addSubview)
        var states: [UIGestureRecognizer.State] = []
        area.addGestureRecognizer(UIHoverGestureRecognizer { states.append($0.state) })

        backend.pointerMove(to: CGPoint(x: 20, y: 20))
        backend.pointerMove(to: CGPoint(x: 30, y: 20))
        backend.pointerMove(to: CGPoint(x: 210, y: 210))
        #expect(states == [.began, .changed, .ended])
        #expect(button.isHovered)
        #expect(UIApplication.shared.visibleToolTip == nil)
        backend.advance(by: 0.7)
        #expect(UIApplication.shared.visibleToolTip == "Send")
        backend.pointerMove(to: CGPoint(x: 100, y: 280))
        #expect(!button.isHovered)
        #expect(UIApplication.shared.visibleToolTip == nil)
    }

    /// Says "link" over the left half of its view, "text" over the right half.
    final class HalfLink: UIPointerInteractionDelegate {
        func pointerInteraction(_ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest,
                                defaultRegion: UIPointerRegion) -> UIPointerRegion? {
            UIPointerRegion(rect: defaultRegion.rect, identifier: request.location.x < 50 ? "link" : "text")
        }
        func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle? {
            region.identifier == "link" ? .link : UIPointerStyle(shape: .verticalBeam(length: 17))
        }
    }

    @Test func pointerInteractionsPickTheCursor() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        label.isUserInteractionEnabled = true
        let delegate = HalfLink()
        label.addInteraction(UIPointerInteraction(delegate: delegate))
        window.addSubview(label)
        backend.pointerMove(to: CGPoint(x: 10, y: 10))
        #expect(backend.cursorName == "pointingHand")
        backend.pointerMove(to: CGPoint(x: 80, y: 10))
        #expect(backend.cursorName == "iBeam")
        backend.pointerMove(to: CGPoint(x: 200, y: 200))
        #expect(backend.cursorName == "arrow")
    }
}
