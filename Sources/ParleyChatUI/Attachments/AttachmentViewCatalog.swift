import Foundation
import ParleyChat
import ParleyUIKit

/// Decides which ``AttachmentViewInjector`` draws a message's attachments
/// (`Components.default.attachmentViewCatalog`).
///
/// Subclass it and override ``attachmentViewInjectorClassFor(message:components:)`` to draw a
/// kind of message your way (a custom attachment, say), falling back to `super`:
///
/// ```swift
/// final class MyCatalog: AttachmentViewCatalog {
///     override class func attachmentViewInjectorClassFor(message: ChatMessage, components: Components) -> AttachmentViewInjector.Type? {
///         message.text.hasPrefix("📍") ? LocationInjector.self : super.attachmentViewInjectorClassFor(message: message, components: components)
///     }
/// }
/// Components.default.attachmentViewCatalog = MyCatalog.self
/// ```
@preconcurrency @MainActor
open class AttachmentViewCatalog {
    /// The injector for `message`'s attachments, or `nil` when it has none: pictures (with
    /// files, ``Components/mixedAttachmentInjector``) go to ``Components/galleryAttachmentInjector``,
    /// files to ``Components/filesAttachmentInjector``, link previews to
    /// ``Components/linkAttachmentInjector``.
    open class func attachmentViewInjectorClassFor(message: ChatMessage, components: Components) -> AttachmentViewInjector.Type? {
        guard !message.isDeleted, !message.attachments.isEmpty else { return nil }
        let types = Set(message.attachments.map(\.type))
        if types.contains(.image) {
            return types.contains(.file) ? components.mixedAttachmentInjector : components.galleryAttachmentInjector
        }
        if types.contains(.file) { return components.filesAttachmentInjector }
        if types.contains(.link) { return components.linkAttachmentInjector }
        return nil
    }
}

/// Puts the views of a message's attachments into its ``ChatMessageContentView``, as Stream's
/// injectors do: the content view makes the injector ``AttachmentViewCatalog`` names, calls
/// ``contentViewDidLayout(options:)`` after arranging its own parts and
/// ``contentViewDidUpdateContent()`` after filling them.
///
/// Subclass it for an attachment of your own: add your view to
/// `contentView.bubbleContentContainer` in `contentViewDidLayout(options:)`, fill it from
/// `contentView.content` in `contentViewDidUpdateContent()`.
@preconcurrency @MainActor
open class AttachmentViewInjector {
    /// Whether the bubble takes the widest the row allows (up to
    /// `ChatMessageContentView.maxAttachmentWidth`) instead of hugging its text. `true` by default.
    open var fillAllAvailableWidth: Bool = true

    /// The message row the views go into.
    public unowned let contentView: ChatMessageContentView

    /// An injector for `contentView`.
    public required init(_ contentView: ChatMessageContentView) {
        self.contentView = contentView
    }

    /// Called after the content view was given another message to show (the row is reused).
    open func contentViewDidPrepareForReuse() {}

    /// Called after the content view arranged its parts for `options`: add your views here.
    open func contentViewDidLayout(options: ChatMessageLayoutOptions) {}

    /// Called after the content view filled its parts from its message: fill your views here.
    open func contentViewDidUpdateContent() {}

    /// `view` with the content view's appearance and components, ready for Auto Layout.
    public func prepared<V: UIView>(_ view: V) -> V {
        hand(contentView.appearance, contentView.components, to: view)
        view.translatesAutoresizingMaskIntoConstraints = false
        return view
    }

    /// The shown message's attachments of `type`.
    public func attachments(ofType type: AttachmentType) -> [ChatMessageAttachment] {
        contentView.content?.attachments.filter { $0.type == type } ?? []
    }
}

extension ChatMessageAttachment {
    /// The image payload, for an image attachment.
    public var imagePayload: ImageAttachmentPayload? {
        if case .image(let payload) = payload { return payload }
        return nil
    }

    /// The file payload, for a file attachment.
    public var filePayload: FileAttachmentPayload? {
        if case .file(let payload) = payload { return payload }
        return nil
    }

    /// The link payload, for a link preview.
    public var linkPayload: LinkAttachmentPayload? {
        if case .link(let payload) = payload { return payload }
        return nil
    }
}
