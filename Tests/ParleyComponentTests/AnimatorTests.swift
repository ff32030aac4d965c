import Foundation
@testable import ParleyComponent
import ParleyUIKit
import Testing

/// Records what the engine asks of an animator, and holds deletions until told to finish them.
@MainActor
final class RecordingAnimator: ComponentAnimator {
    var inserts: [(reloading: Bool, frame: CGRect)] = []
    var updates = 0
    var pendingDeletes: [@MainActor () -> Void] = []

    func insert(view: UIView, frame: CGRect, in hostView: UIView) {
        view.frame = frame
        inserts.append(((hostView as? ComponentView)?.isReloading ?? false, frame))
    }
    func update(view: UIView, frame: CGRect, in hostView: UIView) {
        updates += 1
        view.frame = frame
    }
    func delete(view: UIView, in hostView: UIView, completion: @escaping @MainActor () -> Void) {
        pendingDeletes.append(completion)
    }
}

@MainActor
@Suite struct AnimatorTests {
    @Test func insertsUpdatesAndDeferredDeletes() {
        let animator = RecordingAnimator()
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.animator = animator
        view.component = VStack { Text("a").id("a"); Text("b").id("b") }
        view.layoutIfNeeded()
        #expect(animator.inserts.count == 2 && animator.inserts.allSatisfy(\.reloading))
        view.component = VStack { Text("b").id("b"); Text("c").id("c") }
        view.layoutIfNeeded()
        #expect(animator.inserts.count == 3)
        #expect(animator.updates == 1)
        // "a" is leaving: it stays until the animator lets it go.
        #expect(view.subviews.count == 3)
        #expect(animator.pendingDeletes.count == 1)
        animator.pendingDeletes.forEach { $0() }
        #expect(view.subviews.count == 2)
        #expect(view.visibleIDs == ["b", "c"])
    }

    @Test func scrollingInsertsAreNotReloads() {
        let animator = RecordingAnimator()
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.animator = animator
        view.component = VStack(children: (0..<100).map { Text("row \($0)").size(width: .fill, height: 40).id("r\($0)") })
        view.layoutIfNeeded()
        let afterReload = animator.inserts.count
        view.contentOffset.y = 1000
        view.layoutIfNeeded()
        #expect(animator.inserts.count > afterReload)
        #expect(animator.inserts.dropFirst(afterReload).allSatisfy { !$0.reloading })
    }

    @Test func perNodeAnimatorWins() {
        let own = RecordingAnimator(), shared = RecordingAnimator()
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        view.animator = shared
        view.component = VStack { Text("a").animator(own); Text("b") }
        view.layoutIfNeeded()
        #expect(own.inserts.count == 1 && shared.inserts.count == 1)
    }
}
