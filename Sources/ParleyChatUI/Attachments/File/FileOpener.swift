import Foundation

/// Opens an attachment's file with the desktop's handler (`Components.default.fileOpener`).
/// Tests set one that records what it was asked to open.
public protocol FileOpening: Sendable {
    /// Opens the file at `url`.
    func open(_ url: URL) throws
}

/// Opens files with `xdg-open`, the freedesktop handler (the file manager, viewer or editor the
/// desktop associates with the file's type). Does not wait for the handler.
public struct XDGFileOpener: FileOpening {
    /// The program run, `xdg-open` found on `PATH` by default.
    public var command: String

    /// An opener running `command` (`xdg-open` by default).
    public init(command: String = "xdg-open") {
        self.command = command
    }

    /// Runs `command` with the file's absolute path (so a name starting with `-` is never read as
    /// an option). Throws when the file is not a local file or the program cannot start.
    public func open(_ url: URL) throws {
        guard url.isFileURL else { throw CocoaError(.fileReadUnsupportedScheme) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command, url.standardizedFileURL.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }
}
