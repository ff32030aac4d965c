import Foundation
import ParleyComponent
import ParleyUIKit

/// An indeterminate progress indicator, as SwiftUI's `ProgressView()`: a ring of eight dots
/// fading around a 20-point circle (Parley draws it still), with an optional label under it.
///
/// ```swift
/// VStack {
///     Text("This is custom loading view")
///     ProgressView()
/// }
/// ```
public struct ProgressView: View {
    let title: String?

    /// A spinner without a label.
    public init() { title = nil }

    /// A spinner over `title`.
    public init(_ title: String) { self.title = title }

    /// The dots, the darkest at the top, and the label.
    public var body: some View {
        VStack(spacing: 8) {
            ZStack {
                ForEach(0..<8, id: \.self) { index in
                    Circle()
                        .fill(Color.secondary.opacity(1 - Double(index) * 0.1))
                        .frame(width: 4, height: 4)
                        .offset(x: Self.radius * CGFloat(sin(Double(index) * .pi / 4)),
                                y: -Self.radius * CGFloat(cos(Double(index) * .pi / 4)))
                }
            }
            .frame(width: 20, height: 20)
            if let title {
                Text(title).foregroundColor(.secondary)
            }
        }
    }

    /// The distance of the dots' centres from the ring's centre.
    static let radius: CGFloat = 8
}
