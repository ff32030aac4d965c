import Foundation
import Testing
@testable import ParleyUIKit

/// A view laid out with Auto Layout is freed like any other: its layout engine lives in its
/// state and referred back to it (and to every subview) strongly, so every Auto Layout root and
/// its subtree stayed alive forever — every message row, every screen ever opened.
@MainActor
@Suite struct AutoLayoutLifetimeTests {
    @Test func aLaidOutRootAndItsSubviewsAreFreed() {
        weak var weakRoot: UIView?
        weak var weakChild: UIView?
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = UILabel()
            child.text = "hello"
            child.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(child)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                child.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
            ])
            root.layoutIfNeeded()
            #expect(child.frame.origin == CGPoint(x: 8, y: 8))
            weakRoot = root
            weakChild = child
        }
        #expect(weakRoot == nil)
        #expect(weakChild == nil)
    }

    @Test func aRootMeasuredWithFittingSizeIsFreed() {
        weak var weakRoot: UIView?
        do {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = UILabel()
            child.text = "hello"
            child.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(child)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                child.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
                child.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -8),
            ])
            let size = root.systemLayoutSizeFitting(CGSize(width: 200, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            #expect(size.height > 16)
            weakRoot = root
        }
        #expect(weakRoot == nil)
    }

    /// A subview removed and freed while the engine still lists it: the next layout drops its
    /// item instead of touching a dead object, and a new view is laid out normally.
    @Test func aFreedSubviewIsDroppedOnTheNextLayout() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        do {
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(child)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 4),
                child.widthAnchor.constraint(equalToConstant: 50),
            ])
            root.layoutIfNeeded()
            child.removeFromSuperview()
        }
        let next = UIView()
        next.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(next)
        NSLayoutConstraint.activate([
            next.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 12),
            next.topAnchor.constraint(equalTo: root.topAnchor, constant: 6),
            next.widthAnchor.constraint(equalToConstant: 30),
            next.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(next.frame == CGRect(x: 12, y: 6, width: 30, height: 20))
    }
}
