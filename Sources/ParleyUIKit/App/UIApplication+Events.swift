import Foundation

/// Turns backend events into UIKit events: the mouse's primary button and touchscreen fingers
/// become touches, keys become presses, typed and composed text goes to the first responder,
/// wheel steps become `.scroll` events, window events resize or close scenes.
extension UIApplication {
    /// The pointer's state between events.
    final class PointerState {
        var location: CGPoint = .zero
        var nativeWindow = -1
        var touch: UITouch?
        var fingers: [Int: UITouch] = [:]
        var cursor: PlatformCursor = .arrow
        var nextTouchIdentifier = 1
        /// A right-click in progress.
        var secondaryTouch: UITouch?
        /// The hover recognizers the pointer is over.
        var hovered: [HoverEntry] = []
        /// The control the pointer is over.
        weak var hoveredControl: UIControl?
        /// The tooltip waiting to show or shown.
        var toolTip = ToolTipState()
    }

    /// A hover recognizer the pointer is over.
    struct HoverEntry {
        weak var recognizer: UIHoverGestureRecognizer?
    }

    /// Dispatches one backend event.
    func handle(_ platformEvent: PlatformEvent) {
        let time = backend.currentTime
        switch platformEvent {
        case let .pointerDown(native, location, button, clicks):
            pointer.location = location
            pointer.nativeWindow = native
            hideToolTip()
            guard let scene = scene(forNative: native), let window = scene.window(at: location) else { return }
            window.focusSystem.pointerDidClick()
            if button == 3, pointer.touch == nil, pointer.secondaryTouch == nil {
                if !window.isKeyWindow { window.makeKey() }
                pointer.nextTouchIdentifier += 1
                let touch = UITouch(identifier: pointer.nextTouchIdentifier)
                touch.type = .indirectPointer
                touch.isSecondaryClick = true
                pointer.secondaryTouch = touch
                deliver(touch, phase: .began, at: location, in: window, time: time, buttons: .secondary)
                return
            }
            guard button == 1, pointer.touch == nil else { return }
            if !window.isKeyWindow { window.makeKey() }
            let touch = UITouch(identifier: 0)
            touch.type = .indirectPointer
            touch.tapCount = max(1, clicks)
            pointer.touch = touch
            deliver(touch, phase: .began, at: location, in: window, time: time, buttons: .primary)
        case let .pointerMoved(native, location):
            pointer.location = location
            pointer.nativeWindow = native
            if let touch = pointer.touch, let window = touch.window {
                deliver(touch, phase: .moved, at: location, in: window, time: time, buttons: .primary)
            } else if let touch = pointer.secondaryTouch, let window = touch.window {
                deliver(touch, phase: .moved, at: location, in: window, time: time, buttons: .secondary)
            } else if let window = scene(forNative: native)?.window(at: location) {
                updateCursor(at: location, in: window)
                updateHover(at: location, in: window)
            }
        case let .pointerUp(_, location, button):
            pointer.location = location
            if button == 3, let touch = pointer.secondaryTouch, let window = touch.window {
                pointer.secondaryTouch = nil
                deliver(touch, phase: .ended, at: location, in: window, time: time, buttons: [])
                return
            }
            guard button == 1, let touch = pointer.touch, let window = touch.window else { return }
            pointer.touch = nil
            deliver(touch, phase: .ended, at: location, in: window, time: time, buttons: [])
            updateCursor(at: location, in: window)
            updateHover(at: location, in: window)
        case .pointerExited:
            pointer.nativeWindow = -1
            endHover()
        case let .finger(native, id, location, phase):
            handleFinger(native: native, id: id, location: location, phase: phase, time: time)
        case let .wheel(native, delta, precise, location):
            let point = location ?? pointer.location
            guard let window = scene(forNative: native)?.window(at: point) else { return }
            let event = UIEvent(type: .scroll, timestamp: time)
            event.scrollDelta = delta
            event.scrollIsPrecise = precise
            event.pointerLocation = CGPoint(x: point.x - window.frame.minX, y: point.y - window.frame.minY)
            event.pointerWindow = window
            event.modifierFlags = backend.modifierFlags
            sendEvent(event)
            // The content moved under the pointer: what it hovers may have changed.
            if pointer.touch == nil { updateHover(at: point, in: window) }
        case let .keyDown(native, usage, characters, isRepeat):
            sendKey(native: native, usage: usage, characters: characters, phase: .began, isRepeat: isRepeat, time: time)
        case let .keyUp(native, usage, characters):
            sendKey(native: native, usage: usage, characters: characters, phase: .ended, isRepeat: false, time: time)
        case let .textInput(_, text):
            guard !text.isEmpty, !isTextInputCovered else { return }
            if let marked = UIResponder.currentFirstResponder as? MarkedTextInput { marked.unmarkText(committing: text) } else {
                (UIResponder.currentFirstResponder as? UIKeyInput)?.insertText(text)
            }
            updateTextInputRect()
        case let .textEditing(_, text, cursor):
            guard let input = UIResponder.currentFirstResponder as? MarkedTextInput, !isTextInputCovered else { return }
            let length = (text as NSString).length
            let utf16Cursor = text.unicodeScalars.prefix(max(0, cursor)).reduce(0) { $0 + $1.utf16.count }
            if text.isEmpty {
                input.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
            } else {
                input.setMarkedText(text, selectedRange: NSRange(location: min(utf16Cursor, length), length: 0))
            }
            updateTextInputRect()
        case let .resized(native, size):
            scene(forNative: native)?.updateGeometry(size: size, scale: backend.scale(of: native))
        case let .scaleChanged(native):
            scene(forNative: native)?.updateGeometry(size: backend.size(of: native), scale: backend.scale(of: native))
        case let .closeRequested(native):
            if let scene = scene(forNative: native) { disconnect(scene, closeNative: true) }
        case let .focus(native, gained):
            guard let scene = scene(forNative: native) else { return }
            if gained {
                scene.activationState = .foregroundActive
                scene.delegate?.sceneDidBecomeActive(scene)
                applicationState = .active
            } else {
                scene.activationState = .foregroundInactive
                scene.delegate?.sceneWillResignActive(scene)
                if !openScenes.contains(where: { $0.activationState == .foregroundActive }) { applicationState = .inactive }
            }
        case .exposed:
            Compositor.setNeedsFrame()
        case .quit:
            terminate()
        case let .dropFiles(native, paths, location):
            let point = location ?? pointer.location
            guard let window = scene(forNative: native)?.window(at: point) else { return }
            deliverDrop(of: paths, at: point, in: window)
        }
    }

