import Foundation
import Parley

/// The toolkit's gallery: every text style; wrapping and truncation; RTL, CJK, combining marks
/// and colour emoji; images in each content mode; rounded, bordered, shadowed, clipped and
/// transformed views; buttons in each state; tinted symbol icons.
enum GalleryScene {
    static let scene = RenderScene(
        name: "gallery",
        summary: "The toolkit gallery: text styles, scripts, emoji, images, layers, buttons, symbols",
        defaultSize: CGSize(width: 1280, height: 800)
    ) { size in
        Gallery(frame: CGRect(origin: .zero, size: size))
    }
}

/// A test image: a gradient-like grid with a circle, so each content mode shows where it crops.
@MainActor
func galleryTestImage() -> UIImage {
    UIGraphicsImageRenderer(size: CGSize(width: 60, height: 40), scale: 2).image { context in
        UIColor.systemTeal.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 60, height: 40))
        UIColor.systemIndigo.setFill()
        context.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
        context.fill(CGRect(x: 30, y: 20, width: 30, height: 20))
        UIColor.systemYellow.setFill()
        context.fillEllipse(in: CGRect(x: 20, y: 10, width: 20, height: 20))
    }
}

@MainActor
final class Gallery: UIView {
    private var cursor = CGPoint.zero
    private var columnWidth: CGFloat = 280

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
        build()
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    required init?(coder: NSCoder) { return nil }


    private func column(_ x: CGFloat) {
        cursor = CGPoint(x: x, y: 24)
    }

    private func header(_ text: String) {
        if cursor.y > 30 { cursor.y += 14 }
        let label = UILabel()
        label.text = text.uppercased()
        label.font = .systemFont(ofSize: 12, weight: .semibold)
        label.textColor = .secondaryLabel
        place(label)
        cursor.y += 2
    }

    @discardableResult
    private func place(_ view: UIView, height: CGFloat? = nil, width: CGFloat? = nil, x: CGFloat? = nil, advance: Bool = true) -> UIView {
        let w = width ?? columnWidth
        let h = height ?? view.sizeThatFits(CGSize(width: w, height: .greatestFiniteMagnitude)).height
        view.frame = CGRect(x: x ?? cursor.x, y: cursor.y, width: w, height: h)
        addSubview(view)
        if advance { cursor.y += h + 6 }
        return view
    }

