import Foundation
import ParleyChat
import ParleyChatUI
import ParleyComponent
import ParleySwiftUI
import ParleyUIKit

// ChatChannelView's reactions overlay geometry: the raised message takes the frame of the bubble
// in the list, and the bubble there is hidden while the overlay is open, so one copy shows.

extension ChatChannelView {
    /// The frame, in the overlay's coordinates, of the message of `info`: its bubble's in the
    /// list when the row is the default one (measured, whatever `info` says), else `info`'s
    /// (window coordinates; empty stays empty).
    func overlayFrame(of info: MessageDisplayInfo) -> CGRect {
        listView.layoutIfNeeded()
        // The list finds rows by id; the bubble is found inside its row.
        if let row = listView.frame(id: info.message.id), let rowNode = listView.renderNode?.renderNode(id: info.message.id),
           let bubble = rowNode.frame(id: MessageDisplayInfo.bubbleID(of: info.message.id)), !bubble.isEmpty {
            return listView.convert(bubble.offsetBy(dx: row.minX, dy: row.minY), to: overlayView)
        }
        return info.frame.isEmpty ? info.frame : overlayView.convert(info.frame, from: nil)
    }

    /// `overlay` at the overlay's size: its host lays components out at an unbounded height, and
    /// the overlay places the message, the picker and the actions inside the screen.
    func sizedToOverlay(_ overlay: any Component) -> any Component {
        let size = overlayView.bounds.isEmpty ? view.bounds.size : overlayView.bounds.size
        return AnyComponent(overlay).size(width: .absolute(size.width), height: .absolute(size.height))
    }

    /// Hides the views of the list's bubble of the message `id` (the overlay shows its copy).
    func hideListBubble(of id: MessageId) {
        showListBubble()
        let bubbleID = MessageDisplayInfo.bubbleID(of: id)
        let views = listView.visibleViews
        for (index, viewID) in listView.visibleIDs.enumerated() where index < views.count
            && (viewID == bubbleID || viewID.hasPrefix(bubbleID + "/")) {
            hiddenBubbleViews.append((views[index], views[index].alpha))
            views[index].alpha = 0
        }
    }

    /// Shows the bubble ``hideListBubble(of:)`` hid again.
    func showListBubble() {
        for (view, alpha) in hiddenBubbleViews { view.alpha = alpha }
        hiddenBubbleViews = []
    }
}
