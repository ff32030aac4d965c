import ArgumentParser
import Foundation
import Parley
import ParleyScenes

/// `parley render`: draws a scene to a PNG file, headless.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene (a screen or state of the UI) to a PNG file."
    )

    @Option(help: "The scene to render (see --list).")
    var scene: String?

    @Option(help: "The PNG file to write (with --all: the folder).")
    var out: String?

    @Option(help: "Pixels per point.")
    var scale: Double = 2

    @Option(help: "The UI language: en, de or ar (Arabic mirrors the UI right to left).")
    var lang: String?

    @Flag(help: "Render in dark mode.")
    var dark = false

    @Option(help: "Width in points (default: the scene's).")
    var width: Double?

    @Option(help: "Height in points (default: the scene's).")
    var height: Double?

    @Flag(help: "Print the scene names, one per line.")
    var list = false

    @Flag(help: "Render every scene, light and dark, into the --out folder.")
    var all = false

    func validate() throws {
        if list { return }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be between 0 and 8.") }
        if let width, !(width > 0 && width <= 10_000) { throw ValidationError("--width must be between 0 and 10000.") }
        if let height, !(height > 0 && height <= 10_000) { throw ValidationError("--height must be between 0 and 10000.") }
        if !all && scene == nil { throw ValidationError("Name a scene with --scene (see --list), or use --all.") }
        if out == nil { throw ValidationError("Name the output with --out.") }
        if let lang, !ChatLocalization.bundledLanguages.contains(lang) {
            throw ValidationError("--lang must be one of \(ChatLocalization.bundledLanguages.joined(separator: ", ")).")
        }
    }

    @MainActor
    func run() async throws {
        if list {
            for scene in SceneCatalog.all { print(scene.name) }
            return
        }
        if let lang { ChatLocalization.use(ChatLocalization(language: lang)) }
        do {
            if all {
                let folder = URL(fileURLWithPath: out ?? "out")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for scene in SceneCatalog.all {
                    for dark in [false, true] {
                        let file = folder.appendingPathComponent("\(scene.name)\(dark ? "-dark" : "").png")
                        try render(scene, dark: dark, to: file)
                    }
                }
                return
            }
            guard let name = scene, let found = SceneCatalog.scene(named: name) else {
                throw ValidationError("No scene named '\(scene ?? "")'. Known scenes: \(SceneCatalog.all.map(\.name).joined(separator: ", ")).")
            }
            try render(found, dark: dark, to: URL(fileURLWithPath: out ?? "\(name).png"))
        }
    }

    @MainActor
    private func render(_ scene: RenderScene, dark: Bool, to file: URL) throws {
        let size = CGSize(width: width ?? scene.defaultSize.width, height: height ?? scene.defaultSize.height)
        guard let data = SceneCatalog.renderPNG(scene, size: size, scale: scale, dark: dark) else {
            throw ValidationError("Scene '\(scene.name)' could not be rendered at \(size.width)×\(size.height).")
        }
        do {
            try data.write(to: file)
        } catch {
            throw ValidationError("Could not write \(file.path): \(error.localizedDescription)")
        }
        print("Wrote \(file.path) (\(Int(size.width * scale))×\(Int(size.height * scale)) px)")
    }
}
