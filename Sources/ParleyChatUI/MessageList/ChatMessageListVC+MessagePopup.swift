import Foundation
import ParleyChat
import ParleyUIKit

/// The long press that opens the message popup (issue 8).
extension ChatMessageListVC {
    /// How long a press opens the popup (Stream's 0.33 s).
    static let messageLongPressDuration: TimeInterval = 0.33

    /// Adds the long-press recognizer to the list.
    func setUpMessageLongPress() {
        let longPress = UILongPressGestureRecognizer { [weak self] recognizer in
            guard let self, recognizer.state == .began else { return }
            let location = recognizer.location(in: self.listView)
            guard let row = self.listView.visibleViews.first(where: { !$0.isHidden && $0.frame.contains(location) }) as? ChatMessageContentView,
                  let message = row.content
            else { return }
            self.delegate?.chatMessageListVC(self, didLongPressOn: message, messageView: row)
        }
        longPress.name = "ChatMessageListVC long press"
        longPress.minimumPressDuration = Self.messageLongPressDuration
        listView.addGestureRecognizer(longPress)
    }
}
