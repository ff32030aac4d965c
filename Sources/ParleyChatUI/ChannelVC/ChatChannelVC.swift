import Foundation
import ParleyChat
import ParleyUIKit

/// The channel screen: header, message list and composer.
@MainActor
open class ChatChannelVC: _ViewController {
    /// The channel shown; set before the view loads.
    public var channelController: ChatChannelController!
}
