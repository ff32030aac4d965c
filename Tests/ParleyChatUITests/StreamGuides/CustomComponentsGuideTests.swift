import Foundation
import Parley
import ParleyScenes
import Testing

// Stream v4 UIKit guide "Custom Components": subclass a view, set the subclass in `Components`
// (`Components.default.channelContentView = MyChannelListItemView.self`), and the SDK makes the
// subclass wherever it made the original. The subclass adds a view in `setUpLayout`, fills it in
// `updateContent`, and overrides a text the original computes.

final class GroupBadgeChannelListItemView: ChatChannelListItemView {
    private(set) lazy var groupBadge: UILabel = {
        let label = UILabel()
        label.font = .systemFont(ofSize: 11, weight: .semibold)
        return label
    }()

    override func setUpLayout() {
        super.setUpLayout()
        bottomContainer.addArrangedSubview(groupBadge)
    }

    override var titleText: String? {
        super.titleText.map { "# \($0)" }
    }

    override func updateContent() {
        super.updateContent()
        let members = content?.channel.memberCount ?? 0
        groupBadge.isHidden = members <= 2
        groupBadge.text = groupBadge.isHidden ? nil : "\(members) people"
    }
}

@MainActor
@Suite struct CustomComponentsGuideTests {
    /// The scene's channel list with `components` changed before it loads.
    private func list(_ change: (inout Components) -> Void) throws -> (ChatChannelListVC, ChannelListSceneData) {
        let data = try ChannelListSceneData.make()
        let list = ChatChannelListVC.make(with: data.client.channelListController())
        change(&list.components)
        list.appearance.formatters.channelListMessageTimestamp = ChannelListMessageTimestampFormatter(environment: data.formattingEnvironment)
        list.view.frame = CGRect(x: 0, y: 0, width: 390, height: 700)
        list.view.layoutIfNeeded()
        return (list, data)
    }

    @Test func everyRowIsTheSubclassWithItsExtraView() throws {
        let (list, _) = try list { $0.channelContentView = GroupBadgeChannelListItemView.self }
        let rows = visibleCells(list).map(\.itemView)
        #expect(rows.count > 3)
        let badged = rows.compactMap { $0 as? GroupBadgeChannelListItemView }
        #expect(badged.count == rows.count)
        let groups = badged.filter { ($0.content?.channel.memberCount ?? 0) > 2 }
        #expect(!groups.isEmpty, "the scene has group channels")
        for row in groups {
            #expect(row.groupBadge.isDescendant(of: row))
            #expect(row.groupBadge.text == "\(row.content!.channel.memberCount) people")
            #expect(!row.groupBadge.isHidden && row.groupBadge.frame.width > 0)
        }
        #expect(badged.allSatisfy { $0.titleLabel.text?.hasPrefix("# ") == true })
    }

    @Test func withoutTheSubclassTheRowsAreTheSDKs() throws {
        let (list, _) = try list { _ in }
        let rows = visibleCells(list).map(\.itemView)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { !($0 is GroupBadgeChannelListItemView) && $0.titleLabel.text?.hasPrefix("# ") == false })
    }
}
