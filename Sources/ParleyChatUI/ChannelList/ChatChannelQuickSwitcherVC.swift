import Foundation
import ParleyChat
import ParleyUIKit

/// The quick switcher (Ctrl+K on the channel list): a sheet with a field that finds channels by
/// a fuzzy match of their names as the user types; Up and Down move the selection, Enter opens
/// the selected channel (``onSelect``), Escape closes the sheet.
///
/// ```swift
/// let switcher = ChatChannelQuickSwitcherVC()
/// switcher.channels = channelList.channels
/// switcher.onSelect = { cid in channelList.router.showChannel(for: cid) }
/// channelList.present(switcher, animated: true)
/// ```
@preconcurrency @MainActor
open class ChatChannelQuickSwitcherVC: _ViewController {
    /// The channels to search, in the order shown for an empty query (the list's order).
    public var channels: [ChatChannel] = [] { didSet { updateContentIfNeeded() } }
    /// The current user (channel names of direct messages leave them out).
    public var currentUserId: UserId?
    /// Called with the channel picked (the sheet has been dismissed).
    public var onSelect: (@MainActor (ChannelId) -> Void)?

    /// The most rows shown.
    open var maximumResults: Int { 8 }
    /// The height of a row.
    open var rowHeight: CGFloat { 44 }

    /// The search field.
    open private(set) lazy var searchField = UITextField()
    /// The rows: one per match, best first.
    public private(set) var rowViews: [ChatChannelQuickSwitcherRow] = []
    /// Shown when nothing matches.
    open private(set) lazy var emptyLabel = UILabel()

    /// The matches of the query, best first.
    public private(set) var results: [ChatChannel] = []
    /// The index of the selected match.
    public private(set) var selectedIndex = 0

    /// A quick switcher.
    public required init() {
        super.init()
        modalPresentationStyle = .formSheet
        preferredContentSize = CGSize(width: 520, height: 420)
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// Filters as the user types.
    open override func setUp() {
        super.setUp()
        searchField.addAction(UIAction { [weak self] _ in self?.updateContent() }, for: .editingChanged)
        searchField.accessibilityIdentifier = "quick-switcher-field"
    }

    /// The field on top, the rows below it.
    open override func setUpLayout() {
        super.setUpLayout()
        view.addSubview(searchField)
        view.addSubview(emptyLabel)
        emptyLabel.textAlignment = .center
    }

    /// Colours and fonts.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.popoverBackground
        searchField.placeholder = appearance.l10n.tr("quick-switcher.placeholder")
        searchField.font = appearance.fonts.title3
        searchField.textColor = appearance.colorPalette.text
        searchField.backgroundColor = appearance.colorPalette.background2
        searchField.layer.cornerRadius = 10
        emptyLabel.text = appearance.l10n.tr("quick-switcher.empty")
        emptyLabel.font = appearance.fonts.body
        emptyLabel.textColor = appearance.colorPalette.subtitleText
    }

