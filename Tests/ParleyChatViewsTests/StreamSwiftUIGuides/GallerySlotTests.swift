import Foundation
import Parley
import ParleyScenes
import ParleyTesting
import Testing

/// A gallery that lists its photos with their position; it keeps the binding that closes it.
final class PhotoStripGalleryFactory: ViewFactory {
    var isShown: Binding<Bool>?

    func makeGalleryView(mediaAttachments: [MediaAttachment], message: ChatMessage, isShown: Binding<Bool>,
                         options: MediaViewsOptions) -> some View {
        self.isShown = isShown
        return VStack(alignment: .leading, spacing: 12) {
            Text("\(mediaAttachments.count) photos from \(message.author.name)").font(.headline)
            ForEach(mediaAttachments) { media in
                Text("🖼 \(media.title ?? media.url.lastPathComponent)")
            }
            Text("Showing photo \(options.selectedIndex + 1)").font(.footnote).foregroundColor(.gray)
            Spacer()
        }
        .padding(24)
    }
}

@MainActor
@Suite(.serialized) struct GallerySlotTests {
    @Test func tappingAnImageOpensTheFactorysGalleryAndItsBindingClosesIt() async throws {
        let appearance = Appearance.default
        defer { Appearance.default = appearance }
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        let design = try #require(data.channels["design"])
        let factory = PhotoStripGalleryFactory()
        let screen = ChatChannelView(viewFactory: factory, channelController: data.client.channelController(for: design))
        let window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: UINavigationController(rootViewController: screen))
        backend.advance(by: 0.2)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-slot-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let images = try ["ridge.png", "lake.png"].enumerated().map { index, name in
            let url = folder.appendingPathComponent(name)
            try #require(DemoPictures.png(index: index, width: 64, height: 48)).write(to: url)
            return ChatMessageAttachment(id: index, payload: .image(ImageAttachmentPayload(localURL: url, title: name, width: 64, height: 48)))
        }
        try await screen.channelController.createNewMessage(text: "From the hike", attachments: images)
        await eventually("the photos' row") {
            backend.advance(by: 0.02)
            return screen.listView.visibleViews.contains { ($0 as? UILabel)?.text?.contains("ridge") == true }
        }
        let line = try #require(screen.listView.visibleViews.first { ($0 as? UILabel)?.text?.contains("ridge") == true })
        backend.tap(at: line.convert(CGPoint(x: line.bounds.midX, y: line.bounds.midY), to: window))
        backend.advance(by: 0.5)
        let gallery = try #require(screen.presentedViewController, "the gallery is presented")
        let texts = guideLabelTexts(in: gallery.view)
        #expect(texts.contains("2 photos from Jordan Lee"), "\(texts)")
        #expect(texts.contains("🖼 ridge.png") && texts.contains("🖼 lake.png"))
        #expect(texts.contains("Showing photo 1"))
        Snapshot.assert(window, named: "gallery-slot", scale: 2, style: .light)
        Snapshot.assert(window, named: "gallery-slot-dark", scale: 2, style: .dark)
        let isShown = try #require(factory.isShown)
        #expect(isShown.wrappedValue)
        isShown.wrappedValue = false
        backend.advance(by: 0.5)
        #expect(screen.presentedViewController == nil, "the binding closes it")
    }

    @Test func theDefaultGalleryShowsTheAuthorAndThePhotos() throws {
        let backend = HeadlessBackend.install()
        let data = try ChannelListSceneData.make()
        let design = try #require(data.channels["design"])
        let screen = ChatChannelView(channelController: data.client.channelController(for: design))
        let window = backend.openWindow(size: CGSize(width: 390, height: 640), rootViewController: UINavigationController(rootViewController: screen))
        backend.advance(by: 0.2)
        let url = URL(fileURLWithPath: "/tmp/summit.png")
        let message = ChatMessage(id: "g1", cid: design, text: "", author: ChatUser(id: "ben", name: "Ben Carter"), createdAt: Date(),
                                  attachments: [ChatMessageAttachment(id: 0, payload: .image(ImageAttachmentPayload(localURL: url, title: "summit.png")))])
        #expect(ChatChannelView.showGallery(of: message))
        backend.advance(by: 0.5)
        let gallery = try #require(screen.presentedViewController)
        let texts = guideLabelTexts(in: gallery.view)
        #expect(texts.contains("Ben Carter") && texts.contains("summit.png"), "\(texts)")
        #expect(gallery.view.window === window, "full screen in the channel's window")
        // A message without images opens nothing.
        gallery.dismiss(animated: false)
        backend.advance(by: 0.5)
        screen.showGallery(of: ChatMessage(id: "g2", cid: design, text: "Hi", author: ChatUser(id: "ben", name: "Ben Carter"), createdAt: Date()))
        #expect(screen.presentedViewController == nil)
    }
}
