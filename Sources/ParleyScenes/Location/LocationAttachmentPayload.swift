import Foundation
import Parley

// The demo app's own attachment type, as Stream's custom attachments guide defines its location
// card: the SDK stores and syncs the JSON, this app decodes and draws it.

extension AttachmentType {
    /// A shared place (the demo app's custom attachment).
    public static let location = Self(rawValue: "location")
}

/// A place shared in a message: its name and coordinates.
public struct LocationAttachmentPayload: AttachmentPayload, Hashable {
    /// Sent as ``ParleyChat/AttachmentType/location``.
    public static let type = AttachmentType.location

    /// What the place is called ("Alfama flat").
    public var name: String
    /// Degrees north (negative: south).
    public var latitude: Double
    /// Degrees east (negative: west).
    public var longitude: Double

    /// A place named `name` at `latitude`, `longitude`.
    public init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The coordinates as people write them: `38.7112° N, 9.1296° W`.
    public var coordinatesText: String {
        let north = String(format: "%.4f° %@", abs(latitude), latitude < 0 ? "S" : "N")
        let east = String(format: "%.4f° %@", abs(longitude), longitude < 0 ? "W" : "E")
        return "\(north), \(east)"
    }
}

/// The demo app's attachment catalog: a message with only a location goes to
/// ``LocationAttachmentViewInjector``, one mixing a location with pictures or files to
/// `components.mixedAttachmentInjector` (where ``install()`` registered the location injector),
/// everything else where the SDK sends it (Stream's way of adding a custom attachment).
@MainActor
public final class DemoAttachmentViewCatalog: AttachmentViewCatalog {
    /// ``LocationAttachmentViewInjector`` for a message with a location alone, the mixed injector
    /// for a location beside other kinds, else the SDK's choice.
    public override class func attachmentViewInjectorClassFor(message: ChatMessage, components: Components) -> AttachmentViewInjector.Type? {
        guard !message.isDeleted, message.attachmentCounts[.location, default: 0] > 0 else {
            return super.attachmentViewInjectorClassFor(message: message, components: components)
        }
        return message.attachmentCounts.count > 1 ? components.mixedAttachmentInjector : LocationAttachmentViewInjector.self
    }

    /// Registers ``LocationAttachmentViewInjector`` for locations in messages of mixed kinds
    /// (`MixedAttachmentViewInjector.register(_:with:)`), once however often it is called.
    public static func registerMixedInjector() {
        let registered = MixedAttachmentViewInjector.injectorsRegistry.contains {
            $0.type == .location && $0.injector == LocationAttachmentViewInjector.self
        }
        if !registered { MixedAttachmentViewInjector.register(.location, with: LocationAttachmentViewInjector.self) }
    }

    /// Registers the location injector for mixed messages and puts the catalog and
    /// ``DemoChannelListItemView`` (locations previewed as "📍 name") on `Components.default`:
    /// call before creating chat views.
    public static func install() {
        registerMixedInjector()
        Components.default.attachmentViewCatalog = DemoAttachmentViewCatalog.self
        Components.default.channelContentView = DemoChannelListItemView.self
    }
}

/// Puts a ``LocationAttachmentView`` at the top of the bubble for the message's first location.
@MainActor
public final class LocationAttachmentViewInjector: AttachmentViewInjector {
    /// The card.
    public private(set) lazy var locationView: LocationAttachmentView = prepared(LocationAttachmentView())

    /// Adds the card above the text.
    public override func contentViewDidLayout(options: ChatMessageLayoutOptions) {
        super.contentViewDidLayout(options: options)
        contentView.bubbleContentContainer.insertArrangedSubview(locationView, at: 0)
    }

    /// Shows the message's first location (a payload that does not decode shows nothing).
    public override func contentViewDidUpdateContent() {
        super.contentViewDidUpdateContent()
        let location = contentView.content?.attachments(payloadType: LocationAttachmentPayload.self).first?.payload
        locationView.content = location
        locationView.isHidden = location == nil
    }
}
