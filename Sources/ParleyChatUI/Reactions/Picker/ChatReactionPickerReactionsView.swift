import Foundation
import ParleyChat
import ParleyUIKit

/// The reactions inside the reaction picker: every available reaction, large, the current
/// user's highlighted. Its `stackView` is horizontal by default; make it vertical in a subclass:
///
/// ```swift
/// class CustomChatReactionPickerReactionsView: ChatReactionPickerReactionsView {
///     override func setUpLayout() {
///         super.setUpLayout()
///         stackView.axis = .vertical
///     }
/// }
/// ```
@preconcurrency @MainActor
open class ChatReactionPickerReactionsView: ChatMessageReactionsView {
    /// The picker's items: `components.reactionPickerReactionItemView`.
    open override var reactionItemView: ChatMessageReactionItemView.Type { components.reactionPickerReactionItemView }

    /// Creates the view.
    public required init(frame: CGRect) {
        super.init(frame: frame)
        animatesNewReactions = false
        // One Tab stop; Left and Right move between the reactions.
        focusGroupIdentifier = Self.focusGroupID
    }

    /// The focus group of the picker's reactions.
    static let focusGroupID = "parley.reaction-picker"
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }


    /// Spaces the large items a little more.
    open override func setUpLayout() {
        super.setUpLayout()
        stackView.spacing = 4
    }
}
