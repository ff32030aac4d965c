import Foundation
import ParleyChat
import ParleyChatUI
import ParleyUIKit
import ParleySwiftUI

/// The shared state of the declarative chat screens: the client they read when none is given
/// (the counterpart of the seeds' SDK's `StreamChat(chatClient:)` object).
///
/// ```swift
/// ChatViews.client = ChatClient(config: ChatClientConfig(currentUserId: "jordan"))
/// WindowGroup(title: "Chat") {
///     ChatChannelListView(viewFactory: CustomFactory.shared)
/// }.run()
/// ```
///
/// Every screen also takes a client explicitly (`ChatChannelListView(viewFactory:client:)`);
/// tests and apps with several accounts pass it.
@preconcurrency @MainActor
public enum ChatViews {
    /// The client screens use when none is passed to them; set it before creating a screen.
    public static var client: ChatClient?
    /// The utilities and configuration the screens read (set by ``StreamChat``).
    public static var utils = Utils()
}
