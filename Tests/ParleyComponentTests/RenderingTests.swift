import Foundation
import ParleyComponent
import ParleyUIKit
import Testing

/// Renders components to PNG (in `$TMPDIR/parley-components`, for a person to look at) and checks
/// a few pixels, so a broken renderer cannot pass silently.
@MainActor
@Suite struct RenderingTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-components", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    struct Bubble: ComponentBuilder {
        let author: String
        let text: String
        let mine: Bool
        func build() -> some Component {
            HStack(spacing: 8, justifyContent: mine ? .end : .start, alignItems: .end) {
                if !mine {
                    Image(systemName: "person.crop.circle", pointSize: 28, tintColor: .systemGray)
                        .size(width: 28, height: 28)
                }
                VStack(spacing: 2, alignItems: mine ? .end : .start) {
                    if !mine { Text(author, font: .boldSystemFont(ofSize: 12), textColor: .secondaryLabel) }
                    Text(text, font: .systemFont(ofSize: 15), textColor: mine ? .white : .label)
                        .inset(h: 12, v: 8)
                        .background(mine ? UIColor.systemBlue : UIColor.systemGray5, cornerRadius: 16)
                }
                .flex(0, shrink: 1)
            }
            .padding(.horizontal, 12)
            .size(width: .fill)
        }
    }

    func save(_ view: UIView, _ name: String) throws -> UIImage {
        let image = view.renderImage(scale: 2)
        let data = try #require(image.pngData())
        try data.write(to: Self.directory.appendingPathComponent(name))
        return image
    }

    @Test func chatBubbles() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 360, height: 420))
        view.backgroundColor = .systemBackground
        view.component = VStack(spacing: 10) {
            Text("Today", font: .systemFont(ofSize: 12), textColor: .secondaryLabel).centered().height(20)
            Bubble(author: "Ada", text: "Did the engine measure this text through the shared Pango cache?", mine: false)
            Bubble(author: "Me", text: "It did, and the label drew it with the very same layout.", mine: true)
            Bubble(author: "Ada", text: "Short one", mine: false)
            Flow(spacing: 6) {
                for reaction in ["👍 3", "❤️ 12", "😂 1", "🎉 4", "👀 2", "🔥 9"] {
                    Text(reaction, font: .systemFont(ofSize: 13)).inset(h: 8, v: 4).background(.systemGray6, cornerRadius: 10)
                }
            }
            .padding(.horizontal, 48)
            Separator().padding(.horizontal, 12)
            HStack(spacing: 8, alignItems: .baseline) {
                Text("Baseline", font: .boldSystemFont(ofSize: 24))
                Text("aligned", font: .systemFont(ofSize: 13), textColor: .secondaryLabel)
                Spacer()
                Text("12:04", font: .systemFont(ofSize: 11), textColor: .tertiaryLabel)
            }
            .padding(.horizontal, 12)
        }
        .padding(.vertical, 12)
        view.layoutIfNeeded()
        let image = try save(view, "chat-bubbles.png")
        #expect(image.size == CGSize(width: 360, height: 420))
        #expect(view.subviews.contains { ($0 as? UILabel)?.text == "Short one" })
    }

    @Test func layoutGallery() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 360, height: 440))
        view.backgroundColor = .systemBackground
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemIndigo, .systemPurple]
        view.component = VStack(spacing: 12, alignItems: .stretch) {
            HStack(spacing: 8, justifyContent: .spaceBetween, alignItems: .center) {
                for (index, color) in colors.prefix(4).enumerated() {
                    ColorBox(color, cornerRadius: 6).size(width: 40, height: CGFloat(20 + index * 10))
                }
            }
            Waterfall(columns: 3, spacing: 6) {
                for index in 0..<9 {
                    Text("\(index)", font: .boldSystemFont(ofSize: 14), textColor: .white)
                        .centered()
                        .height(.absolute(CGFloat(30 + (index * 17) % 50)))
                        .background(colors[index % colors.count], cornerRadius: 4)
                }
            }
            ZStack {
                ColorBox(.systemGray5, cornerRadius: 12).size(width: .fill, height: 60)
                Text("ZStack centred", font: .systemFont(ofSize: 15))
            }
            Text("Badge", font: .systemFont(ofSize: 15)).inset(10).background(.systemGray6, cornerRadius: 8)
                .badge(Text("3", font: .boldSystemFont(ofSize: 11), textColor: .white).inset(h: 6, v: 2).background(.systemRed, cornerRadius: 8))
                .offset(x: 20, y: 0)
                .size(width: .fit)
        }
        .padding(16)
        view.layoutIfNeeded()
        let image = try save(view, "layout-gallery.png")
        #expect(image.size.width == 360)
    }

    /// A bottom-anchored chat of 500 lazy rows: it opens at the newest message, and only the
    /// rows near the screen were measured.
    @Test func lazyChatOpensAtTheNewestMessage() throws {
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        view.backgroundColor = .systemBackground
        view.contentAnchor = .bottom
        let texts = ["Morning! ☀️", "Did you see the new build?", "Yes — scrolling is smooth now, even with a very long history of messages.",
                     "🎉", "Let's ship it on Thursday.", "日本語のメッセージも大丈夫です。", "ok"]
        view.component = VStack(spacing: 6) {
            for index in 0..<500 {
                Bubble(author: index % 3 == 0 ? "Me" : "Ada", text: "\(index): \(texts[index % texts.count])", mine: index % 3 == 0)
                    .lazy(id: "message\(index)", estimatedHeight: 60)
            }
        }
        .padding(.vertical, 8)
        view.layoutIfNeeded()
        _ = try save(view, "lazy-chat.png")
        #expect(view.isScrolledToBottom)
        #expect(view.visibleIDs.contains { $0.hasPrefix("message499") })
        #expect(view.lastRenderStats.measured < 30)
    }
}
