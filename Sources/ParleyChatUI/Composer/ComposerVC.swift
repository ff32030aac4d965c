import Foundation
import ParleyChat
import ParleyUIKit

/// The message composer controller: text, send, reply and edit modes, typing events.
@MainActor
open class ComposerVC: _ViewController {
}
