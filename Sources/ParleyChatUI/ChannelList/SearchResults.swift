import Foundation
import ParleyChat
import ParleyComponent
import ParleyUIKit

/// One message found by the channel list's search: the author's avatar, the channel's name and
/// the time on the first line, "Author: text" with the matched words in bold below.
///
/// The row is pressable (it highlights while pressed) and reports taps through ``onTap``.
///
/// ```
/// mainContainer (horizontal)
/// ├── avatarView
/// └── rightContainer (vertical)
///     ├── topContainer: titleLabel, timestampLabel
///     └── subtitleLabel
/// ```
@preconcurrency @MainActor
open class ChatMessageSearchResultView: _Control, ReusableView {
    /// What a result row shows.
    public struct Content {
        /// The message found.
        public let message: ChatMessage
        /// Its channel, when the store knows it.
        public let channel: ChatChannel?
        /// The words searched for (their matches are bold).
        public let query: String
        /// The user searching (for "You:" and direct-message names).
        public let currentUserId: UserId?

        /// The content of a result row.
        public init(message: ChatMessage, channel: ChatChannel?, query: String, currentUserId: UserId?) {
            self.message = message
            self.channel = channel
            self.query = query
            self.currentUserId = currentUserId
        }
    }

    /// The result shown; setting it updates the row.
    public var content: Content? {
        didSet { updateContentIfNeeded() }
    }

    /// What a tap does (the search opens the channel at the message).
    public var onTap: (@MainActor () -> Void)?

