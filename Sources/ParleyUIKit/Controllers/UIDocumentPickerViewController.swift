import Foundation

/// Hears what a ``UIDocumentPickerViewController`` picked, as UIKit's `UIDocumentPickerDelegate`.
@preconcurrency @MainActor
public protocol UIDocumentPickerDelegate: AnyObject {
    /// The user picked `urls` (files, never folders); the picker has dismissed itself.
    func documentPicker(_ controller: UIDocumentPickerViewController, didPickDocumentsAt urls: [URL])
    /// The user cancelled; the picker has dismissed itself.
    func documentPickerWasCancelled(_ controller: UIDocumentPickerViewController)
}

extension UIDocumentPickerDelegate {
    /// Does nothing.
    public func documentPickerWasCancelled(_ controller: UIDocumentPickerViewController) {}
}

/// A file chooser, as UIKit's `UIDocumentPickerViewController`, drawn by Parley (no GTK): a sheet
/// listing a folder (folders first, then files with their sizes), with the folder's path, a button
/// to its parent, shortcuts to the home folder and the XDG user folders (Pictures, Documents,
/// Downloads), Cancel and Open.
///
/// A click on a folder opens it; a click on a file selects it (with ``allowsMultipleSelection``,
/// toggles it); Open picks the selected files; a double-click on a file picks it at once. Escape
/// cancels, Return opens. Hidden files (names starting with ".") are not listed. A folder that
/// cannot be read shows why instead of its files.
@preconcurrency @MainActor
open class UIDocumentPickerViewController: UIViewController {
    /// Told what was picked.
    public weak var delegate: (any UIDocumentPickerDelegate)?
    /// Whether more than one file can be picked.
    public var allowsMultipleSelection = true
    /// The folder shown; setting it lists that folder.
    public var directoryURL: URL? {
        didSet { if isViewLoaded { reload() } }
    }
    /// The file extensions shown (lowercase, without the dot); nil shows every file.
    public var allowedExtensions: Set<String>?
    /// The sheet's title.
    public var titleText = "Choose Files"
    /// The cancel button's title.
    public var cancelTitle = "Cancel"
    /// The open button's title.
    public var openTitle = "Open"
    /// The shortcuts above the list, as (name, folder); by default ``places(home:)``. Set before
    /// the view loads.
    public var placeFolders: [(name: String, url: URL)] = UIDocumentPickerViewController.places()

    /// One listed entry.
    public struct Entry: Sendable, Hashable {
        /// The file or folder.
        public var url: URL
        /// Whether it is a folder.
        public var isDirectory: Bool
        /// Its size in bytes (files).
        public var size: Int64
    }

    /// What the shown folder lists, folders first, each group by name.
    public private(set) var entries: [Entry] = []
    /// The selected files.
    public private(set) var selectedURLs: [URL] = []
    /// Why the folder could not be listed, if it could not.
    public private(set) var listingError: String?

    private let card = UIView()
    private let titleLabel = UILabel()
    private let pathLabel = UILabel()
    private let upButton = UIButton(type: .system)
    private var placeButtons: [UIButton] = []
    private let listView = UIScrollView()
    private var rows: [DocumentPickerRow] = []
    private let messageLabel = UILabel()
    private let cancelButton = UIButton(type: .system)
    private let openButton = UIButton(type: .system)
    private static let rowHeight: CGFloat = 30

