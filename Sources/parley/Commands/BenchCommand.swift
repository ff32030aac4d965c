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
    ]

    func run() async throws {
        let selected: [Group]
        if let group {
            guard let found = Self.groups.first(where: { $0.name == group }) else {
                throw ValidationError("No benchmark group '\(group)'. Groups: \(Self.groups.map(\.name).joined(separator: ", ")).")
            }
            selected = [found]
        } else {
            selected = Self.groups
        }
        var results: [BenchResult] = []
        for group in selected {
            results += try await group.run(quick)
        }
        let report = BenchReport(machine: Bench.machineDescription(), results: results)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(report)
        print(String(decoding: data, as: UTF8.self))
        FileHandle.standardError.write(Data(Bench.table(results).utf8))
    }
}

extension Bench {
    /// A readable table of results with targets and pass/fail.
    static func table(_ results: [BenchResult]) -> String {
        var lines = ["", String(format: "%-40@ %14@ %-6@ %10@  %@", "name" as NSString, "value" as NSString, "unit" as NSString, "target" as NSString, "pass" as NSString)]
        for r in results {
            let target = r.target.map { String(format: "%@%.3g", r.better == .lower ? "≤" : "≥", $0) } ?? "—"
            lines.append(String(format: "%-40@ %14.4f %-6@ %10@  %@", r.name as NSString, r.value, r.unit as NSString, target as NSString, (r.pass ? "pass" : "FAIL") as NSString))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
