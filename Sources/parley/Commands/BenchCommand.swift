import ArgumentParser
import Foundation

/// `parley bench [GROUP]`: runs benchmark groups and prints one JSON document (the shape of
/// `shared/BENCHMARKS.md`) on stdout and a readable table on stderr.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run benchmarks and print JSON (build with -c release)."
    )

    @Argument(help: "The group to run: \(BenchCommand.groups.map(\.name).joined(separator: ", ")); all when omitted.")
    var group: String?

    @Flag(help: "A short run for CI smoke tests.")
    var quick = false

    @Flag(help: "With the server group: the server on PostgreSQL (a throwaway cluster), one and two processes.")
    var postgres = false

    struct Group: Sendable {
        let name: String
        let run: @Sendable (Bool) async throws -> [BenchResult]
    }

    static let groups: [Group] = [
        Group(name: "text") { quick in try await MainActor.run { try TextBench.run(quick: quick) } },
        Group(name: "render") { quick in try await MainActor.run { try RenderBench.run(quick: quick) } },
        Group(name: "solver") { quick in try SolverBench.run(quick: quick) },
        Group(name: "app") { quick in try await MainActor.run { try AppBench.run(quick: quick) } },
        Group(name: "components") { quick in try await MainActor.run { try ComponentsBench.run(quick: quick) } },
        Group(name: "store") { quick in try await StoreBench.run(quick: quick) },
        Group(name: "chat") { quick in try await ChatBench.run(quick: quick) },
        Group(name: "swiftui") { quick in try await MainActor.run { try SwiftUIBench.run(quick: quick) } },
        Group(name: "server") { quick in try await ServerBench.run(quick: quick) },
        Group(name: "image") { quick in try await ImageBench.run(quick: quick) },
    ]

    func run() async throws {
        var results: [BenchResult] = []
        if let group {
            guard let found = Self.groups.first(where: { $0.name == group }) else {
                throw ValidationError("No benchmark group '\(group)'. Groups: \(Self.groups.map(\.name).joined(separator: ", ")).")
            }
            if postgres {
                guard group == "server" else { throw ValidationError("--postgres goes with the server group.") }
                results = try await PostgresServerBench.run(quick: quick)
            } else {
                results = try await found.run(quick)
            }
        } else {
            // Every group in a process of its own: memory figures (resident set) and caches are
            // then the group's alone, not what the groups before it left behind.
            var failed: [String] = []
            for group in Self.groups {
                do {
                    results += try Self.runInChildProcess(group.name, quick: quick)
                } catch {
                    FileHandle.standardError.write(Data("bench: group \(group.name) failed: \(error)\n".utf8))
                    failed.append(group.name)
                }
            }
            if !failed.isEmpty {
                FileHandle.standardError.write(Data("bench: failed groups: \(failed.joined(separator: ", "))\n".utf8))
            }
        }
        let report = BenchReport(machine: Bench.machineDescription(), results: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(report)
        print(String(decoding: data, as: UTF8.self))
        // A group run for `parley bench` leaves the table to the parent, which prints them all.
        if ProcessInfo.processInfo.environment[Self.childEnvironmentKey] == nil {
            FileHandle.standardError.write(Data(Bench.table(results).utf8))
        }
    }
}

extension BenchCommand {
    /// Set in the environment of a group run by `parley bench` in a child process.
    static let childEnvironmentKey = "PARLEY_BENCH_CHILD"

    /// A child-process failure: the group's exit status.
    struct ChildFailure: Error, CustomStringConvertible {
        let status: Int32
        var description: String { "exit status \(status)" }
    }

    /// Runs `parley bench GROUP` (this executable) and returns its results; its table and log
    /// go to this process's stderr as they come.
    static func runInChildProcess(_ group: String, quick: Bool) throws -> [BenchResult] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["bench", group] + (quick ? ["--quick"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment[childEnvironmentKey] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ChildFailure(status: process.terminationStatus) }
        return try JSONDecoder().decode(BenchReport.self, from: data).results
    }
}

extension Bench {
    /// A readable table of results with targets and pass/fail.
    static func table(_ results: [BenchResult]) -> String {
        var lines = ["", String(format: "%-40@ %14@ %-6@ %10@  %@", "name" as NSString, "value" as NSString, "unit" as NSString, "target" as NSString, "pass" as NSString)]
        for r in results {
            let target = r.target.map { String(format: "%@%.3g", r.better == .lower ? "≤" : "≥", $0) } ?? "—"
            let value = r.value.isFinite ? String(format: "%14.4f", r.value) : String(format: "%14@", "n/a" as NSString)
            lines.append(String(format: "%-40@ %@ %-6@ %10@  %@", r.name as NSString, value as NSString, r.unit as NSString, target as NSString, (r.pass ? "pass" : "FAIL") as NSString))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