    /// A picker starting in `directoryURL` (the home folder when nil).
    public required init(directoryURL: URL? = nil, allowedExtensions: Set<String>? = nil) {
        self.directoryURL = directoryURL
        self.allowedExtensions = allowedExtensions
        super.init()
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The home folder and those of the XDG user folders that exist, as (name, folder).
    public nonisolated static func places(home: URL = FileManager.default.homeDirectoryForCurrentUser) -> [(name: String, url: URL)] {
        var places: [(name: String, url: URL)] = [("Home", home)]
        for name in ["Desktop", "Pictures", "Documents", "Downloads"] {
            let url = home.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { places.append((name, url)) }
        }
        return places
    }

    /// Builds the sheet.
    open override func loadView() {
        let root = UIView.dimmedRoot(holding: card)
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.text = titleText
        pathLabel.font = .systemFont(ofSize: 12)
        pathLabel.textColor = .secondaryLabel
        pathLabel.lineBreakMode = .byTruncatingHead
        upButton.setTitle("↑", for: .normal)
        upButton.accessibilityLabel = "Parent folder"
        upButton.addHandler(for: .touchUpInside) { [weak self] in self?.openParent() }
        for (name, url) in placeFolders {
            let button = UIButton(type: .system)
            button.setTitle(name, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 13)
            button.addHandler(for: .touchUpInside) { [weak self] in self?.directoryURL = url }
            placeButtons.append(button)
        }
        listView.backgroundColor = .systemBackground
        listView.layer.cornerRadius = 8
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = .secondaryLabel
        messageLabel.numberOfLines = 2
        cancelButton.setTitle(cancelTitle, for: .normal)
        cancelButton.addHandler(for: .touchUpInside) { [weak self] in self?.cancel() }
        openButton.setTitle(openTitle, for: .normal)
        openButton.titleLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        openButton.addHandler(for: .touchUpInside) { [weak self] in self?.pickSelected() }
        for view in [titleLabel, pathLabel, upButton, listView, messageLabel, cancelButton, openButton] + placeButtons {
            card.addSubview(view)
        }
        view = root
        reload()
    }

    /// Lists ``directoryURL`` again.
    open func reload() {
        let folder = (directoryURL ?? FileManager.default.homeDirectoryForCurrentUser).standardizedFileURL
        pathLabel.text = folder.path
        selectedURLs = []
        do {
            entries = try Self.list(folder, allowedExtensions: allowedExtensions)
            listingError = nil
        } catch {
            entries = []
            listingError = "Can't open this folder: \(error.localizedDescription)"
        }
        for row in rows { row.removeFromSuperview() }
        rows = entries.enumerated().map { index, entry in
            let row = DocumentPickerRow(entry: entry)
            row.addHandler(for: .touchUpInside) { [weak self, weak row] in
                guard let self, let row else { return }
                self.didTapRow(at: index, clicks: row.lastTapCount)
            }
            listView.addSubview(row)
            return row
        }
        listView.contentOffset = .zero
        updateState()
        view.setNeedsLayout()
    }

    /// The entries of `folder`: folders first, then files (those with an allowed extension), each
    /// sorted by name, hidden ones left out.
    public nonisolated static func list(_ folder: URL, allowedExtensions: Set<String>?) throws -> [Entry] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var entries: [Entry] = []
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue, let allowed = allowedExtensions, !allowed.contains(url.pathExtension.lowercased()) { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
            entries.append(Entry(url: url, isDirectory: isDirectory.boolValue, size: size))
        }
        return entries.sorted { lhs, rhs in
            lhs.isDirectory != rhs.isDirectory ? lhs.isDirectory : lhs.url.lastPathComponent.localizedStandardCompare(rhs.url.lastPathComponent) == .orderedAscending
        }
    }

    /// A click on the row of `entries[index]`: opens a folder; selects a file, or picks it on a double-click.
    open func didTapRow(at index: Int, clicks: Int = 1) {
        guard entries.indices.contains(index) else { return }
        let entry = entries[index]
        if entry.isDirectory {
            directoryURL = entry.url
            return
        }
        if clicks >= 2 {
            pick([entry.url])
            return
        }
        if let position = selectedURLs.firstIndex(of: entry.url) {
            selectedURLs.remove(at: position)
        } else {
            selectedURLs = allowsMultipleSelection ? selectedURLs + [entry.url] : [entry.url]
        }
        updateState()
    }

    /// Shows the parent of the shown folder.
    open func openParent() {
        let folder = (directoryURL ?? FileManager.default.homeDirectoryForCurrentUser).standardizedFileURL
        guard folder.path != "/" else { return }
        directoryURL = folder.deletingLastPathComponent()
    }

    /// Picks the selected files (nothing happens when none is selected).
    open func pickSelected() {
        guard !selectedURLs.isEmpty else { return }
        pick(selectedURLs)
    }

    /// Dismisses the sheet and tells the delegate.
    open func cancel() {
        dismiss(animated: true) { [weak self] in
            guard let self else { return }
            self.delegate?.documentPickerWasCancelled(self)
        }
    }

    private func pick(_ urls: [URL]) {
        dismiss(animated: true) { [weak self] in
            guard let self else { return }
            self.delegate?.documentPicker(self, didPickDocumentsAt: urls)
        }
    }

    private func updateState() {
        for (row, entry) in zip(rows, entries) { row.isSelected = selectedURLs.contains(entry.url) }
        openButton.isEnabled = !selectedURLs.isEmpty
        if let listingError {
            messageLabel.text = listingError
        } else if entries.isEmpty {
            messageLabel.text = "This folder is empty."
        } else {
            messageLabel.text = selectedURLs.isEmpty ? nil : selectedURLs.count == 1 ? "1 file selected" : "\(selectedURLs.count) files selected"
        }
    }

