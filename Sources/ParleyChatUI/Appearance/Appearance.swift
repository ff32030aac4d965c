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

    /// Looks up every user-visible string of the chat UI by key and table (`"Localizable"`), as
    /// Stream's does. The default reads ``ChatLocalization/current`` (English, German or Arabic,
    /// from the user's preferred language); return your own text for some keys and call the
    /// default for the rest. The keys and their English text are in the SDK's
    /// `Resources/Localization/en.json`; see ``ChatLocalization`` for plurals and arguments.
    public var localizationProvider: (_ key: String, _ table: String) -> String = { key, table in
        ChatLocalization.current.string(forKey: key, table: table)
    }

    /// An appearance with Parley's defaults.
    public init() {}

    /// The appearance every chat view uses unless given another.
    @preconcurrency @MainActor public static var `default` = Appearance() {
        // The date formatters read the provider off the main actor.
        didSet { L10n.defaultProvider.set(`default`.localizationProvider) }
    }
}

/// Something that has an appearance: every chat view and view controller.
@preconcurrency @MainActor
public protocol AppearanceProvider: AnyObject {
    /// The appearance this object reads; `Appearance.default` unless set.
    var appearance: Appearance { get set }
}
