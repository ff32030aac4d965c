import CGio
import Foundation

/// What a client was last told of an object: its name and the states whose changes are events.
@MainActor
struct ReportedState: Equatable {
    var name: String
    var selected: Bool
    var checked: Bool

    /// The object as it is now.
    init(of object: UIResponder) {
        let states = AccessibilityTree.states(of: object)
        name = AccessibilityTree.name(of: object)
        selected = states.contains(.selected)
        checked = states.contains(.checked)
    }
}

extension ATSPIBridge {
    /// How soon after a frame the objects are looked at (at most this often).
    static let changeCheckDelay: TimeInterval = 0.1

    /// A frame drew something: names and states may have changed; look soon (once per delay).
    func scheduleChangeCheck() {
        guard changeCheck == nil else { return }
        changeCheck = FrameScheduler.shared.schedule(after: Self.changeCheckDelay) { [weak self] in
            self?.changeCheck = nil
            self?.reportChanges()
        }
    }

    /// Compares every object clients know (those with numbers) with what they were told and
    /// emits `PropertyChange` "accessible-name" for a new name and `StateChanged` "selected" /
    /// "checked" for a state that flipped. An object not told of before is only noted.
    func reportChanges() {
        var seen: [Int: ReportedState] = [:]
        for (number, object) in objects.live where AccessibilityTree.isNode(object) {
            let now = ReportedState(of: object)
            seen[number] = now
            guard let before = reported[number], before != now else { continue }
            let path = Self.pathPrefix + String(number)
            if before.name != now.name {
                emitEvent("PropertyChange", from: path, detail: "accessible-name", 0, 0, data: g_variant_new_string(now.name))
            }
            if before.selected != now.selected {
                emitEvent("StateChanged", from: path, detail: "selected", now.selected ? 1 : 0, 0, data: g_variant_new_variant(g_variant_new_int32(0)))
            }
            if before.checked != now.checked {
                emitEvent("StateChanged", from: path, detail: "checked", now.checked ? 1 : 0, 0, data: g_variant_new_variant(g_variant_new_int32(0)))
            }
        }
        reported = seen
    }
}
