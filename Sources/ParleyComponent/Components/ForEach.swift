import Foundation
import ParleyUIKit

/// The components `content` builds for each element of `data`, in order, for the children of a
/// container (UIComponent's `ForEach`; a `for … in` loop in the builder does the same).
///
/// ```swift
/// VStack(spacing: 8) {
///     ForEach(messages) { message in
///         Text(message.text)
///     }
/// }
/// ```
///
/// Like UIComponent's, it is not a component: it only splices children into a result builder.
public struct ForEach<S: Sequence, D>: ComponentArrayContainer where S.Element == D {
    /// The built components, all elements' in order.
    public let components: [any Component]

    /// Builds the components for every element of `data` now (the closure does not escape, so it
    /// may capture anything, and the data is read once).
    public init(_ data: S, @ComponentArrayBuilder _ content: (D) -> [any Component]) {
        var result: [any Component] = []
        result.reserveCapacity(data.underestimatedCount)
        for element in data { result.append(contentsOf: content(element)) }
        components = result
    }
}
