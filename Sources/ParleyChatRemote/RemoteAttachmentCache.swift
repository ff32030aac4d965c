import Foundation
import ParleyChat
import ParleyProtocol

/// The files of remote attachments on this machine: `<directory>/<upload id>/<file name>`,
/// bounded by bytes, least recently used first out (a hit touches the file's modification time).
///
/// Upload ids are checked (letters, digits, `-`) and names pass through
/// ``AttachmentFileName/sanitized(_:)``, so nothing is written outside the directory. A file is
/// written under a `.partial-` name and renamed when complete: a crash never leaves half a file
/// where a whole one is expected.
struct RemoteAttachmentCache: Sendable {
    /// The cache's folder.
    let directory: URL
    /// The most bytes kept.
    let byteLimit: Int

    /// `$XDG_CACHE_HOME/parley/attachments` (or `~/.cache/parley/attachments`), one folder per
    /// server (`host_port`).
    static func defaultDirectory(for serverURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        }
        let server = AttachmentFileName.sanitized("\(serverURL.host ?? "server")_\(serverURL.port ?? 0)")
        return base.appendingPathComponent("parley/attachments/\(server)", isDirectory: true)
    }

    /// The folder of upload `id`, or `nil` when `id` is not an upload id.
    func folder(for id: String) -> URL? {
        guard WirePath.isValidUploadId(id) else { return nil }
        return directory.appendingPathComponent(id, isDirectory: true)
    }

    /// The complete cached file of upload `id`, if there is one (and marks it recently used).
    func file(for id: String) -> URL? {
        guard let folder = folder(for: id),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path),
              let name = names.sorted().first(where: { !$0.hasPrefix(".") })
        else { return nil }
        let file = folder.appendingPathComponent(name)
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return file
    }

    /// A fresh partial file in upload `id`'s folder, for a download to write into.
    func partialFile(for id: String) throws(ChatError) -> URL {
        guard let folder = folder(for: id) else {
            throw ChatError.serverError(code: "bad_response", message: "\(id) is not an upload id")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ChatError.readOnlyStorage(reason: "cannot create the attachment cache at \(folder.path): \(error.localizedDescription)")
        }
        return folder.appendingPathComponent(".partial-\(UUID().uuidString)")
    }

    /// Moves a finished partial file to its place as `name` (sanitized), then trims the cache to
    /// its limit (never the file just stored).
    func commit(_ partial: URL, id: String, name: String) throws(ChatError) -> URL {
        let target = partial.deletingLastPathComponent().appendingPathComponent(AttachmentFileName.sanitized(name))
        do {
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.moveItem(at: partial, to: target)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw ChatError.readOnlyStorage(reason: "cannot store the attachment at \(target.path): \(error.localizedDescription)")
        }
        trim(keeping: target)
        return target
    }

    /// Puts a copy of a local file in the cache as upload `id` (the sender's own attachments, so
    /// showing them never downloads what was just uploaded).
    func seed(id: String, from source: URL, name: String) {
        guard file(for: id) == nil, let partial = try? partialFile(for: id) else { return }
        do {
            try FileManager.default.copyItem(at: source, to: partial)
            _ = try commit(partial, id: id, name: name)
        } catch {
            // The cache is only a shortcut: the file will be downloaded when first shown.
            try? FileManager.default.removeItem(at: partial)
        }
    }

    /// Deletes the least recently used files until the cache holds at most ``byteLimit`` bytes.
    func trim(keeping kept: URL? = nil) {
        let files = FileManager.default
        guard let folders = try? files.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(url: URL, size: Int, used: Date)] = []
        for folder in folders {
            let folderURL = directory.appendingPathComponent(folder, isDirectory: true)
            for name in (try? files.contentsOfDirectory(atPath: folderURL.path)) ?? [] {
                let url = folderURL.appendingPathComponent(name)
                guard let attributes = try? files.attributesOfItem(atPath: url.path) else { continue }
                entries.append((
                    url, (attributes[.size] as? NSNumber)?.intValue ?? 0,
                    attributes[.modificationDate] as? Date ?? .distantPast))
            }
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > byteLimit {
            if entry.url.standardizedFileURL == kept?.standardizedFileURL { continue }
            try? files.removeItem(at: entry.url)
            let folder = entry.url.deletingLastPathComponent()
            if (try? files.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { try? files.removeItem(at: folder) }
            total -= entry.size
        }
    }
}
