import Foundation
import ParleyChat
import ParleyUIKit

/// Presents the SDK's confirmation alerts from its root controller (`components.alertsRouter`).
///
/// Subclass it to show your own confirmation; call `confirmed` with the user's answer.
@preconcurrency @MainActor
open class AlertsRouter: NavigationRouter {
    /// The alert shown last (nil once answered).
    public private(set) var presentedAlert: UIAlertController?

    /// "Delete message?" with Cancel and Delete; `confirmed` gets whether Delete was chosen.
    open func showMessageDeletionConfirmationAlert(confirmed: @escaping (Bool) -> Void) {
        let l10n = (heldAppearance(of: rootViewController) ?? .default).l10n
        showConfirmation(title: l10n.tr("message.actions.delete.confirmation-title"),
                         message: l10n.tr("message.actions.delete.confirmation-message"),
                         cancel: l10n.tr("alert.actions.cancel"), confirm: l10n.tr("alert.actions.delete"), confirmed: confirmed)
    }

    /// Tells the user an action failed: `message` (what did not happen) with an OK button.
    open func showErrorAlert(message: String) {
        guard let root = rootViewController else { return }
        let l10n = (heldAppearance(of: rootViewController) ?? .default).l10n
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: l10n.tr("alert.actions.ok"), style: .cancel) { [weak self] _ in
            self?.presentedAlert = nil
        })
        presentedAlert = alert
        root.present(alert, animated: true)
    }

    /// Tells the user an action failed because of `error`, in the words of the appearance's
    /// language (not ``ChatError/description``, which is written for developers).
    open func showErrorAlert(for error: ChatError) {
        showErrorAlert(message: (heldAppearance(of: rootViewController) ?? .default).l10n.message(for: error))
    }

    /// Presents an alert with a cancel and a destructive confirming action.
    func showConfirmation(title: String, message: String, cancel: String, confirm: String,
                          confirmed: @escaping (Bool) -> Void) {
        guard let root = rootViewController else { return }
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: cancel, style: .cancel) { [weak self] _ in
            self?.presentedAlert = nil
            confirmed(false)
        })
        alert.addAction(UIAlertAction(title: confirm, style: .destructive) { [weak self] _ in
            self?.presentedAlert = nil
            confirmed(true)
        })
        presentedAlert = alert
        root.present(alert, animated: true)
    }
}
