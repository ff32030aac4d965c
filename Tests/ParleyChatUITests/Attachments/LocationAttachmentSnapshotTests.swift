import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// The demo app's custom attachment (issue 22): its location card drawn by its own injector,
/// chosen by its catalog; golden images light and dark.
@MainActor
@Suite struct LocationAttachmentSnapshotTests {
    typealias A = AttachmentFixtures
    typealias F = MessageRowFixtures
    typealias Place = ParleyScenes.LocationAttachmentPayload

    static let flat = Place(name: "Alfama flat, Rua de São Miguel", latitude: 38.7112, longitude: -9.1296)

    static var components: Components {
        var components = A.components
        components.attachmentViewCatalog = DemoAttachmentViewCatalog.self
        return components
    }

    static func messages() throws -> [ChatMessage] {
        [
            A.message("l1", "Here's where it is 📍", by: F.ana, at: 0, [try AnyAttachmentPayload(payload: flat).payload]),
            F.message("l2", "Perfect, 10 minutes from the river", by: F.me, at: 60),
        ]
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func locationCard(style: UIUserInterfaceStyle) throws {
        let view = A.column(try Self.messages(), components: Self.components)
        Snapshot.assert(view, named: "location_attachment_\(style == .dark ? "dark" : "light")", size: view.frame.size, scale: 2, style: style)
    }

    @Test func theCatalogSendsLocationsToTheAppsInjectorWhichShowsTheNameAndCoordinates() throws {
        let row = A.row(0, in: try Self.messages(), components: Self.components)
        let injector = try #require(row.attachmentViewInjector as? ParleyScenes.LocationAttachmentViewInjector)
        let card = injector.locationView
        #expect(card.nameLabel.text == "Alfama flat, Rua de São Miguel" && card.coordinatesLabel.text == "38.7112° N, 9.1296° W")
        #expect(!card.isHidden && card.bounds.height > 140 && row.bubbleContentContainer.arrangedSubviews.first === card)
        // The plain message keeps the SDK's injectors (none for text).
        #expect(A.row(1, in: try Self.messages(), components: Self.components).attachmentViewInjector == nil)
    }

    @Test func aLocationThatDoesNotDecodeAndAnUnknownTypeDrawNoCardAndDoNotCrash() throws {
        let broken = A.message("b1", "broken", by: F.ana, at: 0, [
            .custom(try CustomAttachmentPayload(type: .location, data: Data(#"{"name":3}"#.utf8))),
        ])
        let brokenRow = A.row(0, in: [broken], components: Self.components)
        let injector = try #require(brokenRow.attachmentViewInjector as? ParleyScenes.LocationAttachmentViewInjector)
        #expect(injector.locationView.isHidden && injector.locationView.nameLabel.text == nil)

        let poll = A.message("p1", "vote", by: F.ana, at: 0, [.custom(try CustomAttachmentPayload(type: "poll", data: Data("{}".utf8)))])
        let pollRow = A.row(0, in: [poll], components: Self.components)
        #expect(pollRow.attachmentViewInjector == nil && pollRow.bounds.height > 0)
    }
}
