import Foundation
import ParleyChat
import ParleyUIKit

/// A thread: the parent message, its replies and a composer that replies in the thread.
@MainActor
open class ChatThreadVC: _ViewController {
}