    /// The row: the avatar, then ``rightContainer``.
    open private(set) lazy var mainContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 12)
    /// The title line above the message.
    open private(set) lazy var rightContainer = ContainerStackView(axis: .vertical, alignment: .fill, spacing: 4)
    /// The channel's name and the time.
    open private(set) lazy var topContainer = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 8)
    /// The channel's name.
    open private(set) lazy var titleLabel = UILabel()
    /// "Author: text", the matched words in bold.
    open private(set) lazy var subtitleLabel = UILabel()
    /// When the message was sent.
    open private(set) lazy var timestampLabel = UILabel()
    /// The author's avatar (a `components.avatarView`).
    open private(set) lazy var avatarView: ChatAvatarView = components.avatarView.init(frame: .zero)
    /// The hairline along the bottom edge.
    open private(set) lazy var separatorView = UIView()

    /// Text longer than this is cut before it reaches a label (a row shows two lines).
    static let maxDisplayedCharacters = 300

    /// Creates a row.
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Sends taps to ``onTap``.
    open override func setUp() {
        super.setUp()
        addHandler(for: .primaryActionTriggered) { [weak self] in self?.onTap?() }
    }

    /// Builds the row from the containers.
    open override func setUpLayout() {
        super.setUpLayout()
        avatarView.appearance = appearance
        avatarView.components = components
        avatarView.isUserInteractionEnabled = false
        topContainer.addArrangedSubviews([titleLabel, timestampLabel])
        rightContainer.addArrangedSubviews([topContainer, subtitleLabel])
        mainContainer.addArrangedSubviews([avatarView, rightContainer])
        mainContainer.isLayoutMarginsRelativeArrangement = true
        mainContainer.layoutMargins = UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
        mainContainer.isUserInteractionEnabled = false
        mainContainer.translatesAutoresizingMaskIntoConstraints = false
        addSubview(mainContainer)
        NSLayoutConstraint.activate(edgeConstraints(pinning: mainContainer) + [
            avatarView.widthAnchor.constraint(equalToConstant: 40),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),
        ])
        for label in [titleLabel, subtitleLabel] {
            label.setContentHuggingPriority(.defaultLow, for: .horizontal)
            label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        }
        timestampLabel.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        timestampLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        separatorView.isUserInteractionEnabled = false
        addSubview(separatorView)
    }

    /// Fonts and colours from the appearance.
    open override func setUpAppearance() {
        super.setUpAppearance()
        titleLabel.font = appearance.fonts.bodyBold
        titleLabel.textColor = appearance.colorPalette.text
        subtitleLabel.font = appearance.fonts.footnote
        subtitleLabel.textColor = appearance.colorPalette.subtitleText
        timestampLabel.font = appearance.fonts.footnote
        timestampLabel.textColor = appearance.colorPalette.textLowEmphasis
        separatorView.backgroundColor = appearance.colorPalette.border
        let leading: NSTextAlignment = effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .left
        for label in [titleLabel, subtitleLabel, timestampLabel] {
            label.lineBreakMode = .byTruncatingTail
            label.textAlignment = leading
            label.numberOfLines = 1
        }
        subtitleLabel.numberOfLines = 2
        updateHighlight()
    }

    /// Fills the labels and the avatar from `content`.
    open override func updateContent() {
        super.updateContent()
        titleLabel.text = titleText
        subtitleLabel.attributedText = subtitleAttributedText
        timestampLabel.text = content.map { appearance.formatters.channelListMessageTimestamp.format($0.message.createdAt) }
        avatarView.content = content?.message.author
        accessibilityLabel = [titleText, subtitleAttributedText?.string, timestampLabel.text].compactMap { $0 }.joined(separator: ", ")
    }

    /// The channel's name (`appearance.formatters.channelName`), else its id.
    open var titleText: String? {
        guard let content else { return nil }
        guard let channel = content.channel else { return content.message.cid.id }
        let name = appearance.formatters.channelName.format(channel: channel, forCurrentUserId: content.currentUserId)
        return Self.displayable(name ?? channel.cid.id)
    }

    /// "Author: text" ("You: text" for your own), the words of the query in
    /// `appearance.fonts.footnoteBold`.
    open var subtitleAttributedText: NSAttributedString? {
        guard let content else { return nil }
        let message = content.message
        let author = message.author.id == content.currentUserId
            ? appearance.l10n.tr("you")
            : Self.displayable(message.author.name.isEmpty ? message.author.id : message.author.name)
        let prefix = author + ": "
        let body = Self.displayable(message.text)
        let result = NSMutableAttributedString(string: prefix + body, attributes: [
            .font: appearance.fonts.footnote, .foregroundColor: appearance.colorPalette.subtitleText,
        ])
        let bodyString = prefix + body
        let bodyStart = bodyString.index(bodyString.startIndex, offsetBy: prefix.count)
        for range in Self.matchRanges(of: content.query, in: bodyString[bodyStart...]) {
            result.addAttributes([.font: appearance.fonts.footnoteBold, .foregroundColor: appearance.colorPalette.text],
                                 range: NSRange(range, in: bodyString))
        }
        return result
    }

    /// The ranges of the words of `text` that the search matched: each word equal to a query
    /// word (case and diacritics folded), or starting with the query's last word when the query
    /// ends inside it.
    public static func matchRanges(of query: String, in text: Substring) -> [Range<String.Index>] {
        let terms = words(in: Substring(query)).map { fold(query[$0]) }
        guard !terms.isEmpty else { return [] }
        let endsInWord = query.last.map { $0.isLetter || $0.isNumber } ?? false
        let prefix = endsInWord ? terms.last : nil
        let exact = Set(terms)
        return words(in: text).filter { range in
            let word = fold(text[range])
            if exact.contains(word) { return true }
            if let prefix, word.hasPrefix(prefix) { return true }
            return false
        }
    }

    /// Runs of letters and digits.
    static func words(in text: Substring) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
            } else if let begun = start {
                result.append(begun..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let begun = start { result.append(begun..<text.endIndex) }
        return result
    }

    static func fold(_ word: Substring) -> String {
        String(word).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// One line, cut to ``maxDisplayedCharacters``, without NULs or line breaks.
    static func displayable(_ text: String) -> String {
        let clipped = text.count > maxDisplayedCharacters ? String(text.prefix(maxDisplayedCharacters)) + "…" : text
        return String(clipped.map { $0 == "\0" ? " " : ($0.isNewline ? " " : $0) })
    }

    /// Highlights while pressed.
    open override func stateDidChange() {
        super.stateDidChange()
        updateHighlight()
    }

    /// The background for the current state.
    open func updateHighlight() {
        backgroundColor = isHighlighted ? appearance.colorPalette.highlightedBackground : appearance.colorPalette.background
    }

    /// Keeps the hairline one device pixel tall along the bottom, from the text's leading edge.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let thickness = 1 / max(1, traitCollection.displayScale)
        separatorView.frame = CGRect(x: 0, y: bounds.height - thickness, width: bounds.width, height: thickness)
    }

    /// Clears the highlight and the tap action before the row shows another result.
    open func prepareForReuse() {
        isHighlighted = false
        onTap = nil
    }
}

/// The results of the channel list's search: message rows (``ChatMessageSearchResultView``), a
/// "No results" line, or the error of the last search.
///
/// ``search(_:)`` runs `client.searchMessages` after ``debounceInterval`` of quiet, on the main
/// actor; a newer query cancels the older one. Errors are shown, never thrown.
@preconcurrency @MainActor
open class ChatChannelListSearchVC: _ViewController {
    /// The client searched.
    public var client: ChatClient?

    /// The last query given to ``search(_:)``.
    public private(set) var query = ""
    /// The messages found for ``query``.
    public private(set) var results: [ChatMessage] = []
    /// Whether a search is waiting or running.
    public private(set) var isSearching = false
    /// The error of the last search, if it failed.
    public private(set) var lastError: ChatError?

    /// The quiet time after typing before a search runs (seconds).
    open var debounceInterval: TimeInterval = 0.25
    /// The most results shown.
    open var resultLimit = 50
    /// The height of a result row.
    open var rowHeight: CGFloat = 80

    /// What tapping a result does (the channel list opens the channel at the message).
    public var onSelect: (@MainActor (ChatMessage) -> Void)?

