import Foundation

/// Presenting and dismissing view controllers.
extension UIViewController {
    /// Shows `viewControllerToPresent` over this controller (or over what this controller already
    /// presents), as UIKit does: `.fullScreen` hides this one (it gets `viewWillDisappear`…),
    /// `.overFullScreen` covers the window and keeps this one visible behind, `.pageSheet` (and
    /// `.automatic`) shows a card over a dimmed background. `completion` runs after `viewDidAppear`.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        if let presented = presentedViewController, !presented.isBeingDismissed {
            presented.present(viewControllerToPresent, animated: flag, completion: completion)
            return
        }
        guard viewControllerToPresent.presentingViewController == nil, viewControllerToPresent !== self else { return }
        let presented = viewControllerToPresent
        presentedViewController = presented
        presented.presentingViewController = self
        presented.isBeingPresented = true
        presented.loadViewIfNeeded()
        guard let window = viewIfLoaded?.window ?? hostingWindow else {
            // Not on screen: keep the relationship, as UIKit does after its warning.
            presented.isBeingPresented = false
            completion?()
            return
        }
        let style = presented.resolvedPresentationStyle
        let container = PresentationContainerView(style: style, transition: presented.modalTransitionStyle, frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.onDimmingTap = { [weak presented] in
            guard let presented, !presented.isModalInPresentation else { return }
            presented.dismiss(animated: true)
        }
        presented.presentationContainer = container
        container.presentedController = presented
        container.host(presented.view)
        if style == .fullScreen { beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(true, animated: flag)
        window.addSubview(container)
        let finish: @MainActor () -> Void = { [weak self, weak presented] in
            guard let self, let presented else { return }
            if style == .fullScreen {
                self.viewIfLoaded?.isHidden = true
                self.endAppearanceTransition()
            }
            presented.isBeingPresented = false
            presented.endAppearanceTransition()
            completion?()
        }
        if flag {
            container.animateIn { UIApplication.shared.afterNextLayout(finish) }
        } else {
            UIApplication.shared.afterNextLayout(finish)
        }
    }

    /// Dismisses what this controller presents, or this controller if it was presented.
    /// `completion` runs after `viewDidDisappear`.
    public func dismiss(animated flag: Bool, completion: (@MainActor () -> Void)? = nil) {
        let presenter: UIViewController, presented: UIViewController
        if let child = presentedViewController {
            presenter = self
            presented = child
        } else if let parent = presentingViewController {
            presenter = parent
            presented = self
        } else {
            completion?()
            return
        }
        guard !presented.isBeingDismissed else { return }
        // Anything the presented controller presents goes too, without its own animation.
        if let above = presented.presentedViewController { above.dismissPresentedForRemoval(); presented.dismissImmediately(above) }
        presented.isBeingDismissed = true
        let container = presented.presentationContainer
        let fullScreen = container?.style == .fullScreen
        presented.beginAppearanceTransition(false, animated: flag)
        if fullScreen {
            presenter.viewIfLoaded?.isHidden = false
            presenter.beginAppearanceTransition(true, animated: flag)
        }
        let finish: @MainActor () -> Void = { [weak presenter, weak presented] in
            guard let presenter, let presented else { return }
            container?.removeFromSuperview()
            presented.presentationContainer = nil
            presented.endAppearanceTransition()
            if fullScreen { presenter.endAppearanceTransition() }
            // The presenter may already show another controller, presented while this one was
            // leaving (an alert after a popup closed): that one stays.
            if presenter.presentedViewController === presented { presenter.presentedViewController = nil }
            presented.presentingViewController = nil
            presented.isBeingDismissed = false
            completion?()
        }
        if flag, let container {
            container.animateOut { finish() }
        } else {
            UIApplication.shared.afterNextLayout(finish)
        }
    }

    /// Removes `presented` (and its view) at once, with its disappearance calls.
    func dismissImmediately(_ presented: UIViewController) {
        presented.beginAppearanceTransition(false, animated: false)
        presented.presentationContainer?.removeFromSuperview()
        presented.presentationContainer = nil
        presented.endAppearanceTransition()
        presentedViewController = nil
        presented.presentingViewController = nil
    }

    /// Tears down every presentation above this controller (it is leaving its window).
    func dismissPresentedForRemoval() {
        guard let presented = presentedViewController else { return }
        presented.dismissPresentedForRemoval()
        dismissImmediately(presented)
    }

    var resolvedPresentationStyle: UIModalPresentationStyle {
        switch modalPresentationStyle {
        case .automatic, .formSheet, .pageSheet: return .pageSheet
        case .custom, .none: return .overFullScreen
        default: return modalPresentationStyle
        }
    }
}

/// Hosts a presented controller's view: full window, or a card over a dimmed background.
@MainActor
final class PresentationContainerView: UIView {
    let style: UIModalPresentationStyle
    let transition: UIModalTransitionStyle
    let dimmingView = UIView()
    let cardView = UIView()
    var onDimmingTap: (@MainActor () -> Void)?
    /// The controller whose view this container hosts; keys go to it while it is on top.
    weak var presentedController: UIViewController?

    init(style: UIModalPresentationStyle, transition: UIModalTransitionStyle, frame: CGRect) {
        self.style = style
        self.transition = transition
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
        dimmingView.backgroundColor = UIColor(white: 0, alpha: style == .pageSheet ? 0.3 : 0)
        addSubview(dimmingView)
        addSubview(cardView)
        cardView.clipsToBounds = true
        if style == .pageSheet {
            cardView.layer.cornerRadius = 12
            let tap = UITapGestureRecognizer { [weak self] _ in self?.onDimmingTap?() }
            dimmingView.addGestureRecognizer(tap)
        }
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    func host(_ view: UIView) {
        cardView.addSubview(view)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        layoutCard()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCard()
    }

    private var cardFrame: CGRect {
        guard style == .pageSheet else { return bounds }
        if let preferred = presentedController?.preferredContentSize, preferred.width > 0, preferred.height > 0,
           bounds.width >= preferred.width + 40 {
            // A form sheet of the controller's preferred size, centred (UIKit's `.formSheet`).
            let width = preferred.width, height = min(preferred.height, bounds.height - 40)
            return CGRect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
        }
        if bounds.width > 720 {
            let width = min(bounds.width - 80, 680), height = max(200, bounds.height - 80)
            return CGRect(x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width, height: height)
        }
        return CGRect(x: 0, y: min(40, bounds.height / 4), width: bounds.width, height: bounds.height - min(40, bounds.height / 4))
    }

    private func layoutCard() {
        dimmingView.frame = bounds
        if cardView.transform.isIdentity { cardView.frame = cardFrame }
        for subview in cardView.subviews { subview.frame = cardView.bounds }
    }

    func animateIn(completion: @escaping @MainActor () -> Void) {
        layoutIfNeeded()
        let fades = transition != .coverVertical
        dimmingView.alpha = 0
        if fades { cardView.alpha = 0 } else { cardView.transform = CGAffineTransform(translationX: 0, y: bounds.height - cardFrame.minY) }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut], animations: {
            self.dimmingView.alpha = 1
            self.cardView.alpha = 1
            self.cardView.transform = .identity
        }, completion: { _ in completion() })
    }

    func animateOut(completion: @escaping @MainActor () -> Void) {
        let fades = transition != .coverVertical
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseIn], animations: {
            self.dimmingView.alpha = 0
            if fades { self.cardView.alpha = 0 } else { self.cardView.transform = CGAffineTransform(translationX: 0, y: self.bounds.height - self.cardFrame.minY) }
        }, completion: { _ in completion() })
    }
}
