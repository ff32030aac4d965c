import Foundation
import ParleyComponent
import ParleyUIKit

// MARK: - Built-in components are views

extension Text: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Image: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension HStack: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension VStack: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ZStack: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Spacer: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Separator: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ColorBox: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Space: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension AnyComponent: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Flow: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension FlexColumn: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Waterfall: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ConstraintReader: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Insets: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Background: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Overlay: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Offset: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ModifiedComponent: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension SizeOverride: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Tappable: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Flexible: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Centered: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ConstraintOverride: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension LazyComponent: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension Badge: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension VisibleFrameInsets: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension VisibleBoundsObserverComponent: View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ViewComponent: ParleySwiftUI.View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}
extension ViewWrapperComponent: ParleySwiftUI.View {
    /// A built-in view: it lays itself out.
    public typealias Body = Never
}

/// A thin line between views (SwiftUI's `Divider`): horizontal in a vertical stack.
public typealias Divider = Separator

