import Foundation
import Parley

/// A conversation with the demo app's location card (issue 22's custom attachment): the SDK
/// carries the JSON, ``DemoAttachmentViewCatalog`` sends the message to
/// ``LocationAttachmentViewInjector``.
enum LocationScene {
    static let scene = RenderScene(
        name: "location-attachment", summary: "A custom attachment: the demo app's location card (map tile, name, coordinates)",
        defaultSize: CGSize(width: 390, height: 420)
    ) { size in
        AttachmentColumnView(frame: CGRect(origin: .zero, size: size), messages: messages, catalog: DemoAttachmentViewCatalog.self)
    }

    static let flat = LocationAttachmentPayload(name: "Alfama flat, Rua de São Miguel", latitude: 38.7112, longitude: -9.1296)

    @MainActor
    static var messages: [ChatMessage] {
        let shared: ChatMessage
        do {
            let attachment = try AnyAttachmentPayload(payload: flat)
            shared = AttachmentScenes.message("l1", "Here's where it is 📍", by: AttachmentScenes.bob, at: 0, [attachment.payload])
        } catch {
            // The payload is far below the cap; should that change, the scene says why.
            shared = AttachmentScenes.message("l1", error.description, by: AttachmentScenes.bob, at: 0)
        }
        return [shared, AttachmentScenes.message("l2", "Perfect, 10 minutes from the river", by: AttachmentScenes.me, at: 60)]
    }
}
