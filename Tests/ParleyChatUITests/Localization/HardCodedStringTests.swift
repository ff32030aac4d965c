import Foundation
import Testing

/// Every string literal with words in the chat UI's sources (ParleyChatUI, ParleyChatViews) is a
/// strings-table key or sits in a place no user sees (an image name, a reuse key, an id): a
/// `label.text = "Hello"` added anywhere fails here. The runtime counterpart,
/// `LocalizedScreensTests`, renders the screens with a provider that marks every looked-up string.
@Suite struct HardCodedStringTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text before a literal (on its line) that marks it as not shown to users.
    static let invisibleContexts: [String] = [
        // Layout options are string-backed identifiers (`static let bubble: Self = "bubble"`).
        ": Self = ",
        "symbol(", "image(", "systemName: ", "UIImage(named: ", "reuseKey(", "reuseKey: ", "sizingView(", ".id(", "id: ",
        "accessibilityIdentifier = ", ".name = ", "let key = ", "ID = ", "hasPrefix(", "withinWeek: ", "older: ",
        "String(format: ", "[\"https://", "\"http://\", ", "\"https://\", ", "? \"https://",
    ]

    /// Literals allowed by file: non-visible strings whose context the list above does not cover.
    static let allowed: [String: Set<String>] = [
        // The default window title of the declarative SDK's app scaffold (the app names it).
        "WindowGroup.swift": ["Parley"],
        // A programmer error (no client set up), not text the chat UI shows.
        "Injection.swift": ["No chat client: create StreamChat(chatClient:) (or set ChatViews.client) first"],
        // The identifier of the locale that keeps English dates in fixed patterns.
        "Formatters.swift": ["en_US_POSIX"],
        // The key of the cache of initials avatars.
        "AvatarImageRenderer.swift": ["file:", "initials:::"],
        // Message keys of the row makers, row ids.
        "ChatMessageListVC+Rows.swift": ["message-"],
        "MessageListRows.swift": ["date-"],
        // A channel the list measures rows with (never shown); the appearance toggle's identifiers.
        "ChatChannelListVC.swift": ["measure", "Measure", "switch-to-light", "switch-to-dark", "ChatChannelListVC.selectedChannelDidChange"],
        // The scheme links without one get.
        "ChatMessageTextDetector.swift": ["https://"],
        // Ids of the send button's two states.
        "MessageComposerView.swift": ["send-enabled", "send-disabled"],
        // Units that end the size keys (`attachment.file-size.KB`).
        "FileSizeFormatter.swift": ["KB", "MB", "GB", "TB", "PB", "EB", "attachment.file-size."],
        // MIME types and extensions matched, and the type abbreviations drawn on file icons
        // (like extensions, not translated).
        "ChatFileIconView.swift": ["application/pdf", "pdf", "png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "heic", "mp3", "wav", "ogg", "flac", "aac", "opus", "mp4", "mkv", "webm", "mov", "avi", "zip", "tar", "compressed", "gz", "tgz", "bz2", "xz", "rar", "zst", "spreadsheet", "excel", "text/csv", "xls", "xlsx", "ods", "csv", "presentation", "powerpoint", "ppt", "pptx", "odp", "key", "word", "opendocument.text", "application/rtf", "doc", "docx", "odt", "rtf", "pages", "application/json", "application/xml", "txt", "md", "json", "xml", "yaml", "yml", "swift", "py", "js", "ts", "html", "css", "sh", "log", "PDF", "DOC", "XLS", "PPT", "IMG", "AUD", "VID", "ZIP", "TXT", "FILE"],
        // The program run and the decoding queue's label.
        "FileOpener.swift": ["xdg-open", "/usr/bin/env"],
        "ChatImageLoader.swift": ["parley.image-decoding"],
        // The temporary folder pasted pictures are written to; the XDG folder a saved copy goes to.
        "ComposerVC+Attachments.swift": ["parley-pasted-images", ".png"],
        "GalleryVC+Zoom.swift": ["Pictures"],
        // D-Bus names, the picture's hint and the protocol's "default" action (its label is not shown: the default
        // action is a click on the notification), the app name the notification server is told,
        // and log lines for developers.
        "FreedesktopNotificationService.swift": ["org.freedesktop.Notifications", "/org/freedesktop/Notifications", "ActionInvoked",
                                                 "Notify", "default", "Open", "unknown error", "image-data",
                                                 "parley: no D-Bus session bus (); desktop notifications are offn",
                                                 "parley: a desktop notification failed: n"],
        "ChatDesktopNotifier.swift": ["Parley"],
        // The thumbnail cache's file header and extension, and the XDG folder it lives in.
        "ChatImageDiskCache.swift": ["PARLEY-THUMBNAIL-1n", "XDG_CACHE_HOME", ".cache", "parley/thumbnails", ".thumb"],
        // The reason inside an error kept for the app and the logs (the file row shows no text for it).
        "FilesAttachmentViewInjector.swift": ["no backend can download "],
        // View identities of a message's parts (`.id(…)`), never shown.
        "MessageContainerView.swift": ["-reactions", "-bottom-reactions"],
        "MessageDisplayInfo.swift": ["message-bubble-"],
        // The settings portal's D-Bus names, the setting read and its change signal (never shown).
        "FreedesktopAppearance.swift": ["org.freedesktop.appearance", "color-scheme", "org.freedesktop.portal.Desktop",
                                        "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings", "Read",
                                        "SettingChanged"],
        // The folder and index file of the bundled `/giphy` pictures.
        "GiphySearch.swift": ["Giphy", "pictures.json"],
        // U+FFFD, the mark shown for control characters in file names.
        "ChatMessageFileAttachmentListView.swift": ["u{FFFD}"],
    ]

    /// Files that implement the lookup itself (table names, language codes, environment variables).
    static let lookupFiles: Set<String> = ["L10n.swift", "ChatLocalization.swift", "PluralRules.swift"]

    static func table(_ language: String) throws -> [String: String] {
        let url = packageRoot.appending(path: "Sources/ParleyChatUI/Resources/Localization/\(language).json")
        return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
    }

    @Test func everyWordyLiteralInTheChatUIIsAKeyOrInvisible() throws {
        let keys = Set(try Self.table("en").keys.map { $0.split(separator: "#").first.map(String.init) ?? $0 })
        var offenders: [String] = []
        for module in ["Sources/ParleyChatUI", "Sources/ParleyChatViews"] {
            let root = Self.packageRoot.appending(path: module)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(files.count > 10, "the scan found the sources of \(module)")
            for file in files where !Self.lookupFiles.contains(file.lastPathComponent) {
                let source = try String(contentsOf: file, encoding: .utf8)
                offenders += Self.hardCodedLiterals(in: source, keys: keys, allowed: Self.allowed[file.lastPathComponent] ?? [])
                    .map { "\(file.lastPathComponent):\($0.line): \"\($0.text)\"" }
            }
        }
        #expect(offenders.isEmpty, "user-visible strings must come from the strings tables:\n\(offenders.joined(separator: "\n"))")
    }

    /// The scan finds what it should: a label's hard-coded text, a button title, an alert, a
    /// returned sentence, a literal nested in an interpolation; and not keys, ids or comments.
    @Test func theScanFindsHardCodedTextAndOnlyThat() {
        let source = #"""
        label.text = "Hello"
        button.setTitle("Send it", for: .normal)
        let alert = UIAlertController(title: "Sure?", message: nil, preferredStyle: .alert)
        return "\(count) new messages"
        let title = "Reply to \(isOwn ? "You" : name)"
        label.text = l10n.tr("message.deleted") // "Message deleted" in English
        /// Shows "Message deleted".
        image = ChatUIResources.symbol("paperplane.fill")
        row.reuseKey("channel")
        let url = "https://example.com" + "\(id)"
        label.text = "99+"
        """#
        let found = Self.hardCodedLiterals(in: source, keys: ["message.deleted"], allowed: []).map(\.text)
        #expect(found == ["Hello", "Send it", "Sure?", " new messages", "Reply to ", "You", "https://example.com"])
    }

    @Test func everyKeyHasEveryLanguageAndEveryPluralHasItsFormsAndOther() throws {
        let english = try Self.table("en")
        for language in ["de", "ar"] {
            let table = try Self.table(language)
            #expect(table["language.code"] == language)
            for key in english.keys where !key.contains("#") {
                #expect(table[key] != nil, "\(language) lacks \(key)")
            }
            let plurals = Set(english.keys.filter { $0.contains("#") }.map { String($0.split(separator: "#")[0]) })
            for key in plurals {
                #expect(table[key + "#other"] != nil, "\(language) lacks \(key)#other")
                #expect(table[key + "#one"] != nil, "\(language) lacks \(key)#one")
            }
            if language == "ar" {
                for key in plurals {
                    for form in ["zero", "two", "few", "many"] { #expect(table[key + "#" + form] != nil, "ar lacks \(key)#\(form)") }
                }
            }
        }
    }

    // MARK: The scanner

    struct Literal: Equatable {
        var line: Int
        var text: String
    }

    /// The string literals of `source` with two letters in a row (interpolations taken out) that
    /// are not keys, not in an invisible context and not allowed; comments are skipped.
    static func hardCodedLiterals(in source: String, keys: Set<String>, allowed: Set<String>) -> [Literal] {
        var result: [Literal] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for literal in literals(in: String(line)) {
                let text = literal.text
                guard hasWord(text), !keys.contains(text), !allowed.contains(text) else { continue }
                if invisibleContexts.contains(where: { literal.prefix.hasSuffix($0) }) { continue }
                result.append(Literal(line: index + 1, text: text))
            }
        }
        return result
    }

    static func hasWord(_ text: String) -> Bool {
        var run = 0
        for character in text {
            run = character.isLetter ? run + 1 : 0
            if run >= 2 { return true }
        }
        return false
    }

    /// The literals of one line with the code before each; literals inside interpolations are
    /// listed too (after the literal holding them).
    static func literals(in line: String) -> [(prefix: String, text: String)] {
        var found: [(prefix: String, text: String)] = []
        let characters = Array(line)
        var index = 0
        scanCode(characters, &index, until: nil, into: &found)
        return found
    }

    /// Scans code from `index` to the end, or to the `)` closing an interpolation.
    private static func scanCode(_ c: [Character], _ index: inout Int, until closing: Character?, into found: inout [(prefix: String, text: String)]) {
        var depth = 0
        while index < c.count {
            let character = c[index]
            if character == "/", index + 1 < c.count, c[index + 1] == "/" { index = c.count; return }
            if character == "(" { depth += 1 }
            if character == ")" {
                if depth == 0, closing == ")" { index += 1; return }
                depth -= 1
            }
            if character == "\"" {
                let prefix = String(c[..<index])
                index += 1
                var text = ""
                var nested: [(prefix: String, text: String)] = []
                while index < c.count, c[index] != "\"" {
                    if c[index] == "\\", index + 1 < c.count {
                        if c[index + 1] == "(" {
                            index += 2
                            scanCode(c, &index, until: ")", into: &nested)
                            continue
                        }
                        text.append(c[index + 1])
                        index += 2
                        continue
                    }
                    text.append(c[index])
                    index += 1
                }
                index += 1
                found.append((prefix, text))
                found += nested
                continue
            }
            index += 1
        }
    }
}
