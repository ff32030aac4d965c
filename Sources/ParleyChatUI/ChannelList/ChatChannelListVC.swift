import Foundation
import ParleyChat
import ParleyUIKit

/// The channel list screen.
@MainActor
open class ChatChannelListVC: _ViewController {
}
