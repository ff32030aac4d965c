import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// Every reaction of a message with its author: "N reactions" above a grid of
/// `components.reactionAuthorCell`, newest first, loading further pages from the store as the
/// grid scrolls.
///
/// ```swift
/// class CustomChatMessageReactionAuthorsVC: ChatMessageReactionAuthorsVC {
///     override var reactionAuthorCellSize: CGSize { CGSize(width: 64, height: 70) }
///     override func setUpAppearance() {
///         super.setUpAppearance()
///         topLabel.textColor = UIColor.white
///         view.backgroundColor = .black
///     }
/// }
/// ```
@preconcurrency @MainActor
open class ChatMessageReactionAuthorsVC: _ViewController, ChatMessageControllerDelegate, UIScrollViewDelegate {
    /// The message's controller: its `reactions` fill the grid, `loadNextReactions()` pages.
    public var messageController: ChatMessageController? {
        didSet {
            messageController?.delegate = self
            updateContentIfNeeded()
        }
    }

    /// The message, when there is no controller (its latest reactions are shown).
    public var message: ChatMessage? {
        didSet { updateContentIfNeeded() }
    }

    /// "N reactions".
    open private(set) lazy var topLabel = UILabel()
    /// The grid of authors.
    open private(set) lazy var collectionView = ComponentView()

    /// Each cell's size.
    open var reactionAuthorCellSize: CGSize { CGSize(width: 64, height: 80) }
    /// Space between cells.
    open var cellSpacing: CGFloat { 8 }
    /// How close to the end of the grid (points) scrolling loads the next page.
    open var pagingThreshold: CGFloat { 2 * reactionAuthorCellSize.height }

    /// The reactions shown, newest first: those loaded whose type has an appearance.
    open var reactions: [ChatMessageReaction] {
        let loaded = messageController?.reactions ?? message?.latestReactions ?? []
        let available = appearance.images.availableReactions
        return loaded.filter { available[$0.type] != nil }
    }

    /// How many reactions the message has in total (all pages), of the types shown.
    open var totalReactionsCount: Int {
        let groups = messageController?.message?.reactionGroups ?? message?.reactionGroups ?? [:]
        let available = appearance.images.availableReactions
        let total = groups.values.filter { available[$0.type] != nil }.reduce(0) { $0 + $1.count }
        return max(total, reactions.count)
    }

    /// Creates the controller.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Label on top, grid below.
    open override func setUpLayout() {
        super.setUpLayout()
        view.addSubview(topLabel)
        view.addSubview(collectionView)
        topLabel.translatesAutoresizingMaskIntoConstraints = false
        collectionView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            topLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            topLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            topLabel.topAnchor.constraint(equalTo: view.topAnchor, constant: 14),
            collectionView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 12),
            collectionView.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -12),
            collectionView.topAnchor.constraint(equalTo: topLabel.bottomAnchor, constant: 10),
            collectionView.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -8),
        ])
        collectionView.delegate = self
        collectionView.alwaysBounceVertical = false
    }

    /// A rounded card in the popover colour, the count in bold.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.popoverBackground
        view.layer.cornerRadius = 16
        view.layer.masksToBounds = true
        topLabel.font = appearance.fonts.headlineBold
        topLabel.textColor = appearance.colorPalette.text
        topLabel.textAlignment = .center
        collectionView.backgroundColor = nil
    }

    /// The count and the grid.
    open override func updateContent() {
        super.updateContent()
        let count = totalReactionsCount
        topLabel.text = appearance.l10n.plural("reaction.authors.count", count: count)
        let cellType = components.reactionAuthorCell
        let size = reactionAuthorCellSize
        let currentUserId = messageController?.client.currentUserId
            ?? message?.currentUserReactions.first?.author.id
            ?? ""
        let appearance = self.appearance, components = self.components
        let cells: [any Component] = reactions.map { reaction in
            ViewComponent<ChatMessageReactionAuthorViewCell>(generator: {
                let cell = cellType.init(frame: CGRect(origin: .zero, size: size))
                cell.appearance = appearance
                cell.components = components
                return cell
            })
            .update { cell in cell.content = .init(reaction: reaction, currentUserId: currentUserId) }
            .size(width: size.width, height: size.height)
            .id(reaction.id)
            .reuseKey("reactionAuthor")
        }
        collectionView.component = Flow(spacing: cellSpacing, justifyContent: .center, children: cells)
    }

    /// The size the card wants at `width`: the label and up to `maxRows` rows of cells.
    open func preferredSize(width: CGFloat, maxRows: CGFloat = 2.5) -> CGSize {
        let cell = reactionAuthorCellSize
        let columns = max(1, floor((width - 24 + cellSpacing) / (cell.width + cellSpacing)))
        let rows = max(1, ceil(CGFloat(max(reactions.count, 1)) / columns))
        let shownRows = min(rows, maxRows)
        let grid = shownRows * cell.height + max(0, ceil(shownRows) - 1) * cellSpacing
        return CGSize(width: width, height: 14 + 22 + 10 + grid + 8)
    }

    /// Loads the next page when the grid nears its end.
    open func loadMoreIfNeeded() {
        guard let messageController, !messageController.hasLoadedAllReactions else { return }
        let remaining = collectionView.contentSize.height - (collectionView.contentOffset.y + collectionView.bounds.height)
        guard remaining < pagingThreshold else { return }
        try? messageController.loadNextReactions()
    }

    // MARK: UIScrollViewDelegate

    /// Pages as the grid scrolls.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        loadMoreIfNeeded()
    }

    // MARK: ChatMessageControllerDelegate

    /// Shows the new reactions.
    public func messageController(_ controller: ChatMessageController, didChangeReactions changes: ListChange<String>) {
        updateContentIfNeeded()
    }

    /// Updates the count.
    public func messageController(_ controller: ChatMessageController, didChangeMessage message: ChatMessage) {
        updateContentIfNeeded()
    }
}
