import Foundation
import Testing
@testable import ParleyChatUI
import ParleyScenes
import ParleyUIKit
import ParleyComponent

@MainActor
@Suite struct MessageListDebug {
    @Test func debugScene() throws {
        let view = SceneCatalog.makeView(SceneCatalog.scene(named: "channel")!)
        func dump(_ v: UIView, _ depth: Int) {
            print(String(repeating: "  ", count: depth) + "\(type(of: v)) \(v.frame) hidden=\(v.isHidden)")
            if depth < 7 { for s in v.subviews.prefix(12) { dump(s, depth + 1) } }
        }
        dump(view, 0)
    }
}
