import Foundation
import ParleyUIKit

/// The kind of a file, from its MIME type or, failing that, its name's extension; an unknown
/// type is `.generic`.
public enum FileKind: String, Sendable, CaseIterable {
    /// PDF.
    case pdf
    /// Word processing documents.
    case document
    /// Spreadsheets and CSV.
    case spreadsheet
    /// Slides.
    case presentation
    /// Pictures.
    case image
    /// Sound.
    case audio
    /// Video.
    case video
    /// Zip, tar and the like.
    case archive
    /// Plain text, markdown and source code.
    case text
    /// Anything else.
    case generic

    /// The kind of a file of `mimeType` named `fileName`.
    public init(mimeType: String?, fileName: String) {
        let mime = (mimeType ?? "").lowercased()
        let ext = (fileName as NSString).pathExtension.lowercased()
        if mime == "application/pdf" || ext == "pdf" { self = .pdf; return }
        if mime.hasPrefix("image/") || ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "heic"].contains(ext) { self = .image; return }
        if mime.hasPrefix("audio/") || ["mp3", "wav", "ogg", "flac", "m4a", "aac", "opus"].contains(ext) { self = .audio; return }
        if mime.hasPrefix("video/") || ["mp4", "mkv", "webm", "mov", "avi"].contains(ext) { self = .video; return }
        if mime.contains("zip") || mime.contains("tar") || mime.contains("compressed") || mime.contains("7z")
            || ["zip", "tar", "gz", "tgz", "bz2", "xz", "7z", "rar", "zst"].contains(ext) { self = .archive; return }
        if mime.contains("spreadsheet") || mime.contains("excel") || mime == "text/csv" || ["xls", "xlsx", "ods", "csv"].contains(ext) { self = .spreadsheet; return }
        if mime.contains("presentation") || mime.contains("powerpoint") || ["ppt", "pptx", "odp", "key"].contains(ext) { self = .presentation; return }
        if mime.contains("word") || mime.contains("opendocument.text") || mime == "application/rtf"
            || ["doc", "docx", "odt", "rtf", "pages"].contains(ext) { self = .document; return }
        if mime.hasPrefix("text/") || mime == "application/json" || mime == "application/xml"
            || ["txt", "md", "json", "xml", "yaml", "yml", "swift", "c", "h", "py", "js", "ts", "html", "css", "sh", "log"].contains(ext) { self = .text; return }
        self = .generic
    }

    /// The short label on the icon ("PDF", "ZIP").
    public var label: String {
        switch self {
        case .pdf: "PDF"
        case .document: "DOC"
        case .spreadsheet: "XLS"
        case .presentation: "PPT"
        case .image: "IMG"
        case .audio: "AUD"
        case .video: "VID"
        case .archive: "ZIP"
        case .text: "TXT"
        case .generic: "FILE"
        }
    }

    /// The icon's colour.
    public var color: UIColor {
        switch self {
        case .pdf: UIColor(red: 0.89, green: 0.23, blue: 0.22, alpha: 1)
        case .document: UIColor(red: 0.16, green: 0.42, blue: 0.85, alpha: 1)
        case .spreadsheet: UIColor(red: 0.13, green: 0.6, blue: 0.33, alpha: 1)
        case .presentation: UIColor(red: 0.93, green: 0.5, blue: 0.13, alpha: 1)
        case .image: UIColor(red: 0.55, green: 0.33, blue: 0.85, alpha: 1)
        case .audio: UIColor(red: 0.85, green: 0.27, blue: 0.6, alpha: 1)
        case .video: UIColor(red: 0.4, green: 0.3, blue: 0.75, alpha: 1)
        case .archive: UIColor(red: 0.55, green: 0.45, blue: 0.3, alpha: 1)
        case .text: UIColor(red: 0.4, green: 0.45, blue: 0.52, alpha: 1)
        case .generic: UIColor(red: 0.52, green: 0.55, blue: 0.6, alpha: 1)
        }
    }
}

/// A file's type icon: a page with a folded corner in the kind's colour, its label on it.
@preconcurrency @MainActor
open class ChatFileIconView: UIView {
    /// The kind shown.
    open var kind: FileKind = .generic {
        didSet {
            guard kind != oldValue else { return }
            label.text = kind.label
            setNeedsDisplay()
        }
    }

    /// The kind's label.
    public let label = UILabel()

    /// Creates the view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        label.text = kind.label
        label.font = .systemFont(ofSize: 9, weight: .bold)
        label.textColor = .white
        label.textAlignment = .center
        addSubview(label)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The label across the page's lower half.
    open override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 0, y: bounds.height * 0.5, width: bounds.width, height: bounds.height * 0.35)
    }

    /// The page and its folded corner.
    open override func draw(_ rect: CGRect) {
        let fold = min(bounds.width, bounds.height) * 0.3
        let page = UIBezierPath()
        page.move(to: CGPoint(x: 3, y: 0))
        page.addLine(to: CGPoint(x: bounds.width - fold, y: 0))
        page.addLine(to: CGPoint(x: bounds.width, y: fold))
        page.addLine(to: CGPoint(x: bounds.width, y: bounds.height - 3))
        page.addQuadCurve(to: CGPoint(x: bounds.width - 3, y: bounds.height), controlPoint: CGPoint(x: bounds.width, y: bounds.height))
        page.addLine(to: CGPoint(x: 3, y: bounds.height))
        page.addQuadCurve(to: CGPoint(x: 0, y: bounds.height - 3), controlPoint: CGPoint(x: 0, y: bounds.height))
        page.addLine(to: CGPoint(x: 0, y: 3))
        page.addQuadCurve(to: CGPoint(x: 3, y: 0), controlPoint: .zero)
        page.close()
        kind.color.setFill()
        page.fill()
        let corner = UIBezierPath()
        corner.move(to: CGPoint(x: bounds.width - fold, y: 0))
        corner.addLine(to: CGPoint(x: bounds.width - fold, y: fold))
        corner.addLine(to: CGPoint(x: bounds.width, y: fold))
        corner.close()
        UIColor(white: 1, alpha: 0.45).setFill()
        corner.fill()
    }
}
