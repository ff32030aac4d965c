import Foundation
import ParleyUIKit
import Testing

/// How strictly a snapshot must match its reference.
public struct SnapshotTolerance: Sendable {
    /// The largest per-channel difference (0…255) a pixel may have and still count as equal.
    public var perPixel: UInt8
    /// The fraction of pixels (0…1) allowed to differ by more than `perPixel`.
    public var changedPixels: Double

    /// A tolerance.
    public init(perPixel: UInt8 = 24, changedPixels: Double = 0.0001) {
        self.perPixel = perPixel
        self.changedPixels = changedPixels
    }

    /// The default: small anti-aliasing differences pass, a moved glyph or a wrong colour fails.
    public static let `default` = SnapshotTolerance()
}

/// The result of comparing two images.
public struct SnapshotComparison: Sendable {
    /// Pixels that differ by more than the per-pixel tolerance.
    public var changedPixels: Int
    /// All pixels compared.
    public var totalPixels: Int
    /// Whether the sizes matched.
    public var sameSize: Bool
    /// A picture of the differences (red where pixels differ), when they differ.
    public var diff: RGBAPixels?

    /// Whether the comparison passes `tolerance`.
    public func passes(_ tolerance: SnapshotTolerance) -> Bool {
        sameSize && Double(changedPixels) <= tolerance.changedPixels * Double(totalPixels)
    }
}

/// Golden-image snapshot testing for Parley views.
///
/// A snapshot renders a view at a fixed size and scale (with the pinned fonts `scripts/install-deps`
/// installs), and compares it with the reference PNG in the `__Snapshots__` folder of the test
/// file's test target (`Tests/<Target>/__Snapshots__`). On a mismatch it writes `NAME.actual.png` and `NAME.diff.png` next to the reference and
/// records an issue. Set `PARLEY_RECORD_SNAPSHOTS=1` to (re)record references; a missing reference
/// is recorded and reported as a failure, so CI never passes without one.
public enum Snapshot {
    /// Compares two pixel buffers.
    public static func compare(_ actual: RGBAPixels, _ reference: RGBAPixels, perPixel: UInt8) -> SnapshotComparison {
        guard actual.width == reference.width, actual.height == reference.height else {
            return SnapshotComparison(changedPixels: actual.width * actual.height, totalPixels: actual.width * actual.height, sameSize: false, diff: nil)
        }
        var changed = 0
        var diff = [UInt8](repeating: 0, count: actual.bytes.count)
        let a = actual.bytes, b = reference.bytes
        for i in Swift.stride(from: 0, to: a.count, by: 4) {
            var worst: UInt8 = 0
            for c in 0..<4 {
                let d = a[i + c] > b[i + c] ? a[i + c] - b[i + c] : b[i + c] - a[i + c]
                worst = max(worst, d)
            }
            if worst > perPixel {
                changed += 1
                diff[i] = 255; diff[i + 3] = 255
            } else {
                // Faint copy of the reference for orientation.
                diff[i] = b[i] / 4; diff[i + 1] = b[i + 1] / 4; diff[i + 2] = b[i + 2] / 4; diff[i + 3] = 255
            }
        }
        return SnapshotComparison(changedPixels: changed, totalPixels: a.count / 4, sameSize: true,
                                  diff: changed > 0 ? RGBAPixels(width: actual.width, height: actual.height, bytes: diff) : nil)
    }

    /// The `__Snapshots__` folder of the test target that holds `testFile`: the folder just below
    /// `Tests/` (so SwiftPM can exclude one folder per target), or beside the file outside `Tests/`.
    public static func snapshotDirectory(forTestFile testFile: String) -> URL {
        var url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        var candidate = url
        while candidate.pathComponents.count > 1 {
            if candidate.deletingLastPathComponent().lastPathComponent == "Tests" {
                return candidate.appendingPathComponent("__Snapshots__")
            }
            candidate = candidate.deletingLastPathComponent()
        }
        url.appendPathComponent("__Snapshots__")
        return url
    }

