import Foundation
import Parley
import ParleyScenes
import Testing

/// The demo app's location attachment drawn by a factory's `makeCustomAttachmentViewType`, as an
/// app using the declarative screens draws its own attachment types.
final class LocationViewFactory: ViewFactory {
    func makeCustomAttachmentViewType(for message: ChatMessage, isFirst: Bool, availableWidth: CGFloat,
                                      scrolledId: Binding<String?>) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(message.attachments(payloadType: LocationAttachmentPayload.self)) { location in
                Text("📍 \(location.payload.name)").font(.footnote.bold())
                Text(location.payload.coordinatesText).font(.caption).foregroundColor(.gray)
            }
        }
        .padding(8)
        .frame(maxWidth: availableWidth, alignment: .leading)
        .background(Color.blue.opacity(0.12))
        .cornerRadius(8)
    }
}

@MainActor
@Suite(.serialized) struct CustomAttachmentSlotTests {
    @Test func theRowAsksTheFactoryForItsCustomAttachmentView() throws {
        let place = LocationAttachmentPayload(name: "Belém Tower", latitude: 38.6916, longitude: -9.216)
        let message = ChatMessage(id: "p1", cid: Fixtures.cid, text: "Meet here", author: Fixtures.ana, createdAt: Fixtures.start,
                                  attachments: [try AnyAttachmentPayload(payload: place).messageAttachment])
        let custom = containerLabelTexts(LocationViewFactory(), message)
        #expect(custom == ["📍 Belém Tower", "38.6916° N, 9.2160° W", "Meet here"], "above the text: \(custom)")
        // The default factory draws nothing for a type it does not know, and keeps the text.
        let plain = containerLabelTexts(DefaultViewFactory.shared, message)
        #expect(plain == ["Meet here"], "\(plain)")
    }
}
