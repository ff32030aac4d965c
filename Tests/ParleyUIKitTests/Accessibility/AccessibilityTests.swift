import Foundation
import Testing
@testable import ParleyUIKit

/// UIKit's accessibility API on Parley's views (the defaults of labels, buttons and text
/// inputs; traits, activation, custom actions, notifications) and the tree the AT-SPI bridge
/// exports from it (nodes, order, roles, states, actions), without D-Bus.
@Suite(.serialized) @MainActor
struct AccessibilityTests {
    @Test func labelsReadTheirTextAsStaticTextUnlessTold() {
        let label = UILabel()
        label.text = "Hello"
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityLabel == "Hello")
        #expect(label.accessibilityTraits == .staticText)
        label.accessibilityLabel = "Greeting"
        label.text = "Bye"
        #expect(label.accessibilityLabel == "Greeting")
        label.isAccessibilityElement = false
        #expect(!label.isAccessibilityElement)
        #expect(!UIView().isAccessibilityElement)
        #expect(UIView().accessibilityLabel == nil)
    }

    @Test func buttonsReadTheirTitleOrTooltipAndActivateLikeATap() {
        let button = UIButton(type: .system)
        button.setTitle("Send", for: .normal)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Send")
        #expect(button.accessibilityTraits == .button)
        #expect(button.accessibilityActivate())
        #expect(taps == 1)

        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        #expect(!button.accessibilityActivate())
        #expect(taps == 1)
        button.isEnabled = true
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .selected])

        let icon = UIButton(type: .system)
        icon.toolTip = "Attach files"
        #expect(icon.accessibilityLabel == "Attach files")
    }

    @Test func textInputsExposeTheirTextAsValue() {
        let field = UITextField()
        field.placeholder = "Search"
        field.text = "lisbon"
        #expect(field.accessibilityLabel == "Search")
        #expect(field.accessibilityValue == "lisbon")
        field.isSecureTextEntry = true
        #expect(field.accessibilityValue == "••••••")

        let editable = UITextView()
        editable.text = "draft"
        #expect(editable.isAccessibilityElement)
        #expect(editable.accessibilityValue == "draft")
        #expect(editable.accessibilityLabel == nil)
        let readOnly = UITextView()
        readOnly.isEditable = false
        readOnly.text = "A message"
        #expect(readOnly.accessibilityLabel == "A message")
        #expect(readOnly.accessibilityValue == nil)
        #expect(readOnly.accessibilityTraits == .staticText)
    }

    @Test func notificationsReachObservers() {
        var heard: [UIAccessibility.Notification] = []
        UIAccessibility.observers[-7] = { notification, _ in heard.append(notification) }
        defer { UIAccessibility.observers[-7] = nil }
        UIAccessibility.post(notification: .announcement, argument: "Message sent")
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        #expect(heard == [.announcement, .layoutChanged])
        #expect(UIAccessibility.postedNotifications.last?.0 == .layoutChanged)
        #expect(UIAccessibility.postedNotifications.dropLast().last?.1 == "Message sent")
    }

    /// A window with a header, a list of two rows (one element each, the second with custom
    /// actions), a hidden label, a transparent label, a group whose elements are hidden, a
    /// composer and a send button.
    func makeScreen() -> (HeadlessBackend, UIWindow, [UIView]) {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 400, height: 600))
        let header = UILabel(frame: CGRect(x: 0, y: 0, width: 400, height: 40))
        header.text = "General"
        header.accessibilityTraits = .header
        let list = UIView(frame: CGRect(x: 0, y: 40, width: 400, height: 400))
        list.accessibilityContainerType = .list
        let wrapper = UIView(frame: list.bounds)  // looked through: not a node
        list.addSubview(wrapper)
        var rows: [UIView] = []
        for index in 0..<2 {
            let row = UIView(frame: CGRect(x: 0, y: CGFloat(index) * 50, width: 400, height: 50))
            row.isAccessibilityElement = true
            row.accessibilityLabel = "Row \(index)"
            let inner = UILabel(frame: row.bounds)
            inner.text = "not read"
            row.addSubview(inner)
            wrapper.addSubview(row)
            rows.append(row)
        }
        let hidden = UILabel(frame: CGRect(x: 0, y: 450, width: 100, height: 20))
        hidden.text = "hidden"
        hidden.isHidden = true
        let transparent = UILabel(frame: CGRect(x: 0, y: 470, width: 100, height: 20))
        transparent.text = "transparent"
        transparent.alpha = 0
        let group = UIView(frame: CGRect(x: 0, y: 490, width: 100, height: 20))
        group.accessibilityElementsHidden = true
        let groupLabel = UILabel(frame: group.bounds)
        groupLabel.text = "inside a hidden group"
        group.addSubview(groupLabel)
        let composer = UITextView(frame: CGRect(x: 0, y: 520, width: 300, height: 40))
        let send = UIButton(type: .system)
        send.frame = CGRect(x: 300, y: 520, width: 100, height: 40)
        send.setTitle("Send", for: .normal)
        for view in [header, list, hidden, transparent, group, composer, send] { window.addSubview(view) }
        return (backend, window, [header, list, rows[0], rows[1], composer, send])
    }

    @Test func theTreeHoldsElementsAndContainersInOrderAndSkipsWhatIsNotShown() {
        let (_, window, views) = makeScreen()
        let (header, list, row0, row1, composer, send) = (views[0], views[1], views[2], views[3], views[4], views[5])
        let top = AccessibilityTree.children(of: window)
        #expect(top.count == 4)
        #expect(top[0] === header && top[1] === list && top[2] === composer && top[3] === send)
        let rows = AccessibilityTree.children(of: list)
        #expect(rows.count == 2 && rows[0] === row0 && rows[1] === row1)
        #expect(AccessibilityTree.children(of: row0).isEmpty)
        #expect(AccessibilityTree.parent(of: row1) === list)
        #expect(AccessibilityTree.parent(of: list) === window)
        #expect(AccessibilityTree.parent(of: window) == nil)

        #expect(AccessibilityTree.role(of: window) == .frame)
        #expect(AccessibilityTree.role(of: header) == .heading)
        #expect(AccessibilityTree.role(of: list) == .list)
        #expect(AccessibilityTree.role(of: row0) == .listItem)
        #expect(AccessibilityTree.role(of: composer) == .text)
        #expect(AccessibilityTree.role(of: send) == .pushButton)
        #expect(AccessibilityTree.role(of: UILabel()) == .label)
        let picture = UIImageView()
        #expect(!picture.isAccessibilityElement)
        picture.isAccessibilityElement = true
        #expect(AccessibilityTree.role(of: picture) == .image)
        #expect(AccessibleRole.pushButton.name == "push button")
        #expect(AccessibilityTree.name(of: row1) == "Row 1")
        #expect(AccessibilityTree.node(at: CGPoint(x: 10, y: 100), under: window) === row1)
        #expect(AccessibilityTree.node(at: CGPoint(x: 10, y: 590), under: window) === window)
    }

    @Test func statesActionsAndTextFollowTheViews() {
        let (_, _, views) = makeScreen()
        let (row1, composer, send) = (views[3], views[4], views[5])
        let sendButton = send as? UIButton
        #expect(AccessibilityTree.states(of: send).isSuperset(of: [.enabled, .sensitive, .visible, .showing, .focusable]))
        sendButton?.isEnabled = false
        #expect(!AccessibilityTree.states(of: send).contains(.enabled))
        sendButton?.isEnabled = true
        #expect(AccessibilityTree.states(of: composer).isSuperset(of: [.editable, .multiLine, .focusable]))
        #expect(AccessibleState.words([.enabled, .visible, .focused]) == ((1 << 8) | (1 << 30) | (1 << 12), 0))

        var ran: [String] = []
        row1.accessibilityCustomActions = ["React", "Reply"].map { name in
            UIAccessibilityCustomAction(name: name) { action in ran.append(action.name); return true }
        }
        #expect(AccessibilityTree.actionNames(of: row1) == ["React", "Reply"])
        #expect(AccessibilityTree.performAction(1, on: row1))
        #expect(ran == ["Reply"])
        #expect(!AccessibilityTree.performAction(2, on: row1))
        var taps = 0
        sendButton?.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        send.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Schedule") { _ in ran.append("Schedule"); return true }]
        #expect(AccessibilityTree.actionNames(of: send) == ["activate", "Schedule"])
        #expect(AccessibilityTree.performAction(0, on: send))
        #expect(AccessibilityTree.performAction(1, on: send))
        #expect(taps == 1 && ran == ["Reply", "Schedule"])

        #expect(AccessibilityTree.text(of: composer) == "")
        #expect(AccessibilityTree.text(of: row1) == nil)
        #expect(AccessibilityTree.setText("Hello there", of: composer))
        #expect((composer as? UITextView)?.text == "Hello there")
        #expect(AccessibilityTree.text(of: composer) == "Hello there")
        #expect(AccessibilityTree.caretOffset(of: composer) == 11)
        (composer as? UITextView)?.selectedRange = NSRange(location: 5, length: 0)
        #expect(AccessibilityTree.caretOffset(of: composer) == 5)
        #expect(AccessibilityTree.caretOffset(of: row1) == nil)
        #expect(!AccessibilityTree.setText("no", of: row1))
    }

    @Test func theEditorsDelegateHearsTextSetThroughAccessibility() {
        final class Recorder: UITextViewDelegate {
            var changes = 0
            func textViewDidChange(_ textView: UITextView) { changes += 1 }
        }
        let recorder = Recorder()
        let textView = UITextView()
        textView.delegate = recorder
        #expect(AccessibilityTree.setText("Typed by a screen reader", of: textView))
        #expect(recorder.changes == 1)
    }

    @Test func accessibilityElementsReplaceSubviewsAndConvertTheirFrames() {
        let backend = HeadlessBackend.install()
        let window = backend.openWindow(size: CGSize(width: 300, height: 300))
        let chart = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 100))
        chart.addSubview(UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        let bar = UIAccessibilityElement(accessibilityContainer: chart)
        bar.accessibilityLabel = "Monday: 4 messages"
        bar.accessibilityFrameInContainerSpace = CGRect(x: 10, y: 10, width: 20, height: 80)
        chart.accessibilityElements = [bar]
        window.addSubview(chart)
        #expect(AccessibilityTree.children(of: window).count == 1)
        #expect(AccessibilityTree.children(of: window).first === bar)
        #expect(bar.accessibilityFrame == CGRect(x: 30, y: 40, width: 20, height: 80))
        #expect(AccessibilityTree.parent(of: bar) === window)
        #expect(chart.accessibilityFrame == CGRect(x: 20, y: 30, width: 200, height: 100))
    }

    @Test func theObjectTableKeepsNumbersAndForgetsGoneObjects() {
        let table = AccessibleObjectTable()
        let other = UILabel()
        var number = 0
        do {
            let label = UILabel()
            number = table.number(of: label)
            #expect(table.number(of: label) == number)
            #expect(table.number(of: other) != number)
            #expect(table.object(numbered: number) === label)
        }
        #expect(table.object(numbered: number) == nil)
        #expect(table.count == 1)
    }

    @Test func withoutASessionBusTheBridgeStaysOff() {
        let result = ATSPIBridge.connectToAccessibilityBus(environment: ["XDG_RUNTIME_DIR": "/nonexistent"])
        #expect(result.connection == nil)
        #expect(result.failure == "no D-Bus session bus")
    }
}
