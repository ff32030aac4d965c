import Foundation
import Parley

/// A location card: a small self-drawn map (streets, a river, a pin; nothing from the network),
/// the place's name and its coordinates.
@MainActor
public final class LocationAttachmentView: _View {
    /// The place shown.
    public var content: LocationAttachmentPayload? {
        didSet { if content != oldValue { updateContentIfNeeded() } }
    }

    /// The map tile.
    public let mapView = LocationMapView()
    /// The place's name.
    public let nameLabel = UILabel()
    /// The coordinates.
    public let coordinatesLabel = UILabel()

    /// The tile above the two lines.
    public override func setUpLayout() {
        super.setUpLayout()
        for view in [mapView, nameLabel, coordinatesLabel] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        NSLayoutConstraint.activate([
            mapView.leadingAnchor.constraint(equalTo: leadingAnchor),
            mapView.trailingAnchor.constraint(equalTo: trailingAnchor),
            mapView.topAnchor.constraint(equalTo: topAnchor),
            mapView.heightAnchor.constraint(equalToConstant: 140),
            mapView.widthAnchor.constraint(greaterThanOrEqualToConstant: 240),
            nameLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 10),
            nameLabel.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -10),
            nameLabel.topAnchor.constraint(equalTo: mapView.bottomAnchor, constant: 8),
            coordinatesLabel.leadingAnchor.constraint(equalTo: nameLabel.leadingAnchor),
            coordinatesLabel.trailingAnchor.constraint(equalTo: nameLabel.trailingAnchor),
            coordinatesLabel.topAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 2),
            coordinatesLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8),
        ])
    }

    /// Bold name, the coordinates in the subtitle colour.
    public override func setUpAppearance() {
        super.setUpAppearance()
        nameLabel.font = appearance.fonts.subheadlineBold
        nameLabel.textColor = appearance.colorPalette.text
        nameLabel.numberOfLines = 2
        coordinatesLabel.font = appearance.fonts.footnote
        coordinatesLabel.textColor = appearance.colorPalette.subtitleText
    }

    /// Fills the lines and the tile from ``content``.
    public override func updateContent() {
        super.updateContent()
        nameLabel.text = content?.name
        coordinatesLabel.text = content?.coordinatesText
        accessibilityLabel = content.map { "\($0.name), \($0.coordinatesText)" }
        mapView.coordinate = content.map { ($0.latitude, $0.longitude) }
    }
}

/// A map-like tile drawn from the coordinates: blocks between streets, a main road, a river, and
/// a pin in the middle. The same place always draws the same tile.
@MainActor
public final class LocationMapView: UIView {
    /// The place at the tile's centre; its digits shift the streets.
    public var coordinate: (latitude: Double, longitude: Double)? {
        didSet { setNeedsDisplay() }
    }

    /// A clear tile, redrawn when resized.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }
    /// Not decoded: Parley has no archives (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) { return nil }

    private var isDark: Bool { traitCollection.userInterfaceStyle == .dark }

    /// The land, the streets, the road, the river and the pin.
    public override func draw(_ rect: CGRect) {
        let size = bounds.size
        guard size.width >= 1, size.height >= 1 else { return }
        (isDark ? UIColor(red: 0.16, green: 0.18, blue: 0.2, alpha: 1) : UIColor(red: 0.93, green: 0.92, blue: 0.88, alpha: 1)).setFill()
        UIBezierPath(rect: bounds).fill()
        // Digits of the coordinates place the street grid, so each place looks its own.
        let seed = coordinate.map { abs(Int(($0.latitude * 1_000).rounded()) &* 31 &+ Int(($0.longitude * 1_000).rounded())) } ?? 0
        let spacing: CGFloat = 34
        let offsetX = CGFloat(seed % 29), offsetY = CGFloat((seed / 29) % 23)
        let street = UIBezierPath()
        var x = offsetX - spacing
        while x < size.width + spacing {
            street.move(to: CGPoint(x: x, y: 0))
            street.addLine(to: CGPoint(x: x + 14, y: size.height))
            x += spacing
        }
        var y = offsetY - spacing
        while y < size.height + spacing {
            street.move(to: CGPoint(x: 0, y: y))
            street.addLine(to: CGPoint(x: size.width, y: y - 6))
            y += spacing
        }
        street.lineWidth = 3
        (isDark ? UIColor(white: 0.3, alpha: 1) : UIColor.white).setStroke()
        street.stroke()
        let river = UIBezierPath()
        river.move(to: CGPoint(x: 0, y: size.height * 0.82))
        river.addQuadCurve(to: CGPoint(x: size.width, y: size.height * 0.7),
                           controlPoint: CGPoint(x: size.width * 0.5, y: size.height * 0.98))
        river.lineWidth = 14
        (isDark ? UIColor(red: 0.15, green: 0.3, blue: 0.45, alpha: 1) : UIColor(red: 0.62, green: 0.8, blue: 0.93, alpha: 1)).setStroke()
        river.stroke()
        let road = UIBezierPath()
        road.move(to: CGPoint(x: size.width * 0.15, y: 0))
        road.addLine(to: CGPoint(x: size.width * 0.7, y: size.height))
        road.lineWidth = 6
        UIColor(red: 0.98, green: 0.8, blue: 0.35, alpha: 1).setStroke()
        road.stroke()
        drawPin(at: CGPoint(x: size.width / 2, y: size.height / 2))
    }

    /// A red pin whose point touches `point`, with a white dot and a shadow ellipse.
    private func drawPin(at point: CGPoint) {
        UIColor(white: 0, alpha: 0.2).setFill()
        UIBezierPath(ovalIn: CGRect(x: point.x - 7, y: point.y - 3, width: 14, height: 6)).fill()
        let radius: CGFloat = 11
        let center = CGPoint(x: point.x, y: point.y - 24)
        let pin = UIBezierPath()
        pin.move(to: point)
        pin.addLine(to: CGPoint(x: center.x - radius * 0.82, y: center.y + radius * 0.57))
        pin.addArc(withCenter: center, radius: radius, startAngle: .pi * 0.81, endAngle: .pi * 0.19, clockwise: true)
        pin.close()
        UIColor(red: 0.89, green: 0.23, blue: 0.22, alpha: 1).setFill()
        pin.fill()
        UIColor.white.setFill()
        UIBezierPath(ovalIn: CGRect(x: center.x - 4, y: center.y - 4, width: 8, height: 8)).fill()
    }
}
