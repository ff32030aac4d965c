import Foundation
import ParleyUIKit

/// The sample's one screen: a scrolling list of messages, a composer that sends on Enter (Shift+Enter
/// breaks the line), a navigation bar with a button that opens an alert.
@MainActor
final class SampleViewController: UIViewController, UITextViewDelegate {
    private let list = UIScrollView()
    private let composer = UITextView()
    private let sendButton = UIButton(type: .system)
    private var rows: [UILabel] = []
    private(set) var sentCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Parley sample"
        view.backgroundColor = .systemBackground
        list.alwaysBounceVertical = true
        list.accessibilityIdentifier = "list"
        view.addSubview(list)
        composer.font = .systemFont(ofSize: 16)
        composer.isScrollEnabled = false
        composer.layer.cornerRadius = 8
        composer.layer.borderWidth = 1
        composer.layer.borderColor = .systemGray4
        composer.textContainerInset = UIEdgeInsets(top: 8, left: 6, bottom: 8, right: 6)
        composer.delegate = self
        composer.accessibilityIdentifier = "composer"
        view.addSubview(composer)
        sendButton.setTitle("Send", for: .normal)
        sendButton.addHandler(for: .touchUpInside) { [weak self] in self?.send() }
        view.addSubview(sendButton)
        for index in 0..<40 { append("Message \(index + 1): the quick brown fox jumps over the lazy dog.") }
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "About", style: .plain) { [weak self] in self?.showAbout() }
    }

    private func append(_ text: String) {
        let label = UILabel()
        label.text = text
        label.numberOfLines = 0
        label.font = .systemFont(ofSize: 15)
        label.backgroundColor = rows.count.isMultiple(of: 2) ? .secondarySystemBackground : .systemBackground
        rows.append(label)
        list.addSubview(label)
        view.setNeedsLayout()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let composerWidth = bounds.width - 24 - 70
        let composerHeight = min(140, composer.sizeThatFits(CGSize(width: composerWidth, height: 0)).height)
        composer.frame = CGRect(x: 12, y: bounds.height - composerHeight - 12, width: composerWidth, height: composerHeight)
        sendButton.frame = CGRect(x: bounds.width - 12 - 64, y: composer.frame.maxY - 36, width: 64, height: 36)
        list.frame = CGRect(x: 0, y: 0, width: bounds.width, height: composer.frame.minY - 12)
        var y: CGFloat = 8
        for label in rows {
            let size = label.sizeThatFits(CGSize(width: bounds.width - 32, height: 0))
            label.frame = CGRect(x: 16, y: y, width: bounds.width - 32, height: size.height + 12)
            y += size.height + 16
        }
        list.contentSize = CGSize(width: bounds.width, height: y)
    }

    private func send() {
        let text = composer.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        sentCount += 1
        append("You: " + text)
        composer.text = ""
        view.setNeedsLayout()
        view.layoutIfNeeded()
        list.scrollRectToVisible(CGRect(x: 0, y: list.contentSize.height - 1, width: 1, height: 1), animated: true)
    }

    private func showAbout() {
        let alert = UIAlertController(title: "Parley", message: "A chat UI SDK for Swift on Linux.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }

    func textView(_ textView: UITextView, shouldReturnWith modifierFlags: UIKeyModifierFlags) -> Bool {
        if modifierFlags.contains(.shift) { return true }
        send()
        return false
    }

    func textViewDidChange(_ textView: UITextView) { view.setNeedsLayout() }
}
