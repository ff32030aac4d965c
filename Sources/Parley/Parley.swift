/// Parley: a chat UI SDK for Swift on Linux.
///
/// `import Parley` brings in every public module: the UIKit-compatible toolkit and the chat core
/// (and, as they are added, the declarative engine and the two chat UI SDKs).
@_exported import ParleyUIKit
@_exported import ParleyComponent
@_exported import ParleyChat
@_exported import ParleyChatUI
@_exported import ParleyChatViews
