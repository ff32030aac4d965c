import Foundation
import ParleyUIKit

/// The look of the chat UI: colours, fonts, images and formatters, read by every view when it sets
/// itself up.
///
/// Change `Appearance.default` as early as possible (before any chat view is created), e.g. in
/// your scene delegate:
///
/// ```swift
/// Appearance.default.fonts.body = .italicSystemFont(ofSize: 20)
/// Appearance.default.colorPalette.background6 = .yellow
/// ```
///
/// A semantic value used in several places (`fonts.body` in message text and in the composer)
/// changes all of them.
public struct Appearance {
    /// The colours.
    public var colorPalette = ColorPalette()
    /// The fonts.
    public var fonts = Fonts()
    /// The images, including the reaction set.
    public var images = Images()
    /// The formatters for timestamps, date separators and channel names.
    public var formatters = Formatters()

    /// An appearance with Parley's defaults.
    public init() {}

    /// The appearance every chat view uses unless given another.
    @MainActor public static var `default` = Appearance()
}

/// Something that has an appearance: every chat view and view controller.
@MainActor
public protocol AppearanceProvider: AnyObject {
    /// The appearance this object reads; `Appearance.default` unless set.
    var appearance: Appearance { get set }
}
