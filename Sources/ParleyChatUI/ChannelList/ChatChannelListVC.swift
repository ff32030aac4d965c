import Foundation
import ParleyChat
import ParleyUIKit

/// The channel list screen.
@MainActor
open class ChatChannelListVC: _ViewController {
    /// The channels shown; set before the view loads.
    public var controller: ChatChannelListController!
}