    /// Renders `view` (resized to `size` if given) and compares it with the reference `name`.
    ///
    /// - Parameters:
    ///   - view: the view; it is laid out and rendered on an opaque `background`.
    ///   - name: the reference's file name without `.png` (unique per test file).
    ///   - size: the size to give the view before rendering.
    ///   - scale: pixels per point (2 for HiDPI references).
    ///   - style: light or dark appearance.
    /// - Returns: whether the snapshot matched (an issue is recorded when it did not).
    @MainActor
    @discardableResult
    public static func assert(
        _ view: UIView, named name: String, size: CGSize? = nil, scale: CGFloat = 2,
        style: UIUserInterfaceStyle = .light, background: UIColor = .systemBackground,
        tolerance: SnapshotTolerance = .default,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        if let size { view.frame = CGRect(origin: view.frame.origin, size: size) }
        guard let actual = view.renderPixels(scale: scale, userInterfaceStyle: style, background: background) else {
            Issue.record("Snapshot '\(name)': the view could not be rendered (zero size?)", sourceLocation: sourceLocation)
            return false
        }
        let directory = snapshotDirectory(forTestFile: filePath)
        let referenceURL = directory.appendingPathComponent(name + ".png")
        let record = ProcessInfo.processInfo.environment["PARLEY_RECORD_SNAPSHOTS"].map { $0 == "1" || $0 == "true" } ?? false
        let fm = FileManager.default
        if record || !fm.fileExists(atPath: referenceURL.path) {
            try? fm.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = UIImage(pixels: actual, scale: scale)?.pngData(scale: scale)
            do {
                try data?.write(to: referenceURL)
            } catch {
                Issue.record("Snapshot '\(name)': could not write \(referenceURL.path): \(error)", sourceLocation: sourceLocation)
                return false
            }
            if !record {
                Issue.record("Snapshot '\(name)': no reference existed; recorded \(referenceURL.path). Check it and run again.", sourceLocation: sourceLocation)
                return false
            }
            return true
        }
        // The reference was recorded at `scale`: read it at that scale, so its pixels map 1:1.
        guard let referenceData = fm.contents(atPath: referenceURL.path), let referenceImage = UIImage(data: referenceData, scale: scale),
              let reference = referenceImage.rgbaPixels(scale: scale) else {
            Issue.record("Snapshot '\(name)': the reference \(referenceURL.path) is unreadable; re-record with PARLEY_RECORD_SNAPSHOTS=1.", sourceLocation: sourceLocation)
            return false
        }
        let result = compare(actual, reference, perPixel: tolerance.perPixel)
        if result.passes(tolerance) {
            try? fm.removeItem(at: directory.appendingPathComponent(name + ".actual.png"))
            try? fm.removeItem(at: directory.appendingPathComponent(name + ".diff.png"))
            return true
        }
        let actualURL = directory.appendingPathComponent(name + ".actual.png")
        let diffURL = directory.appendingPathComponent(name + ".diff.png")
        try? UIImage(pixels: actual, scale: scale)?.pngData(scale: scale)?.write(to: actualURL)
        if let diff = result.diff { try? UIImage(pixels: diff, scale: scale)?.pngData(scale: scale)?.write(to: diffURL) }
        let detail = result.sameSize
            ? "\(result.changedPixels) of \(result.totalPixels) pixels differ (allowed \(Int(tolerance.changedPixels * Double(result.totalPixels))))"
            : "size \(actual.width)×\(actual.height) differs from the reference's \(reference.width)×\(reference.height)"
        Issue.record("Snapshot '\(name)' does not match: \(detail). Wrote \(actualURL.lastPathComponent) and \(diffURL.lastPathComponent) beside the reference; re-record with PARLEY_RECORD_SNAPSHOTS=1 if the change is intended.", sourceLocation: sourceLocation)
        return false
    }
}
