import Foundation
import Testing
@testable import ParleyUIKit

/// `UIImagePickerController` as apps use it: presented, a picture picked from the Pictures folder
/// (only pictures listed), the delegate told with UIKit's info keys; a cancel; no camera.
@MainActor
@Suite struct ImagePickerControllerTests {
    final class Receiver: UIImagePickerControllerDelegate, UINavigationControllerDelegate {
        var picked: [UIImagePickerController.InfoKey: Any]?
        var cancelled = false

        func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
            picked = info
            picker.dismiss(animated: false)
        }

        func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
            cancelled = true
            picker.dismiss(animated: false)
        }
    }

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-picker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3)).pngData { context in
            context.setFillColor(UIColor.systemPink.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
        }
        try png.write(to: folder.appendingPathComponent("beach.png"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return folder
    }

    /// A picker presented over a window's root, its delegate a `Receiver`.
    func present(in folder: URL? = nil) -> (HeadlessBackend, UIViewController, UIImagePickerController, Receiver) {
        let backend = HeadlessBackend.install()
        let root = UIViewController()
        backend.openWindow(size: CGSize(width: 800, height: 600), rootViewController: root)
        let receiver = Receiver()
        let picker = UIImagePickerController()
        picker.delegate = receiver
        picker.sourceType = .photoLibrary
        if let folder { picker.chooser.directoryURL = folder }
        root.present(picker, animated: false)
        backend.runUntilIdle()
        return (backend, root, picker, receiver)
    }

    @Test func aPictureIsPickedAndReportedWithUIKitsKeys() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (backend, root, picker, receiver) = present(in: folder)

        #expect(picker.chooser.entries.map(\.url.lastPathComponent) == ["beach.png"], "pictures only")
        picker.chooser.didTapRow(at: 0, clicks: 2)
        backend.runUntilIdle()
        let info = try #require(receiver.picked)
        #expect((info[.imageURL] as? URL)?.lastPathComponent == "beach.png")
        #expect((info[.mediaType] as? String) == "public.image")
        let image = try #require(info[.originalImage] as? UIImage)
        let file = try #require(UIImage(contentsOfFile: folder.appendingPathComponent("beach.png").path))
        #expect(image.size == file.size && image.size.width > 0)
        #expect(root.presentedViewController == nil, "the delegate dismissed it")
    }

    @Test func aCancelIsReportedAndThereIsNoCamera() throws {
        let (backend, root, picker, receiver) = present()
        picker.chooser.cancel()
        backend.runUntilIdle()
        #expect(receiver.cancelled && receiver.picked == nil)
        #expect(root.presentedViewController == nil)
        #expect(!UIImagePickerController.isSourceTypeAvailable(.camera))
        #expect(UIImagePickerController.isSourceTypeAvailable(.photoLibrary))
        #expect(UIImagePickerController.availableMediaTypes(for: .camera) == nil)
    }
}
