import Foundation
import ParleyChat
import ParleyUIKit

/// Draws a message whose attachments are of several kinds (pictures and files, or a custom
/// attachment beside pictures), one injector per kind, as Stream's `MixedAttachmentViewInjector`.
///
/// Which injector draws which kind is ``injectorsRegistry``, in the order the kinds appear from
/// the top of the bubble: pictures, then files. An app adds its own kind with
/// ``register(_:with:)``, and its catalog sends messages mixing that kind with others here:
///
/// ```swift
/// Components.default.mixedAttachmentInjector.register(.location, with: LocationInjector.self)
///
/// final class MyCatalog: AttachmentViewCatalog {
///     override class func attachmentViewInjectorClassFor(message: ChatMessage, components: Components) -> AttachmentViewInjector.Type? {
///         guard message.attachmentCounts[.location, default: 0] > 0 else { return super.attachmentViewInjectorClassFor(message: message, components: components) }
///         return message.attachmentCounts.count > 1 ? components.mixedAttachmentInjector : LocationInjector.self
///     }
/// }
/// ```
///
/// A row is reused for other messages that go to this injector, so it makes every registered
/// injector once and hides the views of those whose kind the shown message does not have. The
/// registry's gallery and files entries stand for the row's `components.galleryAttachmentInjector`
/// and `components.filesAttachmentInjector`, so replacing those in `Components` replaces them here too.
@preconcurrency @MainActor
open class MixedAttachmentViewInjector: AttachmentViewInjector {
    /// Which injector draws which kind of attachment, in the order the kinds are drawn from the top
    /// of the bubble (by default pictures, then files). An array, not a dictionary, because it sets
    /// that order: change it to reorder. ``register(_:with:)`` appends to it.
    public static var injectorsRegistry: [(type: AttachmentType, injector: AttachmentViewInjector.Type)] = [
        (.image, GalleryAttachmentViewInjector.self),
        (.file, FilesAttachmentViewInjector.self),
    ]

    /// Lets `injector` draw attachments of `type` when a message mixes them with other kinds
    /// (drawn below the kinds registered before it).
    public static func register(_ type: AttachmentType, with injector: AttachmentViewInjector.Type) {
        injectorsRegistry.append((type, injector))
    }

    /// The injectors that draw `message`'s attachments, in ``injectorsRegistry`` order, each once
    /// (one injector registered for two kinds appears once); none for `nil`.
    public static func injectors(for message: ChatMessage?) -> [AttachmentViewInjector.Type] {
        guard let message else { return [] }
        let kinds = message.attachmentCounts
        return unique(injectorsRegistry.filter { kinds[$0.type, default: 0] > 0 }.map(\.injector))
    }

    /// The injectors combined: one per injector in ``injectorsRegistry`` (the gallery and files
    /// entries replaced by the components' own), in registry order.
    open private(set) lazy var injectors: [AttachmentViewInjector] = Self.unique(Self.injectorsRegistry.map { resolved($0.injector) })
        .map { $0.init(contentView) }

    /// The kinds each of ``injectors`` draws, by index.
    private lazy var kinds: [Set<AttachmentType>] = injectors.map { injector in
        Set(Self.injectorsRegistry.filter { resolved($0.injector) == type(of: injector) }.map(\.type))
    }

    /// The views each of ``injectors`` added to the bubble, by index.
    private var addedViews: [[UIView]] = []

    /// Lets each injector add its views. They are laid out last to first, so that injectors which
    /// put their view at the top of the bubble (the SDK's all do) stack in registry order.
    open override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
        addedViews = Array(repeating: [], count: injectors.count)
        for index in injectors.indices.reversed() {
            let before = Set(contentView.bubbleContentContainer.arrangedSubviews.map(ObjectIdentifier.init))
            injectors[index].contentViewDidLayout(options: options)
            addedViews[index] = contentView.bubbleContentContainer.arrangedSubviews.filter { !before.contains(ObjectIdentifier($0)) }
        }
    }

    /// Lets each injector fill its views: those of the kinds the message has are shown first (the
    /// injector may still hide its own), those of the kinds it lacks are hidden after.
    open override func contentViewDidUpdateContent() {
        let present = Set(contentView.content?.attachments.map(\.type) ?? [])
        for (index, injector) in injectors.enumerated() {
            let views = index < addedViews.count ? addedViews[index] : []
            let isNeeded = !kinds[index].isDisjoint(with: present)
            if isNeeded { for view in views { view.isHidden = false } }
            injector.contentViewDidUpdateContent()
            if !isNeeded { for view in views { view.isHidden = true } }
        }
    }

    /// Passes reuse on to each injector.
    open override func contentViewDidPrepareForReuse() {
        for injector in injectors { injector.contentViewDidPrepareForReuse() }
    }

    /// The injector the row uses for a registry entry: the components' gallery and files
    /// injectors for the SDK's.
    private func resolved(_ injector: AttachmentViewInjector.Type) -> AttachmentViewInjector.Type {
        if injector == GalleryAttachmentViewInjector.self { return contentView.components.galleryAttachmentInjector }
        if injector == FilesAttachmentViewInjector.self { return contentView.components.filesAttachmentInjector }
        return injector
    }

    /// `types` without repeats, first occurrence kept.
    private static func unique(_ types: [AttachmentViewInjector.Type]) -> [AttachmentViewInjector.Type] {
        var seen: Set<ObjectIdentifier> = []
        return types.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}
