import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

/// The side of a channel row a swipe opens (the SwiftUI chat SDK's `SwipeDirection`).
public enum SwipeDirection: Sendable {
    /// Swiped to the right: the leading actions show.
    case leading
    /// Swiped to the left: the trailing actions show.
    case trailing

    /// The sign of an open row's offset on this side.
    var sideFactor: CGFloat { self == .leading ? 1 : -1 }
}

/// The horizontal drag on ``ChatChannelListView``'s rows, with the SwiftUI chat SDK's rules: the
/// row under the finger slides with it toward a side that has actions, and when the finger lifts
/// it snaps open (past the trigger distance and most of the actions' width) or closed; opening a
/// row closes the one open before (the list has one ``ChatChannelListView/swipedChannelId``).
@MainActor
final class ChannelRowSwipeTracker: UIGestureRecognizerDelegate {
    /// The width of one action button (the SDK's `widthOfTrailingItem`).
    static let itemWidth: CGFloat = 60
    /// How many buttons the trailing area has (more, delete).
    static let trailingItems = 2
    /// The distance a drag must pass before the row can open.
    static let openTriggerValue: CGFloat = 60
    /// Drags farther than this are ignored.
    static let maxTriggerValue: CGFloat = 300

    weak var list: ChatChannelListView?
    /// The ids of the rows the list shows, top to bottom (set as the list makes them).
    var rowIds: [String] = []
    /// The swiped row: its channel id, offset and buttons' width.
    private(set) var swipe: ChannelRowSwipe?
    /// The side the row is open on (nil while closed or being dragged closed).
    private(set) var openSide: SwipeDirection?
    /// The recognizer, on the list's scroll view.
    private(set) lazy var recognizer: UIPanGestureRecognizer = {
        let pan = UIPanGestureRecognizer { [weak self] pan in self?.handle(pan) }
        pan.name = "ChatChannelListView swipe"
        pan.delegate = self
        return pan
    }()

    init(list: ChatChannelListView) {
        self.list = list
    }

    /// The open width of a side: the trailing buttons (with the SDK's 8 points of margin) or one
    /// leading button.
    static func width(of side: SwipeDirection) -> CGFloat {
        side == .leading ? itemWidth : itemWidth * CGFloat(trailingItems) + 8
    }

    /// Begins for a mostly horizontal drag that starts on a row.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let list, let view = recognizer.view else { return false }
        let translation = recognizer.translation(in: view)
        guard abs(translation.x) > abs(translation.y) * 1.5 else { return false }
        let location = recognizer.location(in: list.listView)
        return list.channelId(at: CGPoint(x: location.x - translation.x, y: location.y - translation.y)) != nil
    }

    private func handle(_ pan: UIPanGestureRecognizer) {
        guard let list else { return }
        let translation = pan.translation(in: list.listView)
        switch pan.state {
        case .began:
            let location = pan.location(in: list.listView)
            guard let id = list.channelId(at: CGPoint(x: location.x - translation.x, y: location.y - translation.y)) else { return }
            if id != swipe?.channelId {
                // Another row: the open one closes (and the list hears it), this one starts closed.
                close()
                swipe = ChannelRowSwipe(channelId: id, offsetX: 0, buttonWidth: 0)
            }
        case .changed:
            dragChanged(to: translation.x)
        case .ended, .cancelled, .failed:
            dragEnded()
        default:
            break
        }
    }

    private func dragChanged(to translation: CGFloat) {
        guard let list, let id = swipe?.channelId, abs(translation) <= Self.maxTriggerValue else { return }
        let (leading, trailing) = list.swipeSides(of: id)
        var offset = (openSide.map { Self.width(of: $0) * $0.sideFactor } ?? 0) + translation
        // Only toward a side with actions.
        offset = min(max(offset, trailing ? -Self.maxTriggerValue : 0), leading ? Self.maxTriggerValue : 0)
        set(offset: offset, of: id)
    }

    private func dragEnded() {
        guard let list, let swipe else { return }
        let (leading, trailing) = list.swipeSides(of: swipe.channelId)
        let offset = swipe.offsetX
        let side: SwipeDirection? = offset > 0 && leading ? .leading : offset < 0 && trailing ? .trailing : nil
        if let side, abs(offset) >= max(Self.openTriggerValue, Self.width(of: side) * 0.8) {
            openSide = side
            set(offset: Self.width(of: side) * side.sideFactor, of: swipe.channelId)
        } else {
            close()
        }
    }

    /// Opens the trailing side of `channelId`'s row (the list's `swipedChannelId` was set).
    func open(_ channelId: String) {
        guard swipe?.channelId != channelId || swipe?.offsetX == 0, let list else { return }
        let (leading, trailing) = list.swipeSides(of: channelId)
        guard let side: SwipeDirection = trailing ? .trailing : leading ? .leading : nil else { return }
        openSide = side
        set(offset: Self.width(of: side) * side.sideFactor, of: channelId)
    }

    /// Closes the swiped row.
    func close() {
        openSide = nil
        guard let id = swipe?.channelId else { return }
        set(offset: 0, of: id)
    }

    private func set(offset: CGFloat, of channelId: String) {
        let side: SwipeDirection = offset < 0 ? .trailing : .leading
        let count = CGFloat(side == .trailing ? Self.trailingItems : 1)
        let next = ChannelRowSwipe(channelId: channelId, offsetX: offset, buttonWidth: abs(offset) / count)
        guard next != swipe else { return }
        swipe = offset == 0 ? nil : next
        list?.swipeDidChange(to: offset == 0 ? nil : channelId)
    }
}

