import FerryTerminal
import FerryWorkbench

/// The command palette's entries: every palette command with its help text and first key.
enum PaletteEntries {
    /// One palette entry.
    struct Entry: ListRow, Sendable, Hashable {
        /// The command.
        var command: AppCommand
        /// What it does.
        var title: String
        /// Its first key, for display.
        var key: String
        /// The vim command that names it (`wq`) on the command line, typed after `:`.
        var exName: String? = nil
        /// The request the entry opens, for the entries that jump to a request by name.
        var request: RequestID? = nil

        /// What the picker filters and draws: the vim name and the title, or the title and the key.
        var text: String { exName.map { $0 + "  " + title } ?? title + "  " + key }

        /// The vim name bold, or the key dimmed, beside the plain title.
        var spans: [Span] {
            if let exName { return [Span(exName, style: Style(modifiers: .bold)), Span("  " + title)] }
            return [Span(title), Span("  " + key, style: Style(modifiers: .dim))]
        }
    }

    /// The vim commands on the command line (`:` in the vim preset), listed before the palette's commands so a
    /// vim name typed whole is the first row (ties keep this order): they save the draft of the open request
    /// and quit, as the palette's Save and Quit do.
    static let exCommands: [Entry] = [
        Entry(command: .save, title: "Save the request to its file", key: ":w", exName: "w"),
        Entry(command: .quit, title: "Quit (asks first when something is unsaved)", key: ":q", exName: "q"),
        Entry(command: .saveAndQuit, title: "Save the request, then quit", key: ":wq", exName: "wq"),
        Entry(command: .saveAndQuit, title: "Save the request, then quit", key: ":x", exName: "x"),
        Entry(command: .confirm, title: "Quit without saving", key: ":q!", exName: "q!"),
    ]

    /// Palette commands that no default key is bound to, with their titles: the palette lists them all the same.
    static let keyless: [(command: AppCommand, title: String)] =
        [
            (.newFile, "New file: a .http file with one request"),
            (.discardDraft, "Discard changes: the open request becomes the file's version again (asks first)"),
            (.trustWorkspace, "Trust this workspace: its files may read (<) and write (>>) outside it"),
            (.signInView, "Sign-in: the environment's OAuth configurations, cached tokens and expiry"),
        ] + codeCopies

    /// The copy-as-code commands, one per language: the palette lists them, and the copy-as-code key opens a
    /// picker of them alone.
    static let codeCopies: [(command: AppCommand, title: String)] = CodeLanguage.allCases.map {
        (AppCommand.copying(as: $0), "Copy the request as \($0.title) code (secrets as <name> placeholders)")
    }

    /// Every palette entry, in key-map order.
    static func all(keyMap: KeyMap) -> [Entry] { matching("", keyMap: keyMap) }

    /// Every palette entry, then one per request of `workspace` that opens it ("Go to requests.http#search").
    static func all(keyMap: KeyMap, requestsOf workspace: Workspace) -> [Entry] {
        all(keyMap: keyMap)
            + workspace.files.flatMap(\.requests).map { entry in
                Entry(
                    command: .activate, title: "Go to \(entry.id)  \(entry.request.method) \(entry.request.url)",
                    key: "", request: entry.id)
            }
    }

    /// The entries whose title fuzzy-matches `query` (the widgets' `FuzzyMatcher`), best first.
    static func matching(_ query: String, keyMap: KeyMap) -> [Entry] {
        var seen = Set<AppCommand>()
        var entries: [Entry] = []
        for binding in keyMap.bindings {
            guard let command = AppCommand(rawValue: binding.action), command.isInPalette,
                seen.insert(command).inserted
            else { continue }
            entries.append(Entry(command: command, title: binding.help, key: binding.key.displayName))
        }
        for (command, title) in keyless where seen.insert(command).inserted {
            entries.append(Entry(command: command, title: title, key: ""))
        }
        guard !query.isEmpty else { return entries }
        return FuzzyMatcher.rank(query, in: entries.map(\.title)).map { entries[$0] }
    }
}
