import Foundation
import Parley

/// A conversation with the demo app's location card (issue 22's custom attachment): the SDK
/// carries the JSON, ``DemoAttachmentViewCatalog`` sends the message to
/// ``LocationAttachmentViewInjector``, and a message with a picture and a location to the mixed
/// injector, which draws both (the location injector registered for mixed messages).
enum LocationScene {
    static let scene = RenderScene(
        name: "location-attachment", summary: "A custom attachment: the demo app's location card (map tile, name, coordinates)",
        defaultSize: CGSize(width: 390, height: 880)
    ) { size in
        DemoAttachmentViewCatalog.registerMixedInjector()
        return AttachmentColumnView(frame: CGRect(origin: .zero, size: size), messages: messages, catalog: DemoAttachmentViewCatalog.self)
    }

    static let flat = LocationAttachmentPayload(name: "Alfama flat, Rua de São Miguel", latitude: 38.7112, longitude: -9.1296)
    static let belem = LocationAttachmentPayload(name: "Belém Tower", latitude: 38.6916, longitude: -9.2160)

    @MainActor
    static var messages: [ChatMessage] {
        let shared: ChatMessage
        let mixed: ChatMessage
        do {
            let attachment = try AnyAttachmentPayload(payload: flat)
            let tower = try AnyAttachmentPayload(payload: belem)
            shared = AttachmentScenes.message("l1", "Here's where it is 📍", by: AttachmentScenes.bob, at: 0, [attachment.payload])
            mixed = AttachmentScenes.message(
                "l3", "Sunset spot for Saturday", by: AttachmentScenes.bob, at: 120, [AttachmentScenes.picture(4), tower.payload])
        } catch {
            // The payloads are far below the cap; should that change, the scene says why.
            shared = AttachmentScenes.message("l1", error.description, by: AttachmentScenes.bob, at: 0)
            mixed = AttachmentScenes.message("l3", error.description, by: AttachmentScenes.bob, at: 120)
        }
        return [shared, AttachmentScenes.message("l2", "Perfect, 10 minutes from the river", by: AttachmentScenes.me, at: 60), mixed]
    }
}
