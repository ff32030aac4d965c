import Foundation

/// One figure of a benchmark run, in the JSON shape of `shared/BENCHMARKS.md`.
struct BenchResult: Codable, Sendable {
    enum Better: String, Codable, Sendable { case lower, higher }

    var name: String
    var value: Double
    var unit: String
    var target: Double?
    var better: Better
    /// Computed from `value`, `target` and `better`; `nil` target always passes.
    var pass: Bool

    private enum CodingKeys: String, CodingKey { case name, value, unit, target, better, pass }

    /// Writes every key, with `"target": null` when there is no target (BENCHMARKS.md's shape)
    /// and `"value": null` for a figure that could not be measured (JSON has no NaN).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value.isFinite ? value : nil, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(target, forKey: .target)
        try container.encode(better, forKey: .better)
        try container.encode(pass, forKey: .pass)
    }

    /// Reads what `encode(to:)` writes (a child `parley bench GROUP`'s results).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decodeIfPresent(Double.self, forKey: .value) ?? .nan
        unit = try container.decode(String.self, forKey: .unit)
        target = try container.decodeIfPresent(Double.self, forKey: .target)
        better = try container.decode(Better.self, forKey: .better)
        pass = try container.decode(Bool.self, forKey: .pass)
    }

    /// A result; an unmeasured (non-finite) value fails.
    init(name: String, value: Double, unit: String, target: Double?, better: Better) {
        self.name = name
        self.value = value
        self.unit = unit
        self.target = target
        self.better = better
        if !value.isFinite {
            pass = false
        } else if let target {
            pass = better == .lower ? value <= target : value >= target
        } else {
            pass = true
        }
    }
}

/// The document `parley bench` prints.
struct BenchReport: Codable, Sendable {
    var machine: String
    var results: [BenchResult]
}

/// Timing helpers shared by every benchmark group.
enum Bench {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body` once and returns the elapsed seconds.
    @inline(__always)
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    /// The median of `samples` (which need not be sorted).
    static func median(_ samples: [Double]) -> Double {
        percentile(samples, 0.5)
    }

    /// The `p` quantile (0…1) of `samples`, nearest-rank.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[rank]
    }

    /// Resident set size of this process in MB, read from /proc/self/statm.
    static func residentMemoryMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// A one-line description of this machine for the report.
    static func machineDescription() -> String {
        var cpu = "unknown cpu"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let name = line.split(separator: ":", maxSplits: 1).last {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return "\(cpu), \(cores) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }
}
