import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// The composer's defaults of the SwiftUI chat SDK's slots (see ViewFactory+SDKDefaults.swift).

// MARK: - Composer

extension ViewFactory {
    /// The factory's ``makeMessageComposerViewType(with:quotedMessage:onMessageSent:)``.
    public func makeMessageComposerViewType(
        with channelController: ChatChannelController,
        messageController: ChatMessageController?,
        quotedMessage: Binding<ChatMessage?>,
        editedMessage: Binding<ChatMessage?>,
        onMessageSent: @escaping () -> Void
    ) -> some Component {
        makeMessageComposerViewType(with: channelController, quotedMessage: quotedMessage, onMessageSent: onMain(onMessageSent))
    }

    /// An ``AttachmentPickerButton`` (the hosted composer shows its own attachments button for it).
    public func makeLeadingComposerView(state: Binding<PickerTypeState>, channelConfig: ChannelConfig?) -> some View {
        AttachmentPickerButton(state: state)
    }

    /// The quoted message, the added attachments and the factory's text input.
    public func makeComposerInputView(
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
    ) -> some View {
        let palette = Appearance.default.colorPalette
        return VStack(alignment: .leading, spacing: 4) {
            if let quoted = quotedMessage.wrappedValue {
                makeQuotedMessageView(quotedMessage: quoted, fillAvailableSpace: true, isInComposer: true, scrolledId: .constant(nil))
            }
            ForEach(addedAssets) { asset in
                SymbolLine(symbol: symbol("photo"), text: asset.url.lastPathComponent)
                    .onTapGesture(perform: onMain(removeAttachmentWithId, asset.id))
            }
            ForEach(addedFileURLs.map(\.absoluteString), id: \.self) { url in
                SymbolLine(symbol: symbol("paperclip"), text: URL(string: url)?.lastPathComponent ?? url)
                    .onTapGesture(perform: onMain(removeAttachmentWithId, url))
            }
            makeCustomAttachmentPreviewView(addedCustomAttachments: addedCustomAttachments, onCustomAttachmentTap: onCustomAttachmentTap)
            makeComposerTextInputView(text: text, height: .constant(36), selectedRangeLocation: selectedRangeLocation,
                                      placeholder: cooldownDuration > 0 ? localized("factory.slowMode") : localized("factory.sendAMessage"), editable: cooldownDuration == 0,
                                      maxMessageLength: maxMessageLength, currentHeight: 36)
        }
        .background(RoundedRectangle(cornerRadius: 18).stroke(Color(palette.border), lineWidth: 1))
    }

    /// localized("factory.recording") with a microphone (Parley records no voice).
    public func makeComposerRecordingView(viewModel: MessageComposerViewModel, gestureLocation: CGPoint) -> some View {
        SymbolLine(symbol: symbol("mic"), text: localized("factory.recording")).padding(12)
    }

    /// localized("factory.recordingLocked") with a lock.
    public func makeComposerRecordingLockedView(viewModel: MessageComposerViewModel) -> some View {
        SymbolLine(symbol: symbol("lock"), text: localized("factory.recordingLocked")).padding(12)
    }

    /// localized("factory.recordingTip")
    public func makeComposerRecordingTipView() -> some View {
        SymbolLine(symbol: symbol("mic"), text: localized("factory.recordingTip")).padding(12)
    }

    /// An ``EmptyViewModifier``.
    public func makeComposerViewModifier() -> some ViewModifier { EmptyViewModifier() }

    /// Three buttons (photos, files, camera); the selected one in the tint colour.
    public func makeAttachmentSourcePickerView(selected: AttachmentPickerState,
                                               onPickerStateChange: @escaping (AttachmentPickerState) -> Void) -> some View {
        let palette = Appearance.default.colorPalette
        let sources: [(AttachmentPickerState, String)] = [(.photos, symbol("photo")), (.files, symbol("paperclip")), (.camera, symbol("camera"))]
        return HStack(alignment: .center, spacing: 24) {
            ForEach(sources.indices, id: \.self) { index in
                let (source, symbol) = sources[index]
                Button(action: onMain(onPickerStateChange, source)) {
                    Image(systemName: symbol).foregroundColor(Color(source == selected ? palette.accentPrimary : palette.inactiveTint))
                }
            }
            Spacer()
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
    }

    /// The files added so far.
    public func makeFilePickerView(filePickerShown: Binding<Bool>, addedFileURLs: Binding<[URL]>) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            ForEach(addedFileURLs.wrappedValue.map(\.lastPathComponent), id: \.self) { name in
                SymbolLine(symbol: symbol("paperclip"), text: name)
            }
        }
    }

    /// localized("factory.noCamera").
    public func makeCameraPickerView(selected: Binding<AttachmentPickerState>, cameraPickerShown: Binding<Bool>,
                                     cameraImageAdded: @escaping (AddedAsset) -> Void) -> some View {
        SymbolLine(symbol: symbol("camera"), text: localized("factory.noCamera")).padding(16)
    }

    /// Nothing (the app draws its attachments).
    public func makeCustomAttachmentView(addedCustomAttachments: [CustomAttachment],
                                         onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> some View {
        EmptyView()
    }

    /// Nothing (the app draws its attachments).
    public func makeCustomAttachmentPreviewView(addedCustomAttachments: [CustomAttachment],
                                                onCustomAttachmentTap: @escaping (CustomAttachment) -> Void) -> some View {
        EmptyView()
    }

    /// A note asking for access to the photos.
    public func makeAssetsAccessPermissionView() -> some View {
        SymbolLine(symbol: symbol("photo"), text: localized("factory.photosAccess")).padding(16)
    }
}

/// The default view before the composer's input: a paperclip that expands the media picker, or
/// collapses it.
public struct AttachmentPickerButton: View {
    /// The picker's state.
    @Binding public var state: PickerTypeState

    /// A button toggling `state`.
    public init(state: Binding<PickerTypeState>) {
        _state = state
    }

    /// The paperclip, in the tint colour while expanded.
    public var body: some View {
        let palette = Appearance.default.colorPalette
        let expanded = state != .collapsed
        let state = $state
        Button(action: { state.wrappedValue = expanded ? .collapsed : .expanded(.media) }) {
            Image(systemName: symbol("paperclip")).foregroundColor(Color(expanded ? palette.accentPrimary : palette.inactiveTint))
        }
        .padding(.leading, 8)
    }
}