    private func deliver(_ touch: UITouch, phase: UITouch.Phase, at location: CGPoint, in window: UIWindow, time: TimeInterval, buttons: UIEvent.ButtonMask) {
        let point = CGPoint(x: location.x - window.frame.minX, y: location.y - window.frame.minY)
        touch.window = window
        touch.previousWindowLocation = phase == .began ? point : touch.windowLocation
        touch.windowLocation = point
        touch.phase = phase
        touch.timestamp = time
        let event = UIEvent(type: .touches, timestamp: time)
        event.modifierFlags = backend.modifierFlags
        event.buttonMask = buttons
        event.changedTouches = [touch]
        sendEvent(event)
    }

    private func handleFinger(native: Int, id: Int, location: CGPoint, phase: UITouch.Phase, time: TimeInterval) {
        switch phase {
        case .began:
            guard let window = scene(forNative: native)?.window(at: location) else { return }
            pointer.nextTouchIdentifier += 1
            let touch = UITouch(identifier: pointer.nextTouchIdentifier)
            touch.type = .direct
            pointer.fingers[id] = touch
            deliver(touch, phase: .began, at: location, in: window, time: time, buttons: [])
        case .moved:
            guard let touch = pointer.fingers[id], let window = touch.window else { return }
            deliver(touch, phase: .moved, at: location, in: window, time: time, buttons: [])
        default:
            guard let touch = pointer.fingers.removeValue(forKey: id), let window = touch.window else { return }
            deliver(touch, phase: phase == .cancelled ? .cancelled : .ended, at: location, in: window, time: time, buttons: [])
        }
    }

    private func sendKey(native: Int, usage: Int, characters: String, phase: UIPress.Phase, isRepeat: Bool, time: TimeInterval) {
        if phase == .began { hideToolTip() }
        let modifiers = backend.modifierFlags
        let key = UIKey(keyCode: UIKeyboardHIDUsage(rawValue: usage), modifierFlags: modifiers,
                        characters: modifiers.contains(.control) || modifiers.contains(.command) ? "" : characters,
                        charactersIgnoringModifiers: characters.lowercased())
        let press = UIPress(phase: phase, key: key, timestamp: time, isRepeat: isRepeat)
        let event = UIPressesEvent(timestamp: time)
        event.modifierFlags = modifiers
        event.pressSet = [press]
        event.pointerWindow = scene(forNative: native)?.windows.first { $0.isKeyWindow } ?? scene(forNative: native)?.windows.last
        sendEvent(event)
        updateTextInputRect()
    }

