import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The composer's slots of ``ViewFactory``: the composer, its input, buttons, attachment
/// pickers and previews, and the thread composer's "also send in channel".
///
/// A custom factory conforms to ``ViewFactory``, which refines this protocol, and implements
/// only the slots it changes: every slot has a default in an extension of ``ViewFactory``.
@preconcurrency @MainActor
public protocol MessageComposerViewFactory: AnyObject {
    // MARK: Composer

    /// The composer.
    associatedtype MessageComposerViewType: Component
    /// The composer at the bottom of ``ChatChannelView``.
    ///
    /// - Parameters:
    ///   - channelController: the channel to send to.
    ///   - quotedMessage: the message being replied to; clear it after sending.
    ///   - onMessageSent: call it after a message was sent (the list scrolls to it).
    func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        quotedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping @MainActor () -> Void
    ) -> MessageComposerViewType

    /// The trailing part of the composer.
    /// A text input for composers.
    associatedtype ComposerTextInputViewType: Component
    /// A text input bound to `text` showing `placeholder` while empty (a ``TextField``), for
    /// custom composers; the default composer keeps the toolkit's multi-line input view.
    ///
    /// - Parameters:
    ///   - text: the text being composed.
    ///   - height: the input's height (Parley's field is one line: it is not written).
    ///   - selectedRangeLocation: the caret's location (not written).
    ///   - placeholder: shown while the text is empty.
    ///   - editable: whether the user may type.
    ///   - maxMessageLength: the longest text the input keeps (`nil`: no limit).
    ///   - currentHeight: the input's current height.
    func makeComposerTextInputView(
        text: Binding<String>,
        height: Binding<CGFloat>,
        selectedRangeLocation: Binding<Int>,
        placeholder: String,
        editable: Bool,
        maxMessageLength: Int?,
        currentHeight: CGFloat
    ) -> ComposerTextInputViewType

    associatedtype TrailingComposerViewType: Component
    /// What the default composer shows after its input (the send button).
    ///
    /// - Parameters:
    ///   - enabled: whether there is something to send.
    ///   - cooldownDuration: the seconds left before the user may send again (slow mode; Parley's
    ///     composer has none, so it is 0).
    ///   - onTap: sends the text.
    func makeTrailingComposerView(enabled: Bool, cooldownDuration: Int, onTap: @escaping () -> Void) -> TrailingComposerViewType

    /// What the channel list is drawn over.
    associatedtype ChannelListBackground: Component
    /// The background of ``ChatChannelListView`` (any view), laid out at the list's size behind its rows.
    func makeChannelListBackground(colors: ColorPalette) -> ChannelListBackground

    /// The composer's send button.
    associatedtype SendMessageButtonType: Component
    /// The send button of the default composer; `onTap` sends the text.
    func makeSendMessageButton(enabled: Bool, onTap: @escaping @MainActor () -> Void) -> SendMessageButtonType

    /// The composer, with the SDK's full signature.
    associatedtype MessageComposerFullViewType: Component
    /// The composer (the SDK's signature: a thread's message controller and the edited message);
    /// by default the factory's ``makeMessageComposerViewType(with:quotedMessage:onMessageSent:)``.
    func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        messageController: ChatMessageController?,
        quotedMessage: Binding<ChatMessage?>,
        editedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping () -> Void
    ) -> MessageComposerFullViewType

    /// The leading part of the composer.
    associatedtype LeadingComposerViewType: Component
    /// What the composer shows before its input (the attachments button; issue 22 wires it).
    func makeLeadingComposerView(state: Binding<PickerTypeState>, channelConfig: ChannelConfig?) -> LeadingComposerViewType

    /// The composer's input area.
    associatedtype ComposerInputViewType: Component
    /// The composer's middle: the quoted message, the added attachments and the text input.
    func makeComposerInputView(
        text: Binding<String>,
        selectedRangeLocation: Binding<Int>,
        command: Binding<ComposerCommand?>,
        addedAssets: [AddedAsset],
        addedFileURLs: [URL],
        addedCustomAttachments: [CustomAttachment],
        quotedMessage: Binding<ChatMessage?>,
        maxMessageLength: Int?,
        cooldownDuration: Int,
        onCustomAttachmentTap: @escaping (CustomAttachment) -> Void,
        shouldScroll: Bool,
        removeAttachmentWithId: @escaping (String) -> Void
    ) -> ComposerInputViewType

    /// What the composer shows while recording.
    associatedtype ComposerRecordingViewType: Component
    /// The composer while a voice message is recorded (Parley records none: "Recording…").
    func makeComposerRecordingView(viewModel: MessageComposerViewModel, gestureLocation: CGPoint) -> ComposerRecordingViewType

    /// What the composer shows while a recording is locked.
    associatedtype ComposerRecordingLockedViewType: Component
    /// The composer while a locked recording goes on.
    func makeComposerRecordingLockedView(viewModel: MessageComposerViewModel) -> ComposerRecordingLockedViewType

    /// The recording tip.
    associatedtype ComposerRecordingTipViewType: Component
    /// "Hold to record, release to send."
    func makeComposerRecordingTipView() -> ComposerRecordingTipViewType

    /// Changes the whole composer.
    associatedtype ComposerViewModifier: ViewModifier
    /// A modifier of the composer (none by default).
    func makeComposerViewModifier() -> ComposerViewModifier

    /// The attachment source picker.
    associatedtype AttachmentSourcePickerViewType: Component
    /// The row of attachment sources (photos, files, camera); issue 22 wires the pickers.
    func makeAttachmentSourcePickerView(selected: AttachmentPickerState,
                                        onPickerStateChange: @escaping (AttachmentPickerState) -> Void) -> AttachmentSourcePickerViewType

    /// The file picker.
    associatedtype FilePickerViewType: Component
    /// The file picker (issue 22; by default the files added so far).
    func makeFilePickerView(filePickerShown: Binding<Bool>, addedFileURLs: Binding<[URL]>) -> FilePickerViewType

    /// The camera picker.
    associatedtype CameraPickerViewType: Component
    /// The camera (Parley has none: a note saying so).
    func makeCameraPickerView(selected: Binding<AttachmentPickerState>, cameraPickerShown: Binding<Bool>,
                              cameraImageAdded: @escaping (AddedAsset) -> Void) -> CameraPickerViewType

    /// An app's own attachment picker.
    associatedtype CustomComposerAttachmentViewType: Component
    /// The picker of the app's own attachments (nothing by default).
    func makeCustomAttachmentView(addedCustomAttachments: [CustomAttachment],
                                  onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> CustomComposerAttachmentViewType

    /// The preview of an app's own attachments in the composer.
    associatedtype CustomAttachmentPreviewViewType: Component
    /// The preview of added custom attachments (nothing by default).
    func makeCustomAttachmentPreviewView(addedCustomAttachments: [CustomAttachment],
                                         onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> CustomAttachmentPreviewViewType

    /// What asks for access to the photos.
    associatedtype AssetsAccessPermissionViewType: Component
    /// The note asking for access to the photo library.
    func makeAssetsAccessPermissionView() -> AssetsAccessPermissionViewType

    /// "Also send in channel" under a thread's composer.
    associatedtype SendInChannelViewType: Component
    /// The checkbox that also sends a thread reply to the channel.
    func makeSendInChannelView(showReplyInChannel: Binding<Bool>, isDirectMessage: Bool) -> SendInChannelViewType
}
