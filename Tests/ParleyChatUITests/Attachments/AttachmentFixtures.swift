import Foundation
import Parley
import ParleyTesting

/// Pictures, files and rows with attachments for the attachment tests. Pictures are drawn here
/// (nothing comes from the network) into a temporary folder.
@MainActor
enum AttachmentFixtures {
    typealias F = MessageRowFixtures

    /// A folder of this process's test files.
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-attachment-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Colours the pictures are drawn in, one per picture.
    static let palettes: [(UIColor, UIColor)] = [
        (UIColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1), UIColor(red: 0.9, green: 0.3, blue: 0.3, alpha: 1)),
        (UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1), UIColor(red: 0.1, green: 0.3, blue: 0.6, alpha: 1)),
        (UIColor(red: 0.3, green: 0.75, blue: 0.4, alpha: 1), UIColor(red: 0.1, green: 0.45, blue: 0.2, alpha: 1)),
        (UIColor(red: 0.7, green: 0.4, blue: 0.9, alpha: 1), UIColor(red: 0.4, green: 0.2, blue: 0.6, alpha: 1)),
        (UIColor(red: 0.95, green: 0.85, blue: 0.3, alpha: 1), UIColor(red: 0.7, green: 0.5, blue: 0.1, alpha: 1)),
    ]

    /// A `width × height` PNG (a sky over a hill with a sun) written as `name`.
    static func picture(_ name: String, width: Int = 320, height: Int = 240, palette index: Int = 0) -> URL {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let (sky, hill) = palettes[index % palettes.count]
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), scale: 1).image { context in
            sky.setFill()
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
            UIColor(white: 1, alpha: 0.85).setFill()
            context.fillEllipse(in: CGRect(x: CGFloat(width) * 0.62, y: CGFloat(height) * 0.12, width: CGFloat(height) * 0.28, height: CGFloat(height) * 0.28))
            hill.setFill()
            context.fillEllipse(in: CGRect(x: -CGFloat(width) * 0.2, y: CGFloat(height) * 0.55, width: CGFloat(width) * 1.4, height: CGFloat(height)))
        }
        try? image.pngData()?.write(to: url)
        return url
    }

    /// The PNG bytes of a `width × height` picture (see `picture(_:width:height:palette:)`).
    static func pictureData(width: Int, height: Int, palette index: Int = 0) -> Data? {
        try? Data(contentsOf: picture("data-\(width)x\(height)-\(index).png", width: width, height: height, palette: index))
    }

    /// A file of `bytes` bytes written as `name`.
    static func file(_ name: String, bytes: Data) -> URL {
        let url = directory.appendingPathComponent(name)
        try? bytes.write(to: url)
        return url
    }

    static func image(_ url: URL, width: Int? = 320, height: Int? = 240, title: String? = nil) -> ChatMessageAttachment.Payload {
        .image(ImageAttachmentPayload(localURL: url, title: title ?? url.lastPathComponent, width: width, height: height))
    }

    /// `message` with `payloads` attached.
    static func message(_ id: String, _ text: String, by author: ChatUser, at seconds: TimeInterval = 0,
                        _ payloads: [ChatMessageAttachment.Payload]) -> ChatMessage {
        var message = F.message(id, text, by: author, at: seconds)
        message.attachments = payloads.enumerated().map { ChatMessageAttachment(id: $0.offset, payload: $0.element) }
        return message
    }

    /// Components whose pictures decode on the calling thread (so a row is complete when made).
    static var components: Components {
        var components = Components()
        components.imageLoader = ChatImageLoader(decodesSynchronously: true)
        return components
    }

    /// The row of `messages[index]` with the catalog's injector, sized at `width`.
    static func row(_ index: Int, in messages: [ChatMessage], width: CGFloat = 360, components: Components = components) -> ChatMessageContentView {
        let resolver = ChatMessageLayoutOptionsResolver(calendar: F.utc)
        let channel = F.channel()
        let options = resolver.optionsForMessage(at: index, in: channel, oldestFirst: messages, appearance: F.appearance)
        let view = components.messageContentView.init(frame: .zero)
        view.appearance = F.appearance
        view.components = components
        let injector = components.attachmentViewCatalog.attachmentViewInjectorClassFor(message: messages[index], components: components)
        view.setUpLayoutIfNeeded(options: options, attachmentViewInjectorType: injector)
        view.channel = channel
        view.content = messages[index]
        view.frame = CGRect(x: 0, y: 0, width: width, height: height(of: view, width: width))
        view.layoutIfNeeded()
        return view
    }

    static func height(of view: UIView, width: CGFloat) -> CGFloat {
        view.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                     verticalFittingPriority: .fittingSizeLevel).height
    }

    /// Rows stacked as the list stacks them.
    static func column(_ messages: [ChatMessage], width: CGFloat = 360, components: Components = components) -> UIView {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: width, height: 10))
        let resolver = ChatMessageLayoutOptionsResolver(calendar: F.utc)
        var y: CGFloat = 12
        for index in messages.indices {
            let row = row(index, in: messages, width: width, components: components)
            row.frame.origin.y = y
            container.addSubview(row)
            y += row.frame.height + resolver.spacing(below: row.layoutOptions ?? [])
        }
        container.frame.size.height = y
        return container
    }
}
