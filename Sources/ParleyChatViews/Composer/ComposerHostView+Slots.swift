import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The SwiftUI chat SDK's composer slots the hosted composer shows: the header of its reply and
// edit modes and the view before its input. The defaults keep the composer's own parts (its
// title bar, its attachments button), so the default composer draws as before. The slots'
// results are typed as the factory's slot types: untyped, a call can bind to the default.

extension MessageComposerView {
    /// The factory's header for `content`'s mode: ``ViewFactory/makeEditedMessageHeaderView(editedMessage:)``
    /// while editing, ``ViewFactory/makeQuotedMessageHeaderView(quotedMessage:)`` while replying;
    /// nil without a mode or when the factory's is the default ``ComposerHeaderBar``.
    static func header(of factory: Factory, for content: ComposerVC.Content, in host: ComposerHostView) -> (any Component)? {
        let view: any Component
        if content.editingMessage != nil {
            let edited = Binding<ChatMessage?>(get: { [weak host] in host?.composerVC.content.editingMessage },
                                               set: { [weak host] in host?.setModeMessage($0, editing: true) })
            let header: Factory.EditedMessageHeaderViewType = factory.makeEditedMessageHeaderView(editedMessage: edited)
            view = header
        } else if content.quotingMessage != nil {
            let quoted = Binding<ChatMessage?>(get: { [weak host] in host?.composerVC.content.quotingMessage },
                                               set: { [weak host] in host?.setModeMessage($0, editing: false) })
            let header: Factory.QuotedMessageHeaderViewType = factory.makeQuotedMessageHeaderView(quotedMessage: quoted)
            view = header
        } else {
            return nil
        }
        return view is ComposerHeaderBar ? nil : view
    }

    /// The factory's ``ViewFactory/makeLeadingComposerView(state:channelConfig:)`` (nil when it is
    /// the default ``AttachmentPickerButton``: the composer keeps its own attachments button). Its state is expanded while the
    /// composer's file chooser is open; expanding it opens the chooser, collapsing it closes it.
    static func leadingView(of factory: Factory, in host: ComposerHostView) -> (any Component)? {
        let state = Binding<PickerTypeState>(get: { [weak host] in
            host?.presentedPicker == nil ? .collapsed : .expanded(.media)
        }, set: { [weak host] in host?.setPickerState($0) })
        let config = host.composerVC.channelController?.channel?.config
        let view: Factory.LeadingComposerViewType = factory.makeLeadingComposerView(state: state, channelConfig: config)
        return view is AttachmentPickerButton ? nil : view
    }
}

extension ComposerHostView {
    /// Shows the factory's header over the composer's title bar (sized to it), or the title bar.
    func reloadHeader() {
        let composerView = composerVC.composerView
        let custom = composerVC.content.editingMessage != nil || composerVC.content.quotingMessage != nil ? header?(composerVC.content) : nil
        composerView.titleLabel.isHidden = custom != nil
        composerView.dismissButton.isHidden = custom != nil
        let bar = composerView.headerView
        let height = bar.constraints.first { $0.firstItem === bar && $0.firstAttribute == .height }
        guard let custom else {
            headerHost?.isHidden = true
            height?.constant = 30
            return
        }
        let hostView = headerHost ?? {
            let view = ComponentView(frame: .zero)
            view.isScrollEnabled = false
            view.backgroundColor = .clear
            view.translatesAutoresizingMaskIntoConstraints = false
            bar.addSubview(view)
            NSLayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: bar.topAnchor), view.bottomAnchor.constraint(equalTo: bar.bottomAnchor),
                view.leadingAnchor.constraint(equalTo: bar.leadingAnchor), view.trailingAnchor.constraint(equalTo: bar.trailingAnchor),
            ])
            headerHost = view
            return view
        }()
        // The bar spans the composer less its 12 + 10 points of margins.
        let width = bar.bounds.width > 0 ? bar.bounds.width : max(0, bounds.width - 22)
        height?.constant = AnyComponent(custom).layout(Constraint(maxSize: CGSize(width: width, height: .infinity))).size.height.rounded(.up)
        hostView.isHidden = false
        hostView.component = custom
        hostView.setNeedsLayout()
    }

    /// Puts the factory's leading view where the composer's attachments button was.
    func reloadLeadingView() {
        guard let view = leadingView?() else { return }
        let composerView = composerVC.composerView
        let hostView = leadingHost ?? {
            let host = ComponentView(frame: .zero)
            host.isScrollEnabled = false
            host.backgroundColor = .clear
            host.translatesAutoresizingMaskIntoConstraints = false
            // The composer shows or hides its own button with each update: it leaves the stack.
            composerView.attachmentButton.removeFromSuperview()
            composerView.leadingContainer.addArrangedSubview(host)
            composerView.leadingContainer.isHidden = false
            leadingHost = host
            return host
        }()
        let size = AnyComponent(view).layout(Constraint(maxSize: CGSize(width: 200, height: 200))).size
        hostView.constraints.filter { $0.firstItem === hostView }.forEach { $0.isActive = false }
        NSLayoutConstraint.activate([
            hostView.widthAnchor.constraint(equalToConstant: size.width.rounded(.up)),
            hostView.heightAnchor.constraint(equalToConstant: size.height.rounded(.up)),
        ])
        hostView.component = view
    }

    /// A header's binding set: `nil` leaves the reply or edit mode, a message enters it.
    func setModeMessage(_ message: ChatMessage?, editing: Bool) {
        if let message {
            if editing { composerVC.content.editMessage(message) } else { composerVC.content.quoteMessage(message) }
        } else {
            composerVC.cancelReplyOrEdit()
        }
        composerDidChange()
    }

    /// The controller the composer presented (its file chooser), wherever it was presented from.
    var presentedPicker: UIViewController? {
        composerVC.presentedViewController ?? window?.rootViewController?.presentedViewController
    }

    /// The leading view's state set: expanded opens the file chooser, collapsed closes it.
    func setPickerState(_ state: PickerTypeState) {
        if state == .collapsed {
            presentedPicker?.dismiss(animated: true)
        } else if presentedPicker == nil {
            composerVC.showAttachmentsPicker(sender: composerVC.composerView.attachmentButton)
        }
        reloadLeadingView()
    }
}
