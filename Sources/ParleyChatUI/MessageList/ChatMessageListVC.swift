import Foundation
import ParleyChat
import ParleyUIKit

/// The message list: a ComponentView of messages, date and unread separators, typing indicator.
@MainActor
open class ChatMessageListVC: _ViewController {
}
