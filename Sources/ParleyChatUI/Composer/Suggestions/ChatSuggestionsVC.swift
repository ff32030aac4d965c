import Foundation
import ParleyChat
import ParleyUIKit

/// The list of suggestions above the composer's input while the user types a mention ("@al") or
/// a command ("/gi"): one ``ChatMentionSuggestionCollectionViewCell`` per matching member, or one
/// ``ChatCommandSuggestionCollectionViewCell`` per matching command, at most
/// ``numberOfVisibleRows`` of them (typing more letters narrows the list).
///
/// ``ComposerVC`` owns it (`components.suggestionsVC`), fills ``users`` or ``commands``,
/// highlights the row Enter picks (Up and Down move it) and handles ``didSelectItemAt``.
@preconcurrency @MainActor
open class ChatSuggestionsVC: _ViewController {
    /// The users offered, best match first.
    open var users: [ChatUser] = [] {
        didSet { if users != oldValue { updateContentIfNeeded() } }
    }

    /// The commands offered (shown when ``users`` is empty), best match first.
    open var commands: [Command] = [] {
        didSet { if commands != oldValue { updateContentIfNeeded() } }
    }

    /// The index (into ``users``, or ``commands``) of the highlighted row, the one Enter picks; nil for none.
    open var highlightedIndex: Int? = 0 {
        didSet { if highlightedIndex != oldValue { updateContentIfNeeded() } }
    }

    /// How many rows show at most.
    open var numberOfVisibleRows: CGFloat = 4

    /// Called with the index of a tapped row.
    public var didSelectItemAt: ((Int) -> Void)?

    /// Whether the list is showing (it has users or commands and its view is not hidden).
    public var isPresented: Bool { isViewLoaded && !view.isHidden && rowCount > 0 }

    /// How many rows show: the users or commands offered, at most ``numberOfVisibleRows``.
    public var rowCount: Int { min(users.isEmpty ? commands.count : users.count, max(0, Int(numberOfVisibleRows))) }

    /// The rows, top to bottom.
    open private(set) lazy var containerView = ContainerStackView(axis: .vertical, spacing: 0)

    /// The mention rows currently shown (`components.suggestionsMentionCollectionViewCell`).
    public private(set) var cells: [ChatMentionSuggestionCollectionViewCell] = []

    /// The command rows currently shown (`components.suggestionsCommandCollectionViewCell`).
    public private(set) var commandCells: [ChatCommandSuggestionCollectionViewCell] = []

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

    /// Moves the highlight `offset` rows down (up when negative), wrapping around the shown rows.
    open func moveHighlight(by offset: Int) {
        let count = rowCount
        guard count > 0 else { return }
        highlightedIndex = (((highlightedIndex ?? (offset > 0 ? -1 : 0)) + offset) % count + count) % count
    }

    /// Builds one row per shown user (or command), highlights ``highlightedIndex`` and hides the
    /// view when there is nothing to suggest.
    open override func updateContent() {
        super.updateContent()
        let limit = max(0, Int(numberOfVisibleRows))
        syncRows(&commandCells, items: users.isEmpty ? Array(commands.prefix(limit)) : [],
                 make: { components.suggestionsCommandCollectionViewCell.init(frame: .zero) }) { cell, command in
            if cell.commandView.content != command { cell.commandView.content = command }
        }
        syncRows(&cells, items: Array(users.prefix(limit)), make: { components.suggestionsMentionCollectionViewCell.init(frame: .zero) }) { cell, user in
            if cell.mentionView.content != user { cell.mentionView.content = user }
        }
        view.isHidden = rowCount == 0
    }

    /// Makes `cells` one per item (adding and removing rows at the end), fills each and marks the
    /// highlighted one.
    private func syncRows<Cell: ChatSuggestionCollectionViewCell, Item>(
        _ cells: inout [Cell], items: [Item], make: () -> Cell, fill: (Cell, Item) -> Void
    ) {
        while cells.count > items.count { cells.removeLast().removeFromSuperview() }
        while cells.count < items.count {
            let cell = make()
            hand(appearance, components, to: cell)
            let index = cells.count
            cell.onTap = { [weak self] in self?.didSelectItemAt?(index) }
            containerView.addArrangedSubview(cell)
            cells.append(cell)
        }
        for (index, cell) in cells.enumerated() {
            fill(cell, items[index])
            cell.isHighlighted = index == highlightedIndex
            cell.updateContentIfNeeded()
        }
    }
}
