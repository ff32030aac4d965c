import Foundation

/// A scene's persistent record, as UIKit's `UISceneSession`.
@preconcurrency @MainActor
public final class UISceneSession: Hashable {
    /// The kind of scene.
    public struct Role: RawRepresentable, Hashable, Sendable {
        /// The role's name.
        public let rawValue: String
        /// Creates a role.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A scene with windows on the desktop.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    /// A unique identifier.
    public let persistentIdentifier: String
    /// The role.
    public let role: Role
    /// The scene, while connected.
    public internal(set) weak var scene: UIScene?
    /// Information kept with the session.
    public var userInfo: [String: Any]?

    init(role: Role) {
        self.role = role
        persistentIdentifier = UUID().uuidString
    }

    /// Identity equality.
    nonisolated public static func == (lhs: UISceneSession, rhs: UISceneSession) -> Bool { lhs === rhs }
    /// Hashes the identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
