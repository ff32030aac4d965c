import Foundation
import ParleyTesting
import Testing
@testable import ParleyUIKit

/// The golden-image harness itself.
@MainActor
@Suite struct SnapshotHarnessTests {
    /// A reference recorded at 2× is compared at 2× (it was read as a 1× image and blown up to
    /// twice its pixel size, so every 2× golden failed on size).
    @Test func aReferenceRecordedAtTwoTimesMatchesAtTwoTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("__Snapshots__"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        view.backgroundColor = .systemTeal
        let dot = UIView(frame: CGRect(x: 10, y: 10, width: 8, height: 8))
        dot.backgroundColor = .systemRed
        dot.layer.cornerRadius = 4
        view.addSubview(dot)
        let png = try #require(view.pngData(scale: 2))
        try png.write(to: folder.appendingPathComponent("__Snapshots__/harness-2x.png"))
        #expect(Snapshot.assert(view, named: "harness-2x", scale: 2, filePath: folder.appendingPathComponent("HarnessTests.swift").path))
    }
}
