import Foundation
import Testing
@testable import ParleyUIKit

/// Collects the conflicts reported while `body` runs.
@MainActor
private func capturingConflicts(_ body: () -> Void) -> [NSLayoutConstraint.Conflict] {
    var conflicts: [NSLayoutConstraint.Conflict] = []
    let previous = NSLayoutConstraint.conflictHandler
    NSLayoutConstraint.conflictHandler = { conflicts.append($0) }
    defer { NSLayoutConstraint.conflictHandler = previous }
    body()
    return conflicts
}

extension AutoLayoutTests {
    // MARK: Hierarchy and activation

    @Test func removingAViewDeactivatesTheConstraintsThatCrossItsBoundary() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let outer = constrained(UIView(), in: root)
        let inner = constrained(UIView(), in: outer)
        let crossing = outer.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        let insideSelf = inner.widthAnchor.constraint(equalToConstant: 10)
        let insideSubtree = inner.leadingAnchor.constraint(equalTo: outer.leadingAnchor)
        NSLayoutConstraint.activate([crossing, insideSelf, insideSubtree])
        #expect(root.constraints.contains { $0 === crossing })
        outer.removeFromSuperview()
        #expect(!crossing.isActive)
        #expect(insideSelf.isActive && insideSubtree.isActive)
        #expect(!root.constraints.contains { $0 === crossing })
    }

    @Test func updateConstraintsRunsBeforeTheLayoutPass() {
        final class Custom: UIView {
            var updates = 0
            let child = UIView()
            var width: CGFloat = 30
            override init(frame: CGRect) {
                super.init(frame: frame)
                child.translatesAutoresizingMaskIntoConstraints = false
                addSubview(child)
                NSLayoutConstraint.activate([
                    child.leadingAnchor.constraint(equalTo: leadingAnchor), child.topAnchor.constraint(equalTo: topAnchor),
                    child.heightAnchor.constraint(equalToConstant: 10),
                ])
                setNeedsUpdateConstraints()
            }
            /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
            required init?(coder: NSCoder) { return nil }

            private var widthConstraint: NSLayoutConstraint?
            override func updateConstraints() {
                updates += 1
                if widthConstraint == nil {
                    widthConstraint = child.widthAnchor.constraint(equalToConstant: width)
                    widthConstraint?.isActive = true
                }
                widthConstraint?.constant = width
                super.updateConstraints()
            }
        }
        let view = Custom(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.needsUpdateConstraints())
        view.layoutIfNeeded()
        #expect(view.updates == 1)
        #expect(view.child.frame == CGRect(x: 0, y: 0, width: 30, height: 10))
        view.width = 60
        view.setNeedsUpdateConstraints()
        view.layoutIfNeeded()
        #expect(view.updates == 2)
        #expect(view.child.frame.width == 60)
        view.layoutIfNeeded()
        #expect(view.updates == 2)
    }

    // MARK: Conflicts

    @Test func conflictingRequiredConstraintsDoNotCrashAndAreReportedOnceByName() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let box = constrained(UIView(), in: root)
        box.accessibilityIdentifier = "box"
        let narrow = box.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let wide = box.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        let conflicts = capturingConflicts {
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: root.leadingAnchor), box.topAnchor.constraint(equalTo: root.topAnchor),
                box.heightAnchor.constraint(equalToConstant: 10), narrow, wide,
            ])
            root.layoutIfNeeded()
            root.frame.size.width = 320
            root.layoutIfNeeded()
            root.setNeedsLayout()
            root.layoutIfNeeded()
        }
        #expect(conflicts.count == 1)
        let conflict = conflicts.first
        #expect(conflict?.message.contains("Unable to simultaneously satisfy constraints") == true)
        #expect(conflict?.message.contains("'narrow'") == true)
        #expect(conflict?.message.contains("'wide'") == true)
        #expect(conflict?.message.contains("UIView:") == true && conflict?.message.contains("'box'") == true)
        #expect(conflict?.constraints.contains { $0 === narrow } == true)
        #expect(conflict?.constraints.contains { $0 === wide } == true)
        #expect(conflict?.brokenConstraint === wide)
        // The constraint already in force holds.
        #expect(box.frame.width == 100)
    }

    @Test func aConstraintFightingTheRootSizeIsBrokenNotTheRoot() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let box = constrained(UIView(), in: root)
        let pinned = [
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor), box.heightAnchor.constraint(equalToConstant: 10),
        ]
        let fixed = box.widthAnchor.constraint(equalToConstant: 300)
        fixed.identifier = "fixed-width"
        let conflicts = capturingConflicts {
            NSLayoutConstraint.activate(pinned + [fixed])
            root.layoutIfNeeded()
            #expect(box.frame.width == 300)
            root.frame.size.width = 250
            root.layoutIfNeeded()
        }
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.message.contains("'fixed-width'") == true)
        #expect(conflicts.first?.message.contains("UIView-Encapsulated-Layout-Width") == true)
        #expect(root.frame.width == 250)
        #expect(box.frame.width == 250)
    }

    @Test func aRootNotSizedYetIsNotLaidOutAndReportsNoConflict() {
        let root = UIView()
        let box = constrained(UIView(), in: root)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
            box.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8),
            box.widthAnchor.constraint(greaterThanOrEqualToConstant: 40),
            box.topAnchor.constraint(equalTo: root.topAnchor), box.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        let conflicts = capturingConflicts {
            root.layoutIfNeeded()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            root.layoutIfNeeded()
        }
        #expect(conflicts.isEmpty)
        #expect(box.frame == CGRect(x: 8, y: 0, width: 84, height: 20))
    }

    @Test func ambiguousLayoutsAreDeterministic() {
        func frames() -> [CGRect] {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
            let a = constrained(UIView(), in: root), b = constrained(UIView(), in: root)
            NSLayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
                b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            ])
            root.layoutIfNeeded()
            return [a.frame, b.frame]
        }
        let first = frames()
        for _ in 0..<5 { #expect(frames() == first) }
    }
}
