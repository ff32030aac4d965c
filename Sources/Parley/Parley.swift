/// Parley: a chat UI SDK for Swift on Linux.
///
/// `import Parley` brings in every public module — the UIKit-compatible toolkit, the declarative
/// engine, the chat core and the two chat UI SDKs — and what `import UIKit` brings on Apple
/// platforms besides UIKit itself: Foundation (with `CGFloat`, `CGSize`, `CGPoint`, `CGRect`,
/// `URL`, `Date`, `IndexPath`, `UUID`, `Bundle`, `DateFormatter`, …) and Dispatch. So a file
/// holding code written for iOS against `import UIKit` and `import StreamChatUI` needs this one
/// import, as the seeds' examples do (`scripts/check-seed-package` builds them that way).
@_exported import Foundation
@_exported import Dispatch
@_exported import ParleyUIKit
@_exported import ParleyComponent
@_exported import ParleyChat
@_exported import ParleyChatUI
@_exported import ParleyChatViews
@_exported import ParleySwiftUI
