import Foundation
import ParleyUIKit

/// Components with a separator between each pair (never before the first or after the last),
/// for the children of a container (UIComponent's `Join`).
///
/// ```swift
/// VStack {
///     Join {
///         for item in items { ItemComponent(item: item) }
///     } separator: {
///         Separator()
///     }
/// }
/// ```
///
/// The separator closure runs once per gap, so each gap gets its own components (a separator
/// with an id would otherwise repeat it).
public struct Join: ComponentArrayContainer {
    /// The components interleaved with separators.
    public let components: [any Component]

    /// Interleaves what `content` builds with what `separator` builds.
    public init(@ComponentArrayBuilder _ content: () -> [any Component],
                @ComponentArrayBuilder separator: () -> [any Component]) {
        let items = content()
        var result: [any Component] = []
        result.reserveCapacity(max(0, items.count * 2 - 1))
        for (index, item) in items.enumerated() {
            if index > 0 { result.append(contentsOf: separator()) }
            result.append(item)
        }
        components = result
    }
}
