// A server process for ParleyServerTests' kill -9 test (it is not part of the SDK).
//
//   ParleyServerTestChild <database>     serve on a free loopback port with $PARLEY_JWT_SECRET
//                                        (<database>: a SQLite path, or a postgres:// URL)
//
// Prints "PORT <n>" straight to file descriptor 1 once it listens.
import Foundation
import ParleyProtocol
import ParleyServer

// A test process that dies (or is stopped by a watchdog) takes this server with it: an orphan
// would keep serving, and keep the test run's output pipe open.
let parent = getppid()
Thread.detachNewThread {
    while getppid() == parent { Thread.sleep(forTimeInterval: 0.5) }
    exit(0)
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let secret = ServerDataDirectory.environmentSecret() else {
    FileHandle.standardError.write(Data("usage: PARLEY_JWT_SECRET=… ParleyServerTestChild <database>\n".utf8))
    exit(64)
}
let isPostgres = arguments[1].hasPrefix("postgres://")
let configuration = ParleyServerConfiguration(
    port: 0, databasePath: isPostgres ? nil : arguments[1], jwtSecret: secret,
    limits: WireLimits(requestsPerSecond: 100_000, requestBurst: 100_000),
    postgresURL: isPostgres ? arguments[1] : nil)
do {
    try await ParleyServerApp.run(configuration: configuration) { port in
        FileHandle.standardOutput.write(Data("PORT \(port)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("ParleyServerTestChild: \(error)\n".utf8))
    exit(1)
}
