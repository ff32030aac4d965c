import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// The demo app's custom attachment (issue 22): its location card drawn by its own injector,
/// chosen by its catalog, alone or beside a picture (through the mixed injector it registers);
/// golden images light and dark.
@MainActor
@Suite struct LocationAttachmentSnapshotTests {
    typealias A = AttachmentFixtures
    typealias F = MessageRowFixtures
    typealias Place = ParleyScenes.LocationAttachmentPayload

    static let flat = Place(name: "Alfama flat, Rua de São Miguel", latitude: 38.7112, longitude: -9.1296)
    static let tower = Place(name: "Belém Tower", latitude: 38.6916, longitude: -9.2160)

    /// A message with a picture and a location.
    static func mixedMessage() throws -> ChatMessage {
        A.message("m1", "Sunset spot for Saturday", by: F.ana, at: 0, [
            A.image(A.picture("location-mixed.png", width: 320, height: 240, palette: 4)), try AnyAttachmentPayload(payload: tower).payload,
        ])
    }

    /// Runs `body` with the location injector registered for mixed messages, then puts the
    /// registry back as it was (it is process-wide).
    static func withLocationRegistered<T>(_ body: () throws -> T) rethrows -> T {
        let saved = MixedAttachmentViewInjector.injectorsRegistry
        defer { MixedAttachmentViewInjector.injectorsRegistry = saved }
        DemoAttachmentViewCatalog.registerMixedInjector()
        return try body()
    }

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

    @Test func aMessageWithAPictureAndALocationDrawsBothThroughTheRegisteredInjector() throws {
        try Self.withLocationRegistered {
            // Registering twice registers once.
            DemoAttachmentViewCatalog.registerMixedInjector()
            #expect(MixedAttachmentViewInjector.injectorsRegistry.filter { $0.type == .location }.count == 1)
            let message = try Self.mixedMessage()
            #expect(MixedAttachmentViewInjector.injectors(for: message).map { String(describing: $0) }
                == ["GalleryAttachmentViewInjector", "LocationAttachmentViewInjector"])
            #expect(MixedAttachmentViewInjector.injectors(for: nil).isEmpty)

            let row = A.row(0, in: [message], components: Self.components)
            let mixed = try #require(row.attachmentViewInjector as? MixedAttachmentViewInjector)
            let gallery = try #require(mixed.injectors.compactMap { $0 as? GalleryAttachmentViewInjector }.first)
            let location = try #require(mixed.injectors.compactMap { $0 as? ParleyScenes.LocationAttachmentViewInjector }.first)
            let files = try #require(mixed.injectors.compactMap { $0 as? FilesAttachmentViewInjector }.first)
            #expect(location.locationView.nameLabel.text == "Belém Tower" && !location.locationView.isHidden)
            #expect(!gallery.galleryView.isHidden && gallery.galleryView.bounds.height > 150)
            #expect(location.locationView.bounds.height > 140)
            // The message has no file: the file list is there (the row may show one later) but hidden.
            #expect(files.fileAttachmentView.isHidden)
            // Registry order from the top: the picture, then the card, both above the text.
            let stack = row.bubbleContentContainer.arrangedSubviews
            let galleryIndex = try #require(stack.firstIndex { $0 === gallery.galleryView })
            let cardIndex = try #require(stack.firstIndex { $0 === location.locationView })
            #expect(galleryIndex < cardIndex && gallery.galleryView.frame.maxY <= location.locationView.frame.minY)

            // The row reused for a picture with a file: the card hides, the file shows.
            let pdf = A.file("mixed-report.pdf", bytes: Data(repeating: 0x25, count: 4096))
            row.content = A.message("m2", "Report", by: F.ana, at: 0, [
                A.image(A.picture("location-mixed.png", width: 320, height: 240, palette: 4)),
                .file(FileAttachmentPayload(localURL: pdf, title: "mixed-report.pdf", fileSize: 4096, mimeType: "application/pdf")),
            ])
            #expect(location.locationView.isHidden && !files.fileAttachmentView.isHidden && !gallery.galleryView.isHidden)
            row.content = message
            #expect(!location.locationView.isHidden && files.fileAttachmentView.isHidden)
        }
    }

    @Test func withoutTheRegistrationAMixedMessageDrawsOnlyTheSDKsKinds() throws {
        let saved = MixedAttachmentViewInjector.injectorsRegistry
        defer { MixedAttachmentViewInjector.injectorsRegistry = saved }
        MixedAttachmentViewInjector.injectorsRegistry.removeAll { $0.type == .location }
        let row = A.row(0, in: [try Self.mixedMessage()], components: Self.components)
        let mixed = try #require(row.attachmentViewInjector as? MixedAttachmentViewInjector)
        #expect(!mixed.injectors.contains { $0 is ParleyScenes.LocationAttachmentViewInjector })
        #expect(row.bounds.height > 150, "the picture still shows")
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func mixedPictureAndLocation(style: UIUserInterfaceStyle) throws {
        try Self.withLocationRegistered {
            let view = A.column([try Self.mixedMessage()], components: Self.components)
            Snapshot.assert(view, named: "location_mixed_\(style == .dark ? "dark" : "light")", size: view.frame.size, scale: 2, style: style)
        }
    }
}
