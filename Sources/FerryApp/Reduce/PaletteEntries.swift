import FerryTerminal

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

        /// What the picker filters and draws: the title and the key.
        var text: String { title + "  " + key }

        /// The title plain and the key dimmed.
        var spans: [Span] { [Span(title), Span("  " + key, style: Style(modifiers: .dim))] }
    }

    /// Every palette entry, in key-map order.
    static func all(keyMap: KeyMap) -> [Entry] { matching("", keyMap: keyMap) }

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
        guard !query.isEmpty else { return entries }
        return FuzzyMatcher.rank(query, in: entries.map(\.title)).map { entries[$0] }
    }
}
