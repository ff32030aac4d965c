/// The internals of `CassowarySolver`, under the paper's names (Symbol, Row, Tableau) without
/// taking those names from the rest of ParleyUIKit.
enum Cassowary {
    /// Coefficients closer to zero than this are treated as zero, as in Kiwi.
    static let epsilon = 1.0e-8

    @inline(__always)
    static func isNearZero(_ value: Double) -> Bool { value.magnitude < epsilon }
}
