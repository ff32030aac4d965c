import Foundation
import ParleyUIKit

/// Kiwi's side of the solver benchmark: the same systems solved by the Kiwi C++ solver, built and run
/// as a separate program, for the ratio (see SolverBench.swift).
extension SolverBench {
    // MARK: - Kiwi's side

    struct KiwiReport: Decodable {
        struct System: Decodable {
            var buildUs: Double
            var buildOverheadUs: Double
            var values: [Double]
            var resolveUs: Double?
            var resolveOverheadUs: Double?
            var valuesAfterChange: [Double]?
            var editResolveUs: Double?
            var editResolveOverheadUs: Double?
            var editValuesAfterChange: [Double]?
        }

        var kiwisolver: String
        var python: String
        var systems: [String: System]
    }

    enum SolverBenchError: Error, CustomStringConvertible {
        case missingScript([String])
        case kiwiFailed(status: Int32, message: String)
        case kiwiOutput(String)

        var description: String {
            switch self {
            case .missingScript(let places):
                "bench solver: scripts/bench-kiwi.py not found (looked in \(places.joined(separator: ", "))); run from the repository."
            case .kiwiFailed(let status, let message):
                "bench solver: scripts/bench-kiwi.py failed (exit \(status)): \(message)"
            case .kiwiOutput(let message):
                "bench solver: unexpected output from scripts/bench-kiwi.py: \(message)"
            }
        }
    }

    static func runKiwi(on systems: [System], budget: Double) throws -> KiwiReport {
        struct Document: Encodable {
            var budgetSeconds: Double
            var systems: [System]
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("parley-solver-systems-\(ProcessInfo.processInfo.processIdentifier).json")
        try encoder.encode(Document(budgetSeconds: budget, systems: systems)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        // stderr (pip's output if the script installs kiwisolver) goes to a file, so that neither
        // pipe can fill up while the other is read.
        let errorFile = file.deletingPathExtension().appendingPathExtension("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", try kiwiScript().path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let messages = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw SolverBenchError.kiwiFailed(status: process.terminationStatus, message: messages)
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(KiwiReport.self, from: data)
        } catch {
            throw SolverBenchError.kiwiOutput("\(error)")
        }
    }

    /// `scripts/bench-kiwi.py`, looked for from the working directory up, then next to the
    /// executable (`.build/<triple>/<configuration>/parley`), then next to this source file.
    private static func kiwiScript() throws -> URL {
        var places: [URL] = []
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<5 {
            places.append(directory)
            directory.deleteLastPathComponent()
        }
        var executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<4 {
            executable.deleteLastPathComponent()
            places.append(executable)
        }
        places.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        let candidates = places.map { $0.appendingPathComponent("scripts/bench-kiwi.py") }
        guard let script = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw SolverBenchError.missingScript(candidates.map(\.path))
        }
        return script
    }
}