    /// The scrolling list of results.
    open private(set) lazy var listView = ComponentView()
    /// "No results", "Searching…" or the error.
    open private(set) lazy var statusLabel = UILabel()

    private var searchTask: Task<Void, Never>?
    private var channelCache: [ChannelId: ChatChannel?] = [:]

    /// The search results screen; set ``client`` before searching.
    public required init() {
        super.init()
    }
    /// Not decoded: Parley has no archives (see `UIViewController.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// The focus group of the results.
    static let focusGroupID = "parley.search-results"

    /// The list fills the view; the status line sits near the top.
    open override func setUpLayout() {
        super.setUpLayout()
        listView.frame = view.bounds
        listView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        listView.contentAnchor = .top
        listView.alwaysBounceVertical = true
        // One Tab stop; the arrows move between the results.
        listView.focusGroupIdentifier = Self.focusGroupID
        view.addSubview(listView)
        statusLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(statusLabel)
        NSLayoutConstraint.activate([
            statusLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            statusLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            statusLabel.topAnchor.constraint(equalTo: view.topAnchor, constant: 32),
        ])
    }

    /// Colours and fonts from the appearance.
    open override func setUpAppearance() {
        super.setUpAppearance()
        view.backgroundColor = appearance.colorPalette.background
        listView.backgroundColor = appearance.colorPalette.background
        statusLabel.font = appearance.fonts.body
        statusLabel.textColor = appearance.colorPalette.subtitleText
        statusLabel.textAlignment = .center
        statusLabel.numberOfLines = 3
    }

    /// Shows the rows, or the status line when there are none.
    open override func updateContent() {
        super.updateContent()
        listView.component = makeListComponent()
        statusLabel.text = statusText
        statusLabel.isHidden = statusText == nil
        listView.isHidden = results.isEmpty
    }

    /// "No results for “query”", "Searching…", the error, or `nil` when there are results.
    open var statusText: String? {
        if let lastError { return appearance.l10n.tr("channelList.search.failed", .string(appearance.l10n.message(for: lastError))) }
        guard results.isEmpty, !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        if isSearching { return appearance.l10n.tr("channelList.search.searching") }
        return appearance.l10n.tr("channelList.search.empty.subtitle", .string(ChatMessageSearchResultView.displayable(String(query.prefix(60)))))
    }

    /// Searches for `query` after ``debounceInterval``; an empty query clears the results.
    open func search(_ query: String) {
        self.query = query
        searchTask?.cancel()
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let client else {
            results = []
            isSearching = false
            lastError = nil
            updateContentIfNeeded()
            return
        }
        isSearching = true
        updateContentIfNeeded()
        let delay = debounceInterval
        let limit = resultLimit
        searchTask = Task { @MainActor [weak self] in
            if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
            guard !Task.isCancelled else { return }
            do throws(ChatError) {
                let found = try await client.searchMessages(trimmed, limit: limit)
                guard !Task.isCancelled else { return }
                self?.didFinishSearch(query, with: .success(found))
            } catch {
                guard !Task.isCancelled else { return }
                self?.didFinishSearch(query, with: .failure(error))
            }
        }
    }

    /// Shows the outcome of the search for `query` (ignored when the query changed since).
    open func didFinishSearch(_ query: String, with result: Result<[ChatMessage], ChatError>) {
        guard query == self.query else { return }
        isSearching = false
        switch result {
        case .success(let found):
            results = found
            lastError = nil
        case .failure(let error):
            results = []
            lastError = error
        }
        updateContentIfNeeded()
        listView.setContentOffset(.zero, animated: false)
    }

    /// The channel of a result, read once per channel.
    open func channel(for cid: ChannelId) -> ChatChannel? {
        if let cached = channelCache[cid] { return cached }
        let channel = try? client?.channel(cid)
        channelCache[cid] = .some(channel)
        return channel
    }

    /// The rows: one ``ChatMessageSearchResultView`` per result, in reusable cells.
    open func makeListComponent() -> any Component {
        let height = rowHeight
        let query = self.query
        let currentUserId = client?.currentUserId
        let rows: [any Component] = results.map { message in
            let content = ChatMessageSearchResultView.Content(
                message: message, channel: channel(for: message.cid), query: query, currentUserId: currentUserId)
            return ViewComponent(generator: { [weak self] in self?.makeRow() ?? ChatMessageSearchResultView(frame: .zero) })
                .update { [weak self] row in
                    row.content = content
                    row.onTap = { self?.onSelect?(message) }
                }
                .size(width: .fill, height: .absolute(height))
                .id(message.id)
                .reuseKey("search-result")
        }
        return VStack(alignItems: .stretch, children: rows)
    }

    /// A new result row with this screen's appearance and components.
    open func makeRow() -> ChatMessageSearchResultView {
        let row = ChatMessageSearchResultView(frame: .zero)
        row.appearance = appearance
        row.components = components
        return row
    }
}
