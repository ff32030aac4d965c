import Foundation
import ParleyUIKit

/// `parley-sample --self-test`: checks that the real run loop drains the main queue — a
/// `Task { @MainActor in }`, `DispatchQueue.main.async`, a `Timer`, work enqueued from a background
/// thread while the loop sleeps, and a display link — and that it sleeps when idle. Prints
/// "SELFTEST OK" (and the idle CPU) and exits 0, or prints what did not run and exits 1.
@MainActor
enum RunLoopSelfTest {
    static var fired: Set<String> = []
    static let expected: Set<String> = ["task", "dispatch", "timer", "background", "displayLink"]
    static var idleStart: (wall: TimeInterval, cpu: TimeInterval) = (0, 0)

    static func start() {
        Task { @MainActor in fired.insert("task") }
        DispatchQueue.main.async { fired.insert("dispatch") }
        _ = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in MainActor.assumeIsolated { _ = fired.insert("timer") } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) {
            DispatchQueue.main.async { fired.insert("background") }
        }
        var frames = 0
        let link = CADisplayLink { link in
            frames += 1
            if frames == 3 { fired.insert("displayLink"); link.invalidate() }
        }
        link.add(to: .main, forMode: .common)
        // After everything fired, idle for a second and measure the CPU that costs.
        _ = Timer.scheduledTimer(withTimeInterval: 0.8, repeats: false) { _ in
            MainActor.assumeIsolated {
                idleStart = (ProcessInfo.processInfo.systemUptime, cpuSeconds())
                _ = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: false) { _ in MainActor.assumeIsolated { finish() } }
            }
        }
        _ = Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { _ in MainActor.assumeIsolated { fail("timeout") } }
    }

    static func cpuSeconds() -> TimeInterval {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return TimeInterval(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + TimeInterval(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func finish() {
        let wall = ProcessInfo.processInfo.systemUptime - idleStart.wall
        let cpu = cpuSeconds() - idleStart.cpu
        let percent = wall > 0 ? cpu / wall * 100 : 0
        guard fired == expected else { return fail("missing \(expected.subtracting(fired).sorted())") }
        print("SELFTEST OK idle_cpu_percent=\(String(format: "%.2f", percent))")
        exit(0)
    }

    static func fail(_ reason: String) {
        print("SELFTEST FAIL \(reason)")
        exit(1)
    }
}