    /// Sends an event to its window, as UIKit's `UIApplication.sendEvent(_:)`.
    public func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            guard let window = event.changedTouches.first?.window ?? keyWindow else { return }
            window.sendEvent(event)
        case .presses:
            (event.pointerWindow ?? keyWindow)?.sendEvent(event)
        default:
            event.pointerWindow?.sendEvent(event)
        }
    }

    /// Whether the first responder sits under a presented controller (a popup or sheet over the
    /// composer): typed text then goes nowhere rather than into the hidden field.
    private var isTextInputCovered: Bool {
        guard let view = UIResponder.currentFirstResponder as? UIView, let window = view.window else { return false }
        return window.presentedController(covering: view) != nil
    }

    /// The end of the responder chain for keys: scroll the scroll view under the pointer (or the
    /// last one scrolled) with Page Up/Down, Home/End, arrows and space.
    /// Returns whether a scroll view took the presses.
    func scrollForUnhandledPresses(_ presses: Set<UIPress>) -> Bool {
        for press in presses {
            guard let key = press.key, key.modifierFlags.isDisjoint(with: [.control, .command, .alternate]) else { continue }
            if let scrollView = keyboardScrollTarget(), scrollView.scroll(for: key) { return true }
        }
        return false
    }

    private func keyboardScrollTarget() -> UIScrollView? {
        if let window = scene(forNative: pointer.nativeWindow)?.window(at: pointer.location) ?? keyWindow {
            let point = CGPoint(x: pointer.location.x - window.frame.minX, y: pointer.location.y - window.frame.minY)
            var view = window.hitTest(point, with: nil) ?? deepestView(in: window, at: point)
            while let current = view {
                if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled, scrollView.scrollsVertically || scrollView.scrollsHorizontally {
                    return scrollView
                }
                view = current.superview
            }
        }
        return lastScrolledView
    }

    /// The deepest visible view at `point`, ignoring `isUserInteractionEnabled` (keys and the wheel
    /// reach scroll views behind non-interactive labels).
    func deepestView(in root: UIView, at point: CGPoint) -> UIView? {
        guard !root.isHidden, root.alpha > 0.01, root.point(inside: point, with: nil) else { return nil }
        for subview in root.subviews.reversed() {
            if let hit = deepestView(in: subview, at: subview.convert(point, from: root)) { return hit }
        }
        return root
    }

    /// Sets the cursor for the view under the pointer: an I-beam over text input, a pointing hand
    /// over enabled controls, the arrow elsewhere.
    func updateCursor(at location: CGPoint, in window: UIWindow) {
        let point = CGPoint(x: location.x - window.frame.minX, y: location.y - window.frame.minY)
        var cursor = PlatformCursor.arrow
        var view = window.hitTest(point, with: nil)
        search: while let current = view {
            for case let interaction as UIPointerInteraction in current.attachedInteractions {
                if let style = interaction.style(at: current.convert(point, from: window), modifiers: backend.modifierFlags) {
                    cursor = style.cursor
                    break search
                }
            }
            if let kind = current.preferredCursor { cursor = kind; break }
            view = current.superview
        }
        if cursor != pointer.cursor {
            pointer.cursor = cursor
            backend.setCursor(cursor)
        }
    }

    /// Tells the backend where the caret is, so the input method's window follows it.
    func updateTextInputRect() {
        guard let input = UIResponder.currentFirstResponder as? MarkedTextInput, let view = input as? UIView,
              let window = view.window, let scene = window.windowScene else { return }
        let rect = view.convert(input.caretRectForInputMethod, to: window)
        backend.setTextInput(active: true, window: scene.nativeWindow,
                             caretRect: rect.offsetBy(dx: window.frame.minX, dy: window.frame.minY))
    }
}

extension UIView {
    /// The pointer shape over this view, if it asks for one.
    var preferredCursor: PlatformCursor? {
        if let input = self as? MarkedTextInput { return input.wantsIBeamCursor ? .iBeam : nil }
        if let control = self as? UIControl { return control.isEnabled ? .pointingHand : nil }
        return nil
    }
}