    private func label(_ text: String, font: UIFont = .preferredFont(forTextStyle: .body), lines: Int = 1,
                       mode: NSLineBreakMode = .byTruncatingTail, color: UIColor = .label, alignment: NSTextAlignment = .natural) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = font
        label.numberOfLines = lines
        label.lineBreakMode = mode
        label.textColor = color
        label.textAlignment = alignment
        return label
    }

    private func build() {
        buildTextColumn()
        buildScriptsColumn()
        buildLayersColumn()
        buildControlsColumn()
    }

    private func buildTextColumn() {
        column(24)
        header("Text styles")
        let styles: [(UIFont.TextStyle, String)] = [
            (.largeTitle, "Large Title"), (.title1, "Title 1"), (.title2, "Title 2"), (.title3, "Title 3"),
            (.headline, "Headline"), (.body, "Body"), (.callout, "Callout"), (.subheadline, "Subheadline"),
            (.footnote, "Footnote"), (.caption1, "Caption 1"), (.caption2, "Caption 2"),
        ]
        for (style, name) in styles {
            place(label(name, font: .preferredFont(forTextStyle: style)))
        }
        header("Wrapping and truncation")
        place(label("Wrapped: a longer message wraps at word boundaries onto as many lines as it needs, the way a chat bubble does.", lines: 0, mode: .byWordWrapping))
        place(label("Two lines at most: this text is far too long to fit in two lines of the column, so the end of the second line becomes an ellipsis.", lines: 2))
        place(label("Tail truncation of one long single line of text", mode: .byTruncatingTail, color: .secondaryLabel))
        place(label("Middle truncation of one long single line of text", mode: .byTruncatingMiddle, color: .secondaryLabel))
        place(label("Head truncation of one long single line of text", mode: .byTruncatingHead, color: .secondaryLabel))
    }

    private func buildScriptsColumn() {
        column(336)
        header("Scripts and emoji")
        place(label("مرحبا بالعالم — النص العربي من اليمين إلى اليسار"))
        place(label("שלום עולם — עברית מימין לשמאל"))
        place(label("中文 · 日本語のテキスト · 한국어 텍스트"))
        place(label("Combining: e\u{301} a\u{308} n\u{303} Z\u{324}\u{354}\u{367}a\u{316}l\u{36E}g\u{317}o\u{319}"))
        place(label("Emoji: 👍🏽 👨‍👩‍👧‍👦 🇫🇷 ❤️ 😂 🎉 🦀", font: .systemFont(ofSize: 20)))
        place(label("Literal: <b>&amp;</b> stays as typed", font: .monospacedSystemFont(ofSize: 15, weight: .regular)))
        place(label("NUL shown: a\0b", color: .secondaryLabel))
        place(label("Centred", alignment: .center), height: 22)
        place(label("Right aligned", alignment: .right), height: 22)

        header("Image content modes")
        let image = galleryTestImage()
        let modes: [(UIViewContentMode, String)] = [
            (.scaleToFill, "scaleToFill"), (.scaleAspectFit, "aspectFit"), (.scaleAspectFill, "aspectFill"),
            (.center, "center"), (.topLeft, "topLeft"), (.bottomRight, "bottomRight"),
        ]
        let startY = cursor.y
        for (index, (mode, name)) in modes.enumerated() {
            let x = cursor.x + CGFloat(index % 3) * 94
            let y = startY + CGFloat(index / 3) * 104
            let box = UIImageView(image: image)
            box.contentMode = mode
            box.clipsToBounds = true
            box.layer.borderWidth = 1
            box.layer.borderColor = .separator
            box.frame = CGRect(x: x, y: y, width: 84, height: 72)
            addSubview(box)
            let caption = label(name, font: .preferredFont(forTextStyle: .caption2), color: .secondaryLabel, alignment: .center)
            caption.frame = CGRect(x: x - 4, y: y + 76, width: 92, height: 16)
            addSubview(caption)
        }
        cursor.y = startY + 210
    }

    private func buildLayersColumn() {
        column(648)
        header("Layers")
        let y0 = cursor.y
        func swatch(_ x: CGFloat, _ y: CGFloat, _ configure: (UIView) -> Void) {
            let view = UIView(frame: CGRect(x: cursor.x + x, y: y, width: 120, height: 80))
            view.backgroundColor = .secondarySystemBackground
            configure(view)
            addSubview(view)
        }
        swatch(0, y0) { $0.layer.cornerRadius = 16 }
        swatch(140, y0) { view in
            view.layer.cornerRadius = 12
            view.layer.borderWidth = 2
            view.layer.borderColor = .systemBlue
            view.backgroundColor = .systemBackground
        }
        swatch(0, y0 + 100) { view in
            view.backgroundColor = .tertiarySystemBackground
            view.layer.cornerRadius = 12
            view.layer.shadowColor = .black
            view.layer.shadowOpacity = 0.25
            view.layer.shadowRadius = 8
            view.layer.shadowOffset = CGSize(width: 0, height: 4)
        }
        swatch(140, y0 + 100) { view in
            // A child that overflows, clipped to the rounded parent.
            view.layer.cornerRadius = 24
            view.clipsToBounds = true
            let child = UIView(frame: CGRect(x: 60, y: -20, width: 100, height: 70))
            child.backgroundColor = .systemOrange
            view.addSubview(child)
        }
        swatch(0, y0 + 200) { view in
            view.backgroundColor = .systemGreen
            view.layer.cornerRadius = 18
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMaxXMaxYCorner]
        }
        swatch(140, y0 + 200) { view in
            view.backgroundColor = .systemPurple
            view.layer.cornerRadius = 8
            view.transform = CGAffineTransform(rotationAngle: .pi / 12).scaledBy(x: 0.8, y: 0.8)
        }
        swatch(0, y0 + 300) { view in
            view.backgroundColor = .systemRed
            let overlay = UIView(frame: CGRect(x: 30, y: 20, width: 80, height: 50))
            overlay.backgroundColor = .systemBlue
            overlay.alpha = 0.5
            view.addSubview(overlay)
        }
        swatch(140, y0 + 300) { view in
            view.backgroundColor = .clear
            let shape = CAShapeLayer()
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 10, y: 70))
            path.addCurve(to: CGPoint(x: 110, y: 10), controlPoint1: CGPoint(x: 40, y: -10), controlPoint2: CGPoint(x: 80, y: 90))
            shape.path = path.cgPath
            shape.fillColor = nil
            shape.strokeColor = .systemPink
            shape.lineWidth = 4
            shape.lineCap = .round
            shape.frame = view.bounds
            view.layer.addSublayer(shape)
        }
        cursor.y = y0 + 390
        header("Avatars")
        let colors: [UIColor] = [.systemBlue, .systemGreen, .systemOrange, .systemPink]
        for (i, initials) in ["AL", "BO", "CY", "DE"].enumerated() {
            let avatar = UILabel()
            avatar.text = initials
            avatar.textAlignment = .center
            avatar.font = .systemFont(ofSize: 15, weight: .semibold)
            avatar.textColor = .white
            avatar.backgroundColor = colors[i]
            avatar.layer.cornerRadius = 20
            avatar.clipsToBounds = true
            avatar.frame = CGRect(x: cursor.x + CGFloat(i) * 52, y: cursor.y, width: 40, height: 40)
            addSubview(avatar)
        }
        cursor.y += 46
    }

    private func buildControlsColumn() {
        column(960)
        columnWidth = 296
        header("Buttons")
        func button(_ title: String, _ configure: (UIButton) -> Void) -> UIButton {
            let b = UIButton(type: .system)
            b.setTitle(title, for: .normal)
            configure(b)
            return b
        }
        let rowY = cursor.y
        let states: [(String, (UIButton) -> Void)] = [
            ("Normal", { _ in }), ("Highlighted", { $0.isHighlighted = true }),
            ("Disabled", { $0.isEnabled = false }), ("Selected", { $0.isSelected = true; $0.setTitleColor(.systemOrange, for: .selected) }),
        ]
        for (i, (title, configure)) in states.enumerated() {
            let b = button(title, configure)
            b.frame = CGRect(x: cursor.x + CGFloat(i % 2) * 150, y: rowY + CGFloat(i / 2) * 36, width: 140, height: 32)
            addSubview(b)
        }
        cursor.y = rowY + 78
        let configs: [(String, UIButton.Configuration)] = [("Filled", .filled()), ("Tinted", .tinted()), ("Gray", .gray()), ("Plain", .plain())]
        for (i, (title, configuration)) in configs.enumerated() {
            var c = configuration
            c.title = title
            c.image = i == 0 ? UIImage(systemName: "paperplane.fill") : nil
            c.cornerStyle = .capsule
            let b = UIButton(configuration: c)
            b.frame = CGRect(x: cursor.x + CGFloat(i % 2) * 150, y: cursor.y + CGFloat(i / 2) * 44, width: 140, height: 36)
            addSubview(b)
        }
        cursor.y += 92
        let disabledFilled = UIButton(configuration: { var c = UIButton.Configuration.filled(); c.title = "Disabled"; c.cornerStyle = .capsule; return c }())
        disabledFilled.isEnabled = false
        place(disabledFilled, height: 36, width: 140)
        let custom = UIButton(type: .custom)
        custom.setTitle("Custom", for: .normal)
        custom.setTitleColor(.white, for: .normal)
        custom.setBackgroundColor(.systemIndigo, for: .normal)
        custom.layer.cornerRadius = 8
        custom.frame = CGRect(x: cursor.x + 150, y: cursor.y - 42, width: 140, height: 36)
        addSubview(custom)

        header("Symbols (template, tinted)")
        let names = [
            "paperplane.fill", "arrowshape.turn.up.left", "arrowshape.turn.up.right", "xmark", "plus", "checkmark",
            "chevron.left", "chevron.right", "trash", "pencil", "doc.on.doc", "bubble.left.and.bubble.right",
            "face.smiling", "heart", "hand.thumbsup", "hand.thumbsdown", "exclamationmark.circle", "magnifyingglass",
        ]
        for (i, name) in names.enumerated() {
            let view = UIImageView(image: UIImage(systemName: name))
            view.contentMode = .center
            if i % 6 == 5 { view.tintColor = .systemRed }
            view.frame = CGRect(x: cursor.x + CGFloat(i % 6) * 48, y: cursor.y + CGFloat(i / 6) * 40, width: 36, height: 32)
            addSubview(view)
        }
        cursor.y += 124
        header("Tint inheritance")
        let tinted = UIView(frame: CGRect(x: cursor.x, y: cursor.y, width: 290, height: 40))
        tinted.tintColor = .systemPink
        for (i, name) in ["heart.fill", "paperplane", "face.smiling"].enumerated() {
            let icon = UIImageView(image: UIImage(systemName: name))
            icon.frame = CGRect(x: CGFloat(i) * 40, y: 8, width: 24, height: 24)
            tinted.addSubview(icon)
        }
        let pinkButton = UIButton(type: .system)
        pinkButton.setTitle("Pink tint", for: .normal)
        pinkButton.frame = CGRect(x: 130, y: 4, width: 120, height: 32)
        tinted.addSubview(pinkButton)
        addSubview(tinted)
        cursor.y += 46
    }
}
