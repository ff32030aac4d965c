import Foundation
import ParleyUIKit

extension UIViewController {
    /// Lays out a message screen (channel or thread): `list` as a child filling the view above
    /// `composer`, a child pinned to the bottom that is as tall as its content asks.
    func embedMessageList(_ list: UIViewController, above composer: UIViewController) {
        for child in [list, composer] {
            addChild(child)
            let childView: UIView = child.view
            childView.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(childView)
            child.didMove(toParent: self)
        }
        let listView: UIView = list.view
        let composerView: UIView = composer.view
        NSLayoutConstraint.activate([
            listView.topAnchor.constraint(equalTo: view.topAnchor),
            listView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            listView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            listView.bottomAnchor.constraint(equalTo: composerView.topAnchor),
            composerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            composerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            composerView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        let hug = composerView.heightAnchor.constraint(equalToConstant: 0)
        hug.priority = .fittingSizeLevel
        hug.isActive = true
    }

    /// In an expanded split view (a desktop window), gives the composer of `screen` (a channel
    /// or thread just shown) the caret on the next frame, so the user can type at once.
    func focusComposerInSplitView(of screen: UIViewController, composer: @escaping @MainActor () -> ComposerVC) {
        guard let split = splitViewController, !split.isCollapsed else { return }
        UIApplication.shared.performOnNextFrame { [weak screen] in
            guard let screen, screen.isViewLoaded, let window = screen.view.window else { return }
            UIFocusSystem.focusSystem(for: window)?.setFocus(composer().composerView.inputTextView, showsRing: false)
        }
    }
}
