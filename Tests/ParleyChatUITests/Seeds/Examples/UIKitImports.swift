import Parley

// What `import UIKit` brings besides UIKit, used as iOS code uses it, with `import Parley` alone
// (issue 18): Foundation's types (geometry included), UIKit's `IndexPath` rows and items, and
// Dispatch. `scripts/check-seed-package` builds this file beside the seeds' examples.
enum UIKitImports {
    /// One of each, as a message list or a channel list uses them.
    @MainActor static func everyday() -> [Any] {
        let width: CGFloat = 320
        let size = CGSize(width: width, height: 44)
        let frame = CGRect(origin: CGPoint(x: 0, y: 8), size: size)
        let url = URL(string: "https://parley.chat/docs")!
        let date = Date(timeIntervalSince1970: 0)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        let indexPath = IndexPath(item: 3, section: 0)
        let id = UUID()
        let bundle = Bundle.main
        var scheduled = false
        DispatchQueue.main.async { scheduled = true }
        return [frame, url, formatter.string(from: date), indexPath.item, indexPath.section, id, bundle, scheduled]
    }
}
