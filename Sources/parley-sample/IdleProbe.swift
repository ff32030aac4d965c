import Foundation
import ParleyUIKit

/// `parley-sample --idle SECONDS`: opens the window, lets it settle for a second, then measures the
/// process's CPU over SECONDS of idling and prints `IDLE cpu_percent=… frames=…`, then exits
/// (`parley bench app` runs it for `app.idle_cpu_percent`).
@MainActor
enum IdleProbe {
    static func start(seconds: Double) {
        _ = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: false) { _ in
            MainActor.assumeIsolated {
                let wall = ProcessInfo.processInfo.systemUptime, cpu = RunLoopSelfTest.cpuSeconds()
                let frames = UIApplication.shared.framesRendered
                _ = Timer.scheduledTimer(withTimeInterval: seconds, repeats: false) { _ in
                    MainActor.assumeIsolated {
                        let elapsed = ProcessInfo.processInfo.systemUptime - wall
                        let used = RunLoopSelfTest.cpuSeconds() - cpu
                        let rendered = UIApplication.shared.framesRendered - frames
                        print("IDLE cpu_percent=\(String(format: "%.3f", used / elapsed * 100)) frames=\(rendered) seconds=\(String(format: "%.2f", elapsed))")
                        exit(0)
                    }
                }
            }
        }
    }
}