    /// Puts the caret in the field.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        searchField.becomeFirstResponder()
    }

    /// Matches the query and rebuilds the rows.
    open override func updateContent() {
        super.updateContent()
        let query = searchField.text ?? ""
        results = Self.matches(of: query, in: channels, name: displayName(of:)).prefix(maximumResults).map { $0 }
        selectedIndex = min(selectedIndex, max(0, results.count - 1))
        if query != lastQuery { selectedIndex = 0 }
        lastQuery = query
        while rowViews.count < results.count {
            let row = ChatChannelQuickSwitcherRow()
            let index = rowViews.count
            row.addAction(UIAction { [weak self] _ in self?.select(index: index) }, for: .touchUpInside)
            view.addSubview(row)
            rowViews.append(row)
        }
        for (index, row) in rowViews.enumerated() {
            row.isHidden = index >= results.count
            guard index < results.count else { continue }
            let channel = results[index]
            row.titleLabel.text = displayName(of: channel)
            let unread = channel.unreadCount.messages
            row.unreadLabel.text = unread > 0 ? "\(unread)" : nil
            row.titleLabel.font = unread > 0 ? appearance.fonts.bodyBold : appearance.fonts.body
            row.titleLabel.textColor = appearance.colorPalette.text
            row.unreadLabel.textColor = appearance.colorPalette.staticColorText
            row.unreadLabel.backgroundColor = appearance.colorPalette.alert
            row.unreadLabel.font = appearance.fonts.footnoteBold
            row.selectionColor = appearance.colorPalette.highlightedAccentBackground1
            row.isSelected = index == selectedIndex
            row.accessibilityIdentifier = "quick-switcher-\(channel.cid.rawValue)"
        }
        emptyLabel.isHidden = !results.isEmpty
        view.setNeedsLayout()
    }

    private var lastQuery = ""

    /// The field across the top, the rows stacked under it.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        searchField.frame = CGRect(x: 16, y: 16, width: max(0, bounds.width - 32), height: 44)
        var y: CGFloat = 72
        for row in rowViews where !row.isHidden {
            row.frame = CGRect(x: 8, y: y, width: max(0, bounds.width - 16), height: rowHeight)
            y += rowHeight
        }
        emptyLabel.frame = CGRect(x: 16, y: 72, width: max(0, bounds.width - 32), height: rowHeight)
    }

    /// Up and Down move the selection and Enter opens it, even with the caret in the field.
    open override var keyCommands: [UIKeyCommand]? {
        let up = UIKeyCommand(input: UIKeyCommand.inputUpArrow) { [weak self] _ in self?.moveSelection(by: -1) }
        let down = UIKeyCommand(input: UIKeyCommand.inputDownArrow) { [weak self] _ in self?.moveSelection(by: 1) }
        let enter = UIKeyCommand(input: "\r") { [weak self] _ in self?.select(index: self?.selectedIndex ?? 0) }
        for command in [up, down, enter] { command.wantsPriorityOverSystemBehavior = true }
        return [up, down, enter]
    }

    /// Moves the selection by `delta` rows (wrapping).
    open func moveSelection(by delta: Int) {
        guard !results.isEmpty else { return }
        selectedIndex = (selectedIndex + delta + results.count) % results.count
        for (index, row) in rowViews.enumerated() { row.isSelected = index == selectedIndex }
    }

    /// Dismisses the sheet and opens the match at `index`.
    open func select(index: Int) {
        guard results.indices.contains(index) else { return }
        let cid = results[index].cid
        let onSelect = onSelect
        dismiss(animated: false) { onSelect?(cid) }
    }

    /// The name the list shows for a channel.
    open func displayName(of channel: ChatChannel) -> String {
        appearance.formatters.channelName.format(channel: channel, forCurrentUserId: currentUserId) ?? channel.cid.id
    }

    /// The channels whose names match `query` fuzzily, best first (all of them, in order, for an
    /// empty query).
    public static func matches(of query: String, in channels: [ChatChannel], name: (ChatChannel) -> String) -> [ChatChannel] {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return channels }
        let scored = channels.enumerated().compactMap { index, channel in
            fuzzyScore(of: trimmed, in: name(channel)).map { (channel, $0, index) }
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.map(\.0)
    }

    /// How well `query` matches `text` when its characters appear in order (nil: they do not):
    /// case and accents are ignored; matches at word starts and runs of consecutive characters
    /// score higher, a prefix highest.
    public static func fuzzyScore(of query: String, in text: String) -> Int? {
        let fold = { (string: String) in Array(string.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)) }
        let needle = fold(query), haystack = fold(text)
        guard !needle.isEmpty else { return 0 }
        var score = 0, position = 0, previous = -2
        for character in needle where !character.isWhitespace {
            guard let found = haystack[position...].firstIndex(of: character) else { return nil }
            let atWordStart = found == 0 || !(haystack[found - 1].isLetter || haystack[found - 1].isNumber)
            score += 1 + (atWordStart ? 8 : 0) + (found == previous + 1 ? 5 : 0) + (found == 0 ? 10 : 0)
            previous = found
            position = found + 1
        }
        return score - haystack.count / 8
    }
}

/// One row of the quick switcher: the channel's name and its unread count.
@preconcurrency @MainActor
open class ChatChannelQuickSwitcherRow: UIControl {
    /// The channel's name.
    public let titleLabel = UILabel()
    /// The unread count (hidden when nil).
    public let unreadLabel = UILabel()
    /// The background of the selected row.
    public var selectionColor: UIColor = .systemBlue.withAlphaComponent(0.15) { didSet { stateDidChange() } }

    /// A row.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 8
        addSubview(titleLabel)
        addSubview(unreadLabel)
        unreadLabel.textAlignment = .center
        unreadLabel.layer.cornerRadius = 9
        unreadLabel.clipsToBounds = true
        titleLabel.isUserInteractionEnabled = false
        unreadLabel.isUserInteractionEnabled = false
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    /// The rows are picked with the arrows from the field, not focused one by one.
    open override var canBecomeFocused: Bool { false }

    /// The selected or hovered background.
    open override func stateDidChange() {
        super.stateDidChange()
        backgroundColor = isSelected ? selectionColor : isHovered ? selectionColor.withAlphaComponent(0.5) : nil
    }

    /// Hover tints the row.
    open override func hoverDidChange() {
        super.hoverDidChange()
        stateDidChange()
    }

    /// The name on the leading side, the badge on the trailing side.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let badge = unreadLabel.text == nil ? CGSize.zero : CGSize(width: max(22, unreadLabel.intrinsicContentSize.width + 12), height: 18)
        unreadLabel.isHidden = unreadLabel.text == nil
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        unreadLabel.frame = CGRect(x: rtl ? 12 : bounds.width - 12 - badge.width, y: (bounds.height - badge.height) / 2, width: badge.width, height: badge.height)
        let titleWidth = max(0, bounds.width - 24 - (badge.width > 0 ? badge.width + 8 : 0))
        titleLabel.frame = CGRect(x: rtl ? bounds.width - 12 - titleWidth : 12, y: 0, width: titleWidth, height: bounds.height)
    }
}
