import Foundation
import ParleyChat
import ParleySwiftUI
import ParleyUIKit

/// How the factory's media views (gallery, video player) are set up.
public struct MediaViewsOptions: Sendable {
    /// The index of the item shown first.
    public let selectedIndex: Int

    /// Options starting at `selectedIndex`.
    public init(selectedIndex: Int) { self.selectedIndex = selectedIndex }
}

/// An image of a message, as the gallery shows it.
public struct MediaAttachment: Sendable, Identifiable {
    /// Where the image is.
    public let url: URL
    /// The image's title.
    public let title: String?

    /// The attachment's id (its URL).
    public var id: String { url.absoluteString }

    /// A media item at `url`.
    public init(url: URL, title: String? = nil) {
        self.url = url
        self.title = title
    }

    /// The image attachments of `message`.
    public static func images(of message: ChatMessage) -> [MediaAttachment] {
        message.attachments.compactMap {
            guard case .image(let image) = $0.payload else { return nil }
            return MediaAttachment(url: image.localURL, title: image.title)
        }
    }
}

/// A video attached to a message (Parley's messages carry no video: made by apps for their own
/// players).
public struct ChatMessageVideoAttachment: Sendable, Identifiable {
    /// The attachment's id.
    public let id: Int
    /// Where the video is.
    public let videoURL: URL
    /// The video's title.
    public let title: String?

    /// A video at `videoURL`.
    public init(id: Int = 0, videoURL: URL, title: String? = nil) {
        self.id = id
        self.videoURL = videoURL
        self.title = title
    }
}

/// Whether the composer's attachment pickers are collapsed or expanded.
public enum PickerTypeState: Sendable, Hashable {
    /// Expanded, on one picker.
    case expanded(AttachmentPickerType)
    /// Collapsed.
    case collapsed
}

/// The composer's attachment pickers.
public enum AttachmentPickerType: Sendable, Hashable {
    /// No picker.
    case none
    /// The media picker.
    case media
    /// The instant commands.
    case instantCommands
    /// A custom picker.
    case custom
}

/// Which attachment source the picker shows.
public enum AttachmentPickerState: Sendable, Hashable {
    /// The photo library.
    case photos
    /// Files.
    case files
    /// The camera.
    case camera
    /// A custom source.
    case custom
}

/// A command typed in the composer (`/giphy`, `@mention`).
public struct ComposerCommand: Sendable, Hashable {
    /// The command's id.
    public let id: String
    /// The text typed after the command's trigger.
    public var typingSuggestion: String
    /// Whether the command shows its name in the composer.
    public let displayInfo: String?

    /// A command.
    public init(id: String, typingSuggestion: String, displayInfo: String? = nil) {
        self.id = id
        self.typingSuggestion = typingSuggestion
        self.displayInfo = displayInfo
    }
}

/// An image or video added to the composer.
public struct AddedAsset: Identifiable, Sendable {
    /// The asset's id.
    public let id: String
    /// Where the asset is.
    public let url: URL
    /// Its preview.
    public let image: UIImage?

    /// An asset at `url`.
    public init(image: UIImage? = nil, id: String, url: URL) {
        self.image = image
        self.id = id
        self.url = url
    }
}

/// An app-defined attachment added to the composer.
public struct CustomAttachment: Identifiable, Sendable, Hashable {
    /// The attachment's id.
    public let id: String
    /// The attachment's content, encoded by the app.
    public let content: String

    /// An attachment.
    public init(id: String, content: String) {
        self.id = id
        self.content = content
    }
}

/// How the quoted message's content is drawn.
public struct QuotedMessageContentViewOptions {
    /// The quoted message.
    public let quotedMessage: ChatMessage
    /// The size of an attachment's preview.
    public let attachmentSize: CGSize
    /// Whether the quote is shown in the composer.
    public let isInComposer: Bool

    /// Options for `quotedMessage`.
    public init(quotedMessage: ChatMessage, attachmentSize: CGSize = CGSize(width: 36, height: 36), isInComposer: Bool = false) {
        self.quotedMessage = quotedMessage
        self.attachmentSize = attachmentSize
        self.isInComposer = isInComposer
    }
}

/// A poll in a message (Parley has no polls: made by apps that carry their own).
public struct Poll: Sendable, Identifiable {
    /// The poll's id.
    public let id: String
    /// The question.
    public let name: String
    /// The answers to choose from.
    public let options: [String]

    /// A poll.
    public init(id: String, name: String, options: [String]) {
        self.id = id
        self.name = name
        self.options = options
    }
}

/// A thread chosen in the thread list.
public struct ThreadSelectionInfo: Identifiable, Sendable {
    /// The thread's id.
    public let id: String
    /// The thread.
    public let thread: ChatThread

    /// The selection of `thread`.
    public init(thread: ChatThread) {
        self.thread = thread
        id = thread.id
    }
}

/// Which users the "add users" view offers.
public struct AddUsersOptions: Sendable {
    /// The users already in the channel (not offered).
    public let loadedUsers: [ChatUser]

    /// Options leaving out `loadedUsers`.
    public init(loadedUsers: [ChatUser]) { self.loadedUsers = loadedUsers }
}

/// The message whose text an attachment view shows.
public struct AttachmentTextViewOptions {
    /// The message.
    public let message: ChatMessage
    /// The width the text may take (the message row's, when the row asks).
    let availableWidth: CGFloat
    /// The message the list scrolls to (the row's binding, when the row asks).
    let scrolledId: Binding<String?>?

    /// Options for `message`.
    public init(message: ChatMessage) { self.init(message: message, availableWidth: .infinity, scrolledId: nil) }

    /// Options for `message` in a row `availableWidth` wide.
    init(message: ChatMessage, availableWidth: CGFloat, scrolledId: Binding<String?>?) {
        self.message = message
        self.availableWidth = availableWidth
        self.scrolledId = scrolledId
    }
}
