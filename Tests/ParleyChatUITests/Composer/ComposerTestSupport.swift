import Foundation
import Parley
import Testing

/// A fixed starting time for composer tests.
let composerTestEpoch = Date(timeIntervalSince1970: 1_700_000_000)

/// A message for composer content (reply and edit modes).
@MainActor
func composerTestMessage(_ text: String, id: MessageId = "m-1", author: ChatUser = ChatUser(id: "alice", name: "Alice Liddell")) -> ChatMessage {
    ChatMessage(id: id, cid: ChannelId(type: .messaging, id: "general"), text: text, author: author, createdAt: composerTestEpoch)
}

/// A composer hosted the way the channel screen hosts it: pinned to the leading, trailing and
/// bottom edges of a host view, its height left to Auto Layout.
@MainActor
struct HostedComposer {
    let composer: ComposerVC
    let host: UIView

    init(width: CGFloat = 390, hostHeight: CGFloat = 400, content: ComposerVC.Content = .init(), configure: (ComposerVC) -> Void = { _ in }) {
        composer = ComposerVC()
        configure(composer)
        host = UIView(frame: CGRect(x: 0, y: 0, width: width, height: hostHeight))
        let view = composer.view!
        view.translatesAutoresizingMaskIntoConstraints = false
        host.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: host.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: host.trailingAnchor),
            view.bottomAnchor.constraint(equalTo: host.bottomAnchor),
        ])
        composer.content = content
        host.layoutIfNeeded()
    }

    var view: UIView { composer.view }
    var composerView: ComposerView { composer.composerView }

    /// Lays out again and returns the composer's height.
    @discardableResult
    func layout() -> CGFloat {
        host.layoutIfNeeded()
        return view.frame.height
    }
}

/// The pixel colour nearest to `color` among the opaque pixels inside `rect` (in points), and
/// its distance (sum of channel differences).
func nearestPixel(to color: (r: Int, g: Int, b: Int), in pixels: RGBAPixels, rect: CGRect, scale: CGFloat) -> Int {
    var best = Int.max
    let minX = max(0, Int(rect.minX * scale)), maxX = min(pixels.width, Int(rect.maxX * scale))
    let minY = max(0, Int(rect.minY * scale)), maxY = min(pixels.height, Int(rect.maxY * scale))
    guard minX < maxX, minY < maxY else { return best }
    for y in minY..<maxY {
        for x in minX..<maxX {
            let p = pixels[x, y]
            let d = abs(Int(p.r) - color.r) + abs(Int(p.g) - color.g) + abs(Int(p.b) - color.b)
            best = min(best, d)
        }
    }
    return best
}

/// How many pixels inside `rect` differ (by more than a small tolerance) between two renders.
func differingPixels(_ a: RGBAPixels, _ b: RGBAPixels, rect: CGRect, scale: CGFloat) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    var count = 0
    let minX = max(0, Int(rect.minX * scale)), maxX = min(a.width, Int(rect.maxX * scale))
    let minY = max(0, Int(rect.minY * scale)), maxY = min(a.height, Int(rect.maxY * scale))
    guard minX < maxX, minY < maxY else { return 0 }
    for y in minY..<maxY {
        for x in minX..<maxX {
            let p = a[x, y], q = b[x, y]
            if abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b)) > 30 { count += 1 }
        }
    }
    return count
}

/// Waits (letting main-actor tasks run) until `condition` holds; records an issue after `timeout`.
@MainActor
func composerEventually(
    timeout: Duration = .seconds(5), _ message: @autoclosure () -> String = "condition",
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) async rethrows {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return }
        try? await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("timed out waiting for \(message())", sourceLocation: sourceLocation)
}
