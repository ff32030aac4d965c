import Foundation
import Testing
@testable import ParleyServer

/// The development secret is made once and never replaced: tokens minted with it stay valid, and
/// a damaged secret file is an error that names it instead of a silent new secret.
@Suite struct DevSecretTests {
    func withDirectory(_ body: (ServerDataDirectory) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try body(ServerDataDirectory(url))
    }

    @Test func theSecretIsMadeOnceAndKept() throws {
        try withDirectory { directory in
            let first = try directory.devSecret()
            #expect(first.count == 64)
            #expect(try directory.devSecret() == first)
        }
    }

    @Test func aDamagedSecretFileIsAnErrorNotReplaced() throws {
        try withDirectory { directory in
            try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
            // Not UTF-8: before the fix a new secret silently replaced it.
            let damaged = Data([0xFF, 0xFE, 0x00, 0xC3])
            try damaged.write(to: directory.devSecretURL)
            #expect(throws: (any Error).self) { try directory.devSecret() }
            #expect(try Data(contentsOf: directory.devSecretURL) == damaged)
            // Empty: an error that names the file.
            try Data().write(to: directory.devSecretURL)
            do {
                _ = try directory.devSecret()
                Issue.record("an empty secret file was accepted")
            } catch {
                #expect("\(error)".contains("dev-jwt-secret") || (error as NSError).localizedDescription.contains("dev-jwt-secret"))
            }
            #expect(try Data(contentsOf: directory.devSecretURL).isEmpty)
        }
    }
}
