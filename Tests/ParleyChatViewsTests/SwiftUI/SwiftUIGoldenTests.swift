import Foundation
import Parley
import ParleyTesting
import Testing

/// A profile card in SwiftUI's words: gradient header, clipped circle avatar, fonts, colours,
/// a capsule button, an overlay badge and a custom `ViewModifier`.
struct ProfileCard: View {
    struct CardStyle: ViewModifier {
        func body(content: Content) -> some View {
            content
                .padding(16)
                .background(Color.gray.opacity(0.15))
                .cornerRadius(16)
        }
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            LinearGradient(colors: [.purple, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)
                .frame(height: 80)
                .cornerRadius(12)
            HStack(alignment: .center, spacing: 12) {
                Image(systemName: "person.crop.circle")
                    .resizable()
                    .foregroundColor(.blue)
                    .frame(width: 48, height: 48)
                    .clipShape(Circle())
                    .overlay(alignment: .bottomTrailing) {
                        Circle().fill(Color.green).frame(width: 12, height: 12)
                    }
                VStack(alignment: .leading, spacing: 2) {
                    Text("Ana Lopez").font(.headline)
                    Text("Designer · online").font(.subheadline).foregroundColor(.secondary)
                }
                Spacer()
                Text("Follow")
                    .font(.callout.bold())
                    .foregroundColor(.white)
                    .padding(.horizontal, 14)
                    .padding(.vertical, 6)
                    .background(Capsule().fill(Color.blue))
            }
            Divider()
            Text("Pushed the new mockups to the shared folder; comments welcome before Friday.")
                .font(.body)
            HStack(spacing: 16) {
                Label2(symbol: "heart.fill", text: "24", color: .red)
                Label2(symbol: "bubble.left", text: "5", color: .primary)
                Spacer()
                RoundedRectangle(cornerRadius: 4).stroke(Color.orange, lineWidth: 2).frame(width: 40, height: 20)
            }
        }
        .modifier(CardStyle())
        .padding(16)
    }
}

/// An icon and a count.
struct Label2: View {
    let symbol: String
    let text: String
    let color: Color

    var body: some View {
        HStack(alignment: .center, spacing: 4) {
            Image(systemName: symbol).foregroundColor(color)
            Text(text).font(.footnote)
        }
    }
}

/// A list of channels in SwiftUI's words.
struct ChannelRowsScreen: View {
    struct Item: Identifiable {
        let id: String
        let name: String
        let preview: String
        let unread: Int
    }

    let items = [
        Item(id: "design", name: "Design", preview: "New mockups are up", unread: 3),
        Item(id: "ben", name: "Ben Okafor", preview: "See you at 10", unread: 0),
        Item(id: "release", name: "Release train", preview: "Tag 4.2 is out 🚀", unread: 12),
    ]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(items) { item in
                HStack(alignment: .center, spacing: 12) {
                    Text(String(item.name.prefix(1)))
                        .font(.headline)
                        .foregroundColor(.white)
                        .frame(width: 40, height: 40)
                        .background(Circle().fill(Color.orange))
                    VStack(alignment: .leading, spacing: 2) {
                        Text(item.name).font(.headline)
                        Text(item.preview).font(.subheadline).foregroundColor(.secondary).lineLimit(1)
                    }
                    Spacer()
                    if item.unread > 0 {
                        Text("\(item.unread)")
                            .font(.caption.bold())
                            .foregroundColor(.white)
                            .padding(.horizontal, 7)
                            .padding(.vertical, 2)
                            .background(Capsule().fill(Color.red))
                    }
                }
                .padding(.horizontal, 16)
                .padding(.vertical, 10)
                Divider().padding(.left, 68)
            }
        }
    }
}

/// `view` in a hosting controller of `size` as the goldens `name` (light) and `name-dark`.
@MainActor
func renderHostedGolden<V: View>(_ view: V, named name: String, size: CGSize, filePath: String = #filePath) {
    for (style, suffix) in [(UIUserInterfaceStyle.light, ""), (.dark, "-dark")] {
        let controller = UIHostingController(rootView: view)
        let hosted: UIView = controller.view
        hosted.frame = CGRect(origin: .zero, size: size)
        hosted.layoutIfNeeded()
        Snapshot.assert(hosted, named: name + suffix, scale: 2, style: style, filePath: filePath)
    }
}

/// Golden images of SwiftUI-layer screens, light and dark.
@MainActor
@Suite(.serialized) struct SwiftUIGoldenTests {
    func render<V: View>(_ view: V, named name: String, size: CGSize) {
        renderHostedGolden(view, named: name, size: size)
    }

    @Test func profileCard() {
        render(ProfileCard(), named: "swiftui-profile-card", size: CGSize(width: 390, height: 380))
    }

    @Test func channelRows() {
        render(ChannelRowsScreen(), named: "swiftui-channel-rows", size: CGSize(width: 390, height: 220))
    }
}
