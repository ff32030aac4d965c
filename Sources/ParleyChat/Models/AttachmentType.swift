import Foundation

/// The kind of an attachment, as Stream's `AttachmentType`: a name that apps extend with their own
/// kinds.
///
/// ```swift
/// extension AttachmentType {
///     static let location = Self(rawValue: "location")
/// }
/// ```
///
/// The SDK draws ``image``, ``file`` and ``link`` itself; any other type is a custom attachment
/// (``ChatMessageAttachment/Payload/custom(_:)``) that an app's `AttachmentViewInjector` draws.
public struct AttachmentType: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The type's name, as stored and sent (`image`, `location`…).
    public let rawValue: String

    /// The type named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The type named by a string literal: `let type: AttachmentType = "location"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Decodes the type from its name (a single string).
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the type as its name (a single string).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The type's name.
    public var description: String { rawValue }

    /// An image.
    public static let image = Self(rawValue: "image")
    /// A file.
    public static let file = Self(rawValue: "file")
    /// A link preview.
    public static let link = Self(rawValue: "link")
    /// An attachment whose type this client cannot read (it has no name).
    public static let unknown = Self(rawValue: "unknown")

    /// The types the SDK stores and draws itself; a custom payload cannot take these names.
    public static let builtIn: Set<AttachmentType> = [.image, .file, .link]

    /// Whether the SDK draws this type itself (``image``, ``file``, ``link``).
    public var isBuiltIn: Bool { Self.builtIn.contains(self) }
}
