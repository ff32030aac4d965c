import Foundation
import ParleyUIKit

/// `solver.cell_fitting_us`: sizing a message-cell-like view with Auto Layout, as a list does for
/// each row it measures.
///
/// The cell: an avatar (36×36 by constraints), a header `ContainerStackView` (author name and
/// timestamp), and a bubble holding a multi-line text label, built with anchors (22 constraints
/// of ours plus the stack's and the content sizes). One cell is reused; each step gives it the
/// next message of a 50-message set from `ChatCorpus` (name, text, time) and asks
/// `systemLayoutSizeFitting` for its height at a width of 375 (`.required` horizontally,
/// `.fittingSizeLevel` vertically). The timing covers the configuration and the fitting, with
/// text caches warm (every message was sized twice before timing starts): what remains is the
/// layout engine's work, including the multi-line label's second pass.
extension SolverBench {
    /// The cell-fitting figure, made on the main actor (views are main-actor objects).
    static func cellFittingResults(quick: Bool) throws -> [BenchResult] {
        let (median, height) = try onMainActor { try measureCellFitting(quick: quick) }
        return [
            BenchResult(name: "solver.cell_fitting_us", value: median, unit: "us", target: 50, better: .lower),
            info("solver.cell_fitting_last_height", height, "pt"),
        ]
    }

    /// The median microseconds of configure + fit, and the last height (as a sanity figure).
    @MainActor
    private static func measureCellFitting(quick: Bool) throws -> (Double, Double) {
        let cell = MessageCell()
        let messages = Array(ChatCorpus.messages(count: 50, seed: 7))
        for index in 0..<(2 * messages.count) {
            _ = cell.fit(configuredWith: index, messages: messages)
        }
        var lastHeight = 0.0
        let (median, _) = medianMicroseconds(repetitions: quick ? 2_000 : 20_000, warmup: 100, budget: quick ? 1 : 3) { index in
            lastHeight = Double(cell.fit(configuredWith: index, messages: messages).height)
        }
        return (median, lastHeight)
    }

    /// Runs `body` on the main actor from the benchmark's synchronous, non-isolated code.
    private static func onMainActor<T: Sendable>(_ body: @MainActor () throws -> T) throws -> T {
        if Thread.isMainThread { return try MainActor.assumeIsolated(body) }
        // The bench command runs off the main thread while the main actor's queue is idle.
        return try DispatchQueue.main.sync { try MainActor.assumeIsolated(body) }
    }
}

/// A message row: avatar, header (name and time), bubble with the text.
@MainActor
private final class MessageCell: UIView {
    let avatar = UIImageView()
    let nameLabel = UILabel()
    let timeLabel = UILabel()
    let header = ContainerStackView(axis: .horizontal, alignment: .center, spacing: 6)
    let bubble = UIView()
    let textLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        nameLabel.font = .boldSystemFont(ofSize: 13)
        timeLabel.font = .systemFont(ofSize: 11)
        textLabel.font = .systemFont(ofSize: 16)
        textLabel.numberOfLines = 0
        nameLabel.setContentHuggingPriority(.defaultLow - 10, for: .horizontal)
        timeLabel.setContentCompressionResistancePriority(.defaultHigh + 10, for: .horizontal)
        header.addArrangedSubviews([nameLabel, timeLabel])
        for view in [avatar, header, bubble] as [UIView] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        textLabel.translatesAutoresizingMaskIntoConstraints = false
        bubble.addSubview(textLabel)
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            avatar.widthAnchor.constraint(equalToConstant: 36),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            avatar.bottomAnchor.constraint(equalTo: bubble.bottomAnchor),
            avatar.topAnchor.constraint(greaterThanOrEqualTo: topAnchor, constant: 8),

            header.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            header.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: 4),
            header.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -16),

            bubble.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
            bubble.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 4),
            bubble.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -60),
            bubble.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
            bubble.widthAnchor.constraint(greaterThanOrEqualToConstant: 36),
            bubble.heightAnchor.constraint(greaterThanOrEqualToConstant: 36),

            textLabel.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: 12),
            textLabel.trailingAnchor.constraint(equalTo: bubble.trailingAnchor, constant: -12),
            textLabel.topAnchor.constraint(equalTo: bubble.topAnchor, constant: 8),
            textLabel.bottomAnchor.constraint(equalTo: bubble.bottomAnchor, constant: -8),
        ])
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    /// Shows message `index` (name, text, time) and returns the fitting size at a width of 375.
    func fit(configuredWith index: Int, messages: [String]) -> CGSize {
        let names = ["Maria", "Tom Jansen", "Aiko", "Olusegun Adeyemi", "Lena"]
        nameLabel.text = names[index % names.count]
        textLabel.text = messages[index % messages.count]
        timeLabel.text = "\(9 + index % 12):\(10 + index % 50)"
        return systemLayoutSizeFitting(CGSize(width: 375, height: 0), withHorizontalFittingPriority: .required,
                                       verticalFittingPriority: .fittingSizeLevel)
    }
}
