import Foundation
import ParleyUIKit

/// The result builder behind the trailing closures of stacks and other containers.
///
/// It accepts components, arrays of components, optionals, `if`/`else`, `switch`, `for … in`
/// and `if #available`:
///
/// ```swift
/// VStack(spacing: 8) {
///     Text(title)
///     if let subtitle { Text(subtitle) }
///     for tag in tags { Text(tag) }
/// }
/// ```
@preconcurrency @MainActor
@resultBuilder
public enum ComponentArrayBuilder {
    /// One component.
    /// (`file`, `line`, `column`: where it is written, for ``ComponentBuildHook``.)
    public static func buildExpression(_ component: any Component, file: StaticString = #fileID, line: UInt = #line,
                                       column: UInt = #column) -> [any Component] {
        [ComponentBuildHook.apply(component, at: BuildSite(file: file, line: line, column: column))]
    }
    /// An optional component: nothing when `nil`.
    public static func buildExpression(_ component: (any Component)?, file: StaticString = #fileID, line: UInt = #line,
                                       column: UInt = #column) -> [any Component] {
        component.map { [ComponentBuildHook.apply($0, at: BuildSite(file: file, line: line, column: column))] } ?? []
    }
    /// An array of components, spliced in.
    public static func buildExpression(_ components: [any Component]) -> [any Component] { components }
    /// An empty block.
    public static func buildBlock() -> [any Component] { [] }
    /// The first statement of a block.
    public static func buildPartialBlock(first: [any Component]) -> [any Component] { first }
    /// The next statement of a block, appended (no variadic array per block: a `for` loop over
    /// thousands of rows runs this once per row).
    public static func buildPartialBlock(accumulated: [any Component], next: [any Component]) -> [any Component] {
        var result = accumulated
        result.append(contentsOf: next)
        return result
    }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [any Component]?) -> [any Component] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [any Component]) -> [any Component] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [any Component]) -> [any Component] { part }
    /// A `for … in` loop.
    public static func buildArray(_ parts: [[any Component]]) -> [any Component] {
        // One allocation for the whole loop: lists of thousands of rows come through here.
        var result: [any Component] = []
        result.reserveCapacity(parts.count)
        for part in parts { result.append(contentsOf: part) }
        return result
    }
    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: [any Component]) -> [any Component] { part }
}

/// A hook run on every component a builder closure produces, before it joins its container.
///
/// ParleySwiftUI sets it to give SwiftUI-style views written inside a container (`HStack {
/// Counter() }`) a persistent identity, so their `@State` and cached bodies outlive re-layouts.
/// Without a hook (UIComponent code alone) a component passes through unchanged.
@preconcurrency @MainActor
public enum ComponentBuildHook {
    /// The transform; `nil` (the default) leaves components as they are.
    public static var transform: (@MainActor (any Component) -> any Component)?
    /// A transform that is also told where the expression is written (a view's structural
    /// identity: SwiftUI-style `@State` is kept by it); used instead of ``transform`` when set.
    public static var siteTransform: (@MainActor (any Component, BuildSite) -> any Component)?

    /// `component` after the transform.
    @inline(__always)
    static func apply(_ component: any Component, at site: BuildSite) -> any Component {
        if let siteTransform { return siteTransform(component, site) }
        guard let transform else { return component }
        return transform(component)
    }
}

/// Where an expression in a builder is written: the same place on every evaluation of the
/// builder (each pass of a loop included), so it identifies a view structurally.
public struct BuildSite: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` spells it.
    public let file: StaticString
    /// The line.
    public let line: UInt
    /// The column.
    public let column: UInt

    /// The site at `file`, `line`, `column` (kept as given: no string is made for it).
    public init(file: StaticString, line: UInt, column: UInt) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The file's literal, by address: one site always passes the same literal.
    private var fileKey: Int {
        file.hasPointerRepresentation ? Int(bitPattern: file.utf8Start) : Int(file.unicodeScalar.value)
    }

    /// Same file literal, line and column.
    public static func == (lhs: BuildSite, rhs: BuildSite) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.fileKey == rhs.fileKey
    }

    /// Hashes the file literal's address, line and column.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileKey)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
