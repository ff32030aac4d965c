import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The channel list as a whole screen with its own title (the SwiftUI SDK's
/// `ChatChannelListScreen`): a ``ChatChannelListView`` whose header shows `title`.
///
/// ```swift
/// var body: some Scene {
///     WindowGroup {
///         ChatChannelListScreen(title: "Custom title")
///     }
/// }
/// ```
@preconcurrency @MainActor
open class ChatChannelListScreen: ChatChannelListView {
    /// A channel list titled `title` (`nil`: the localized default), its parts from `viewFactory`,
    /// showing `channelListController`'s channels (`nil`: those of `ChatViews.client`).
    public convenience init(title: String? = nil, viewFactory: some ViewFactory = DefaultViewFactory.shared,
                            channelListController: ChatChannelListController? = nil) {
        if let channelListController {
            self.init(viewFactory: viewFactory, controller: channelListController)
        } else {
            self.init(viewFactory: viewFactory)
        }
        listTitle = title
    }
}