extension ChatChannelListView {
    /// How far the row of ``swipedChannelId`` is slid: negative to the left (its trailing actions
    /// show), positive to the right, 0 when no row is swiped.
    public var swipeOffset: CGFloat { swipeTracker.swipe?.offsetX ?? 0 }

    /// The swiped row as the rows are made.
    var rowSwipe: ChannelRowSwipe? { swipeTracker.swipe }

    /// The channel id of the row at `point` (in the list's content coordinates): a binary search
    /// of the rows shown, top to bottom.
    func channelId(at point: CGPoint) -> String? {
        let ids = swipeTracker.rowIds
        var (low, high) = (0, ids.count - 1)
        while low <= high {
            let middle = (low + high) / 2
            guard let frame = listView.frame(id: ids[middle]) else { return nil }
            if point.y < frame.minY {
                high = middle - 1
            } else if point.y >= frame.maxY {
                low = middle + 1
            } else {
                return frame.contains(point) ? ids[middle] : nil
            }
        }
        return nil
    }

    /// Whether the factory's row of `channelId` has leading and trailing actions.
    func swipeSides(of channelId: String) -> (leading: Bool, trailing: Bool) {
        guard let channel = channels.first(where: { $0.cid.rawValue == channelId }) else { return (false, false) }
        return Self.swipeSides(of: viewFactory, channel: channel)
    }

    private static func swipeSides<Factory: ViewFactory>(of factory: Factory, channel: ChatChannel) -> (leading: Bool, trailing: Bool) {
        let swiped = Binding<String?>.constant(channel.cid.rawValue)
        let leading: Factory.LeadingSwipeActionsViewType = factory.makeLeadingSwipeActionsView(
            channel: channel, offsetX: 0, buttonWidth: 0, swipedChannelId: swiped, buttonTapped: { _ in })
        let trailing: Factory.TrailingSwipeActionsViewType = factory.makeTrailingSwipeActionsView(
            channel: channel, offsetX: 0, buttonWidth: 0, swipedChannelId: swiped, leftButtonTapped: { _ in }, rightButtonTapped: { _ in })
        return (!(leading is EmptyView), !(trailing is EmptyView))
    }

    /// The tracker moved or closed a row.
    func swipeDidChange(to channelId: String?) {
        if swipedChannelId != channelId {
            swipedChannelId = channelId
        } else {
            updateContentIfNeeded()
        }
    }

    /// Keeps the tracker in step with a ``swipedChannelId`` set from outside: a new id opens its
    /// row, `nil` closes the open one.
    func swipedChannelIdDidChange() {
        if let swipedChannelId { swipeTracker.open(swipedChannelId) } else { swipeTracker.close() }
    }

    // MARK: The default swipe buttons

    /// The trailing area's right button (delete): asks to confirm, then deletes the channel (the
    /// SDK's `onDeleteTapped(channel:)`).
    public func onDeleteTapped(channel: ChatChannel) {
        swipedChannelId = nil
        let l10n = appearance.l10n
        let alert = UIAlertController(title: l10n.tr("factory.deleteConversation"), message: l10n.tr("factory.deleteConversation.message"),
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: l10n.tr("alert.actions.cancel"), style: .cancel))
        alert.addAction(UIAlertAction(title: l10n.tr("alert.actions.delete"), style: .destructive) { [weak self] _ in
            self?.delete(channel: channel)
        })
        present(alert, animated: true)
    }

    /// Deletes the channel through its controller; a refusal shows an alert (the SDK's
    /// `delete(channel:)`).
    public func delete(channel: ChatChannel) {
        guard let client = controller?.client else { return }
        let channelController = client.channelController(for: channel.cid)
        pendingSwipeAction = Task { @MainActor [weak self] in
            do {
                try await channelController.deleteChannel()
            } catch {
                self?.showSwipeActionError(message: self?.appearance.l10n.tr("channel.swipe.delete-failed") ?? "")
            }
        }
    }

    /// The trailing area's left button (more): shows the factory's
    /// ``ViewFactory/makeMoreChannelActionsView(for:swipedChannelId:onDismiss:onError:)`` over the
    /// list (the SDK's `onMoreTapped(channel:)`).
    public func onMoreTapped(channel: ChatChannel) {
        let swiped = Binding<String?>(get: { [weak self] in self?.swipedChannelId }, set: { [weak self] in self?.swipedChannelId = $0 })
        let sheet = ChannelListRowContext.with(client: controller?.client) {
            Self.moreActions(of: viewFactory, channel: channel, swipedChannelId: swiped, onDismiss: { [weak self] in
                self?.swipedChannelId = nil
                self?.presentedViewController?.dismiss(animated: true)
            }, onError: { [weak self] error in
                self?.presentedViewController?.dismiss(animated: true)
                self?.showSwipeActionError(message: (error as? LocalizedError)?.errorDescription ?? "\(error)")
            })
        }
        present(sheet, animated: true)
    }

    private static func moreActions<Factory: ViewFactory>(
        of factory: Factory, channel: ChatChannel, swipedChannelId: Binding<String?>,
        onDismiss: @escaping @MainActor () -> Void, onError: @escaping @MainActor (Error) -> Void
    ) -> UIViewController {
        let view = factory.makeMoreChannelActionsView(for: channel, swipedChannelId: swipedChannelId,
                                                      onDismiss: { MainActor.assumeIsolated { onDismiss() } },
                                                      onError: { error in MainActor.assumeIsolated { onError(error) } })
        return UIHostingController(rootView: AnyView(erasing: view) ?? AnyView(EmptyView()))
    }

    private func showSwipeActionError(message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: appearance.l10n.tr("alert.actions.ok"), style: .default))
        present(alert, animated: true)
    }
}
