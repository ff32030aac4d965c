import Foundation
import ParleyChat
import ParleyUIKit

/// The list of suggestions above the composer's input while the user types a mention ("@al"):
/// one ``ChatMentionSuggestionCollectionViewCell`` per matching member, at most
/// ``numberOfVisibleRows`` of them (typing more letters narrows the list).
///
/// ``ComposerVC`` owns it (`components.suggestionsVC`), fills ``users``, highlights the row Enter
/// picks and handles ``didSelectItemAt``.
@preconcurrency @MainActor
open class ChatSuggestionsVC: _ViewController {
    /// The users offered, best match first.
    open var users: [ChatUser] = [] {
        didSet { if users != oldValue { updateContentIfNeeded() } }
    }

    /// The index (into ``users``) of the highlighted row, the one Enter picks; nil for none.
    open var highlightedIndex: Int? = 0 {
        didSet { if highlightedIndex != oldValue { updateContentIfNeeded() } }
    }

    /// How many rows show at most.
    open var numberOfVisibleRows: CGFloat = 4

    /// Called with the index of a tapped row.
    public var didSelectItemAt: ((Int) -> Void)?

    /// Whether the list is showing (it has users and its view is not hidden).
    public var isPresented: Bool { isViewLoaded && !view.isHidden && !users.isEmpty }

    /// The rows, top to bottom.
    open private(set) lazy var containerView = ContainerStackView(axis: .vertical, spacing: 0)

    /// The rows currently shown (`components.suggestionsMentionCollectionViewCell`).
    public private(set) var cells: [ChatMentionSuggestionCollectionViewCell] = []

    /// The hairline along the top edge.
    open private(set) lazy var topSeparatorView = UIView()

    /// Creates the controller.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The rows fill the root view under a hairline.
    open override func setUpLayout() {
        super.setUpLayout()
        view.embed(containerView, insets: UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0))
        topSeparatorView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(topSeparatorView)
        NSLayoutConstraint.activate([
            topSeparatorView.topAnchor.constraint(equalTo: view.topAnchor),
            topSeparatorView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            topSeparatorView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            topSeparatorView.heightAnchor.constraint(equalToConstant: 1),
        ])
    }

    /// The popover background and the hairline colour from `appearance`.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.popoverBackground
        topSeparatorView.backgroundColor = appearance.colorPalette.border
    }

    /// Builds one row per shown user, highlights ``highlightedIndex`` and hides the view when
    /// there is nothing to suggest.
    open override func updateContent() {
        super.updateContent()
        let shown = Array(users.prefix(max(0, Int(numberOfVisibleRows))))
        while cells.count > shown.count { cells.removeLast().removeFromSuperview() }
        while cells.count < shown.count {
            let cell = components.suggestionsMentionCollectionViewCell.init(frame: .zero)
            hand(appearance, components, to: cell)
            let index = cells.count
            cell.onTap = { [weak self] in self?.didSelectItemAt?(index) }
            containerView.addArrangedSubview(cell)
            cells.append(cell)
        }
        for (index, cell) in cells.enumerated() {
            if cell.mentionView.content != shown[index] { cell.mentionView.content = shown[index] }
            cell.isHighlighted = index == highlightedIndex
            cell.updateContentIfNeeded()
        }
        view.isHidden = shown.isEmpty
    }
}
