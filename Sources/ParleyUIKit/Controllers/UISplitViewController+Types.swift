import Foundation

extension UISplitViewController {
    /// How many columns the split view manages.
    public enum Style: Int, Sendable {
        /// The classic interface: `viewControllers` set directly.
        case unspecified = 0
        /// A primary and a secondary column.
        case doubleColumn = 1
        /// A primary, a supplementary and a secondary column (Parley shows two: the
        /// supplementary column is not drawn).
        case tripleColumn = 2
    }

    /// A column.
    public enum Column: Int, Sendable {
        /// The leading column (a list).
        case primary = 0
        /// The middle column of the triple-column style.
        case supplementary = 1
        /// The trailing column (the detail).
        case secondary = 2
        /// The controller shown instead of the columns when collapsed (if set).
        case compact = 3
        /// A trailing column beside the secondary (UIKit's inspector column): a thread or the
        /// details of what the secondary shows. It appears with ``UISplitViewController/show(_:)``
        /// and goes with ``UISplitViewController/hide(_:)``; when the window is too narrow for
        /// it, its controllers are pushed on the secondary's stack instead.
        case inspector = 4
    }

    /// How the columns are arranged.
    public enum DisplayMode: Int, Sendable {
        /// The split view decides (`.oneBesideSecondary`).
        case automatic = 0
        /// Only the secondary column.
        case secondaryOnly = 1
        /// The primary column beside the secondary.
        case oneBesideSecondary = 2
        /// The primary column over the secondary, which keeps the full width.
        case oneOverSecondary = 3
        /// As `.oneBesideSecondary` (two columns are all Parley draws).
        case twoBesideSecondary = 4
        /// As `.oneOverSecondary`.
        case twoOverSecondary = 5
        /// As `.oneBesideSecondary`.
        case twoDisplaceSecondary = 6

        /// UIKit's older name for `.oneBesideSecondary`.
        public static let allVisible = DisplayMode.oneBesideSecondary
        /// UIKit's older name for `.secondaryOnly`.
        public static let primaryHidden = DisplayMode.secondaryOnly
        /// UIKit's older name for `.oneOverSecondary`.
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// How the primary column shares the width with the secondary.
    public enum SplitBehavior: Int, Sendable {
        /// The split view decides (`.tile`).
        case automatic = 0
        /// Side by side.
        case tile = 1
        /// The primary over the secondary.
        case overlay = 2
        /// The primary pushes the secondary aside (drawn as `.tile`).
        case displace = 3
    }

}
