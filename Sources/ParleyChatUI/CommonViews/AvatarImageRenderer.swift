import Foundation
import ParleyChat
import ParleyUIKit

/// Draws generated avatars (initials on the user's colour) and loads local avatar files, caching
/// both so a list of a thousand rows renders each avatar once.
@preconcurrency @MainActor
public enum AvatarImageRenderer {
    private static var cache: [String: UIImage] = [:]

    /// The avatar for `user`: its local image file when it has one that loads, else its initials.
    public static func image(for user: ChatUser, side: CGFloat = 40) -> UIImage {
        if let url = user.imageURL, url.isFileURL {
            let key = "file:" + url.path
            if let hit = cache[key] { return hit }
            if let loaded = UIImage(contentsOfFile: url.path) {
                cache[key] = loaded
                return loaded
            }
        }
        return initialsImage(user.initials, color: user.avatarColor, side: side)
    }

    /// Initials in white on a colour, as a square image (the avatar view rounds it).
    public static func initialsImage(_ initials: String, color: ChatAvatarColor, side: CGFloat = 40) -> UIImage {
        let key = "initials:\(initials):\(color.rgb):\(side)"
        if let hit = cache[key] { return hit }
        let image = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), scale: 2).image { context in
            UIColor(rgb: color.rgb).setFill()
            context.fill(CGRect(x: 0, y: 0, width: side, height: side))
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: side, height: side))
            label.text = initials
            label.font = .systemFont(ofSize: side * 0.4, weight: .semibold)
            label.textColor = .white
            label.textAlignment = .center
            label.drawText(in: label.bounds)
        }
        if cache.count > 2000 { cache.removeAll(keepingCapacity: true) }
        cache[key] = image
        return image
    }
}
