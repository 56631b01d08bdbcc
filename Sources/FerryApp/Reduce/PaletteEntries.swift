import FerryTerminal

/// The command palette's entries: every palette command with its help text and first key.
enum PaletteEntries {
    /// One palette entry.
    struct Entry: Sendable, Hashable {
        /// The command.
        var command: AppCommand
        /// What it does.
        var title: String
        /// Its first key, for display.
        var key: String
    }

    /// The entries whose title fuzzy-matches `query` (its letters in order), best first.
    static func matching(_ query: String, keyMap: KeyMap) -> [Entry] {
        var seen = Set<AppCommand>()
        var entries: [Entry] = []
        for binding in keyMap.bindings {
            guard let command = AppCommand(rawValue: binding.action), command.isInPalette,
                seen.insert(command).inserted
            else { continue }
            entries.append(Entry(command: command, title: binding.help, key: binding.key.displayName))
        }
        let needle = query.lowercased().filter { $0 != " " }
        guard !needle.isEmpty else { return entries }
        return entries.compactMap { entry -> (Entry, Int)? in
            guard let score = fuzzyScore(needle, in: entry.title.lowercased()) else { return nil }
            return (entry, score)
        }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// A score (lower is better) when the characters of `needle` appear in order in `text`.
    static func fuzzyScore(_ needle: String, in text: String) -> Int? {
        var score = 0
        var index = text.startIndex
        var last: String.Index?
        for character in needle {
            guard let found = text[index...].firstIndex(of: character) else { return nil }
            if let last { score += text.distance(from: last, to: found) }
            else { score += text.distance(from: text.startIndex, to: found) }
            last = found
            index = text.index(after: found)
        }
        return score
    }
}
