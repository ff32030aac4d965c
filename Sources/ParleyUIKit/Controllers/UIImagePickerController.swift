import Foundation

/// Hears what a ``UIImagePickerController`` picked, as UIKit's protocol. As in UIKit, the
/// picker's `delegate` is also a `UINavigationControllerDelegate`.
@preconcurrency @MainActor
public protocol UIImagePickerControllerDelegate: AnyObject {
    /// The user picked a picture: `info` holds its ``UIImagePickerController/InfoKey/imageURL``,
    /// ``UIImagePickerController/InfoKey/originalImage`` (nil when the file cannot be decoded)
    /// and ``UIImagePickerController/InfoKey/mediaType``. Dismiss the picker here.
    func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any])
    /// The user cancelled. Dismiss the picker here.
    func imagePickerControllerDidCancel(_ picker: UIImagePickerController)
}

extension UIImagePickerControllerDelegate {
    /// Dismisses the picker, as UIKit does for a delegate without this method.
    public func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        picker.dismiss(animated: true)
    }

    /// Dismisses the picker, as UIKit does for a delegate without this method.
    public func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
        picker.dismiss(animated: true)
    }
}

/// A picture chooser with UIKit's `UIImagePickerController` API. On Linux the photo library is
/// the XDG Pictures folder: the picker shows Parley's file chooser (a
/// ``UIDocumentPickerViewController``) there, listing pictures only. There is no camera
/// (``isSourceTypeAvailable(_:)`` says so) and no crop step (``allowsEditing`` is ignored: a
/// picked picture comes back whole).
///
/// ```swift
/// let picker = UIImagePickerController()
/// picker.delegate = self   // UIImagePickerControllerDelegate & UINavigationControllerDelegate
/// picker.sourceType = .photoLibrary
/// present(picker, animated: true)
/// ```
@preconcurrency @MainActor
open class UIImagePickerController: UINavigationController, UIDocumentPickerDelegate {
    /// Where pictures come from.
    public enum SourceType: Int, Sendable {
        /// The Pictures folder (XDG `Pictures` in the home folder, else the home folder).
        case photoLibrary
        /// A camera: not available on Linux desktops.
        case camera
        /// The Pictures folder, as ``photoLibrary``.
        case savedPhotosAlbum
    }

    /// A key of the info a pick reports.
    public struct InfoKey: Hashable, RawRepresentable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Makes a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The picked file's URL (`URL`).
        public static let imageURL = InfoKey(rawValue: "UIImagePickerControllerImageURL")
        /// The picture, decoded (`UIImage`).
        public static let originalImage = InfoKey(rawValue: "UIImagePickerControllerOriginalImage")
        /// The edited picture: never set (no crop step).
        public static let editedImage = InfoKey(rawValue: "UIImagePickerControllerEditedImage")
        /// The picked file's type identifier (`String`, "public.image").
        public static let mediaType = InfoKey(rawValue: "UIImagePickerControllerMediaType")
    }

    /// Whether `sourceType` can be used here: the library and saved pictures, never a camera.
    public static func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool { sourceType != .camera }

    /// The media types `sourceType` offers: pictures, or nil for a camera.
    public static func availableMediaTypes(for sourceType: SourceType) -> [String]? {
        isSourceTypeAvailable(sourceType) ? ["public.image"] : nil
    }

    /// The file extensions listed as pictures.
    public static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg"]

    /// Where pictures come from; set before presenting. A camera (unavailable) shows the library.
    open var sourceType: SourceType = .photoLibrary
    /// The media types offered; pictures ("public.image") are the only kind here.
    open var mediaTypes: [String] = ["public.image"]
    /// Ignored: a picked picture comes back whole.
    open var allowsEditing = false
    /// The file chooser the picker shows.
    public let chooser: UIDocumentPickerViewController

    /// A picker of the Pictures folder.
    public override init() {
        chooser = UIDocumentPickerViewController(directoryURL: Self.picturesFolder(), allowedExtensions: Self.pictureExtensions)
        super.init()
        chooser.allowsMultipleSelection = false
        chooser.delegate = self
        setViewControllers([chooser], animated: false)
        setNavigationBarHidden(true, animated: false)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The chooser's sheet shows over what presented the picker.
    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .clear
    }

    /// The XDG Pictures folder, else the home folder.
    nonisolated static func picturesFolder(home: URL = FileManager.default.homeDirectoryForCurrentUser) -> URL {
        UIDocumentPickerViewController.places(home: home).first { $0.name == "Pictures" }?.url ?? home
    }

    // MARK: UIDocumentPickerDelegate

    /// Reports the picked picture to the delegate.
    public func documentPicker(_ controller: UIDocumentPickerViewController, didPickDocumentsAt urls: [URL]) {
        guard let url = urls.first else { return }
        var info: [InfoKey: Any] = [.imageURL: url, .mediaType: "public.image"]
        if let image = UIImage(contentsOfFile: url.path) { info[.originalImage] = image }
        if let delegate = delegate as? UIImagePickerControllerDelegate {
            delegate.imagePickerController(self, didFinishPickingMediaWithInfo: info)
        } else {
            dismiss(animated: true)
        }
    }

    /// Reports the cancel to the delegate.
    public func documentPickerWasCancelled(_ controller: UIDocumentPickerViewController) {
        if let delegate = delegate as? UIImagePickerControllerDelegate {
            delegate.imagePickerControllerDidCancel(self)
        } else {
            dismiss(animated: true)
        }
    }
}