    /// Escape cancels; Return opens the selection.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let codes = presses.compactMap { $0.key?.keyCode }
        if codes.contains(.keyboardEscape) {
            cancel()
        } else if codes.contains(.keyboardReturnOrEnter) || codes.contains(.keypadEnter) {
            pickSelected()
        } else {
            super.pressesBegan(presses, with: event)
        }
    }

    /// Lays the sheet out in the middle of the window: at most 560 × 480 points.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let width = max(200, min(560, bounds.width - 32)), height = max(200, min(480, bounds.height - 32))
        card.frame = CGRect(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
        let inner = width - 32
        titleLabel.frame = CGRect(x: 16, y: 14, width: inner, height: 22)
        upButton.frame = CGRect(x: 12, y: 40, width: 32, height: 24)
        pathLabel.frame = CGRect(x: 48, y: 40, width: inner - 32, height: 24)
        var x: CGFloat = 16
        for button in placeButtons {
            let buttonWidth = button.sizeThatFits(CGSize(width: 200, height: 24)).width + 12
            button.frame = CGRect(x: x, y: 68, width: buttonWidth, height: 24)
            x += buttonWidth + 4
        }
        let listTop: CGFloat = 98, footer: CGFloat = 84
        listView.frame = CGRect(x: 16, y: listTop, width: inner, height: height - listTop - footer)
        for (index, row) in rows.enumerated() {
            row.frame = CGRect(x: 0, y: CGFloat(index) * Self.rowHeight, width: inner, height: Self.rowHeight)
        }
        listView.contentSize = CGSize(width: inner, height: CGFloat(rows.count) * Self.rowHeight)
        messageLabel.frame = CGRect(x: 16, y: height - footer + 4, width: inner, height: 34)
        cancelButton.frame = CGRect(x: width - 200, y: height - 42, width: 90, height: 32)
        openButton.frame = CGRect(x: width - 106, y: height - 42, width: 90, height: 32)
    }
}

/// A row of the document picker: a folder or file glyph, the name, and a file's size.
@preconcurrency @MainActor
final class DocumentPickerRow: UIControl {
    let entry: UIDocumentPickerViewController.Entry
    private let nameLabel = UILabel()
    private let detailLabel = UILabel()
    /// The tap count of the last click (2 for a double-click).
    private(set) var lastTapCount = 1

    init(entry: UIDocumentPickerViewController.Entry) {
        self.entry = entry
        super.init(frame: .zero)
        nameLabel.font = .systemFont(ofSize: 14)
        nameLabel.lineBreakMode = .byTruncatingMiddle
        // Control and direction-override characters in names show as U+FFFD.
        let name = String(String.UnicodeScalarView(entry.url.lastPathComponent.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format ? "\u{FFFD}" : $0
        }))
        nameLabel.text = (entry.isDirectory ? "▸ " : "   ") + name
        detailLabel.font = .systemFont(ofSize: 12)
        detailLabel.textColor = .secondaryLabel
        detailLabel.textAlignment = .right
        detailLabel.text = entry.isDirectory ? nil : ByteCountFormatter.string(fromByteCount: entry.size, countStyle: .file)
        addSubview(nameLabel)
        addSubview(detailLabel)
        accessibilityLabel = name
    }
    required init?(coder: NSCoder) { return nil }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        lastTapCount = touches.first?.tapCount ?? 1
        super.touchesBegan(touches, with: event)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        nameLabel.frame = CGRect(x: 8, y: 0, width: max(0, width - 100), height: bounds.height)
        detailLabel.frame = CGRect(x: width - 88, y: 0, width: 80, height: bounds.height)
    }

    override func stateDidChange() {
        super.stateDidChange()
        backgroundColor = isSelected ? UIColor.tintColor.withAlphaComponent(0.25) : (isHighlighted ? .systemGray5 : .clear)
    }
}

extension UIView {
    /// The root of a modal card (an alert, the file chooser): a screen-sized view dimming what is
    /// behind it, holding `card` with rounded corners on the grouped background.
    static func dimmedRoot(holding card: UIView) -> UIView {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = UIColor(white: 0, alpha: 0.3)
        card.backgroundColor = .secondarySystemBackground
        card.layer.cornerRadius = 14
        card.clipsToBounds = true
        root.addSubview(card)
        return root
    }
}
