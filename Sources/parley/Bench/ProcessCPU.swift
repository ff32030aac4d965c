import Foundation

/// The processor time processes used (user and system, from `/proc/<pid>/stat`): what a load
/// costs, whatever else shares the cores. Throughput on a busy machine measures the other load
/// too; the time the measured processes spent per message does not.
struct ProcessCPU {
    /// The clock ticks per second of `/proc`'s times.
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// The fields of `/proc/<pid>/stat` after "pid (comm)": state first (field 3 of the file),
    /// then the parent (4), …, utime (14) and stime (15); empty when the process is gone.
    private static func fields(of pid: Int32) -> [Substring] {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return [] }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    /// The seconds of processor time `pid` used so far; 0 when it is gone.
    static func seconds(of pid: Int32) -> Double {
        let fields = fields(of: pid)
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / ticksPerSecond
    }

    /// The processes whose parent is `parent` (a PostgreSQL server's backends and helpers).
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            let fields = fields(of: pid)
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// The PostgreSQL server's process id, from the `postmaster.pid` of its data directory.
    static func postmaster(dataDirectory: String) -> Int32? {
        guard let text = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
    }
}

/// The processor time of the server processes and of PostgreSQL (its server and every backend)
/// between two readings.
struct LoadCPU {
    var servers: Double
    var database: Double

    /// Reads the time used so far by `servers` and by the PostgreSQL server of `dataDirectory`
    /// with its children.
    static func now(servers: [Int32], dataDirectory: String) -> LoadCPU {
        let postmaster = ProcessCPU.postmaster(dataDirectory: dataDirectory)
        let database = postmaster.map { [$0] + ProcessCPU.children(of: $0) } ?? []
        return LoadCPU(
            servers: servers.map(ProcessCPU.seconds(of:)).reduce(0, +),
            database: database.map(ProcessCPU.seconds(of:)).reduce(0, +))
    }

    static func - (after: LoadCPU, before: LoadCPU) -> LoadCPU {
        LoadCPU(servers: after.servers - before.servers, database: after.database - before.database)
    }
}
