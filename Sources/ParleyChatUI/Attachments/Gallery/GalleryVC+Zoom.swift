import Foundation
import ParleyChat
import ParleyUIKit

/// ``GalleryVC``'s zoom (wheel, double-click, keys) and "Save a copy".
extension GalleryVC {
    /// The largest zoom.
    static let maximumZoom: CGFloat = 6
    /// The zoom a double-click goes to.
    static let doubleClickZoom: CGFloat = 2.5
    /// How much one + or − key zooms.
    static let keyZoomFactor: CGFloat = 1.5

    /// A zoom key: in, out, or back to fitted.
    enum ZoomStep {
        case zoomIn, zoomOut, reset
    }

    /// The zoom a key asks: + or = in, − out, 0 back to fitted.
    static func zoomStep(for key: UIKey) -> ZoomStep? {
        switch key.charactersIgnoringModifiers {
        case "+", "=": return .zoomIn
        case "-": return .zoomOut
        case "0": return .reset
        default: return nil
        }
    }

    /// Zooms for a key, about the middle of the view.
    func zoomByKey(_ step: ZoomStep) {
        switch step {
        case .zoomIn: scrollView.setZoomScale(scrollView.zoomScale * Self.keyZoomFactor, animated: true)
        case .zoomOut: scrollView.setZoomScale(scrollView.zoomScale / Self.keyZoomFactor, animated: true)
        case .reset: resetZoom()
        }
    }

    /// A double-click: zoomed out, zooms to 2.5× keeping `point` (the scroll view's coordinates)
    /// under the pointer; zoomed in, back to fitted.
    public func toggleZoom(at point: CGPoint) {
        if scrollView.isZoomedIn {
            resetZoom()
        } else {
            scrollView.zoom(to: Self.doubleClickZoom, keeping: point)
        }
    }

    /// Back to fitted: zoom 1, the picture filling the view.
    public func resetZoom() {
        if scrollView.zoomScale != 1 { scrollView.setZoomScale(1, animated: false) }
        let size = view.bounds.size
        scrollView.frame = CGRect(origin: .zero, size: size)
        imageView.transform = .identity
        imageView.frame = CGRect(origin: .zero, size: size)
        scrollView.contentSize = size
        scrollView.contentOffset = .zero
    }

    /// Copies the shown picture's file into `saveDirectory` under its name (a safe one: no
    /// folders, no control or direction-override characters; " 2", " 3"… before the extension
    /// when the name is taken) and says where in `saveNoteLabel`. Returns the copy, or nil (the
    /// label says why).
    @discardableResult
    public func saveCopy() -> URL? {
        let l10n = appearance.l10n
        guard items.indices.contains(content.currentPage) else { return nil }
        let item = items[content.currentPage]
        guard let source = item.imagePayload?.localURL else { return nil }
        do {
            try FileManager.default.createDirectory(at: saveDirectory, withIntermediateDirectories: true)
            let name = Self.safeFileName(item.imagePayload?.title ?? "", fallback: source.lastPathComponent,
                                         placeholder: l10n.tr("gallery.default-file-name"))
            let target = Self.freeURL(for: name, in: saveDirectory)
            try FileManager.default.copyItem(at: source, to: target)
            showSaveNote(l10n.tr("gallery.saved", .string(target.path)))
            return target
        } catch {
            showSaveNote(l10n.tr("gallery.save-failed", .string(error.localizedDescription)))
            return nil
        }
    }

    private func showSaveNote(_ text: String) {
        saveNoteLabel.text = text
        saveNoteLabel.accessibilityLabel = text
        saveNoteLabel.isHidden = false
        saveNoteView?.isHidden = false
    }

    /// A file name that stays in its folder and shows what it is: the last path component, with
    /// control, format (bidi overrides) and separator characters removed; `fallback` when nothing
    /// is left, then `placeholder`.
    static func safeFileName(_ name: String, fallback: String, placeholder: String = "") -> String {
        func clean(_ raw: String) -> String {
            let last = raw.split(separator: "/").last.map(String.init) ?? ""
            let kept = last.unicodeScalars.filter { scalar in
                let category = scalar.properties.generalCategory
                return category != .control && category != .format && scalar != "\\" && scalar != "\0"
            }
            let result = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
            return result == "." || result == ".." || result.hasPrefix(".") ? "" : result
        }
        let cleaned = clean(name)
        if !cleaned.isEmpty { return cleaned }
        let other = clean(fallback)
        return other.isEmpty ? clean(placeholder) : other
    }

    /// `name` in `folder`, or "name 2.ext", "name 3.ext"… when taken.
    static func freeURL(for name: String, in folder: URL) -> URL {
        let base = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var candidate = folder.appendingPathComponent(name)
        var index = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = folder.appendingPathComponent(ext.isEmpty ? "\(base) \(index)" : "\(base) \(index).\(ext)")
            index += 1
        }
        return candidate
    }

    /// The XDG Pictures folder when there is one, else the home folder.
    nonisolated static func defaultSaveDirectory() -> URL {
        let places = UIDocumentPickerViewController.places()
        return places.first { $0.name == "Pictures" }?.url ?? places[0].url
    }
}
