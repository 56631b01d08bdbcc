/// The queries run at a prompt this session, for ↑ and ↓ to bring back (as a shell's history does): ↑ goes to
/// the one before, ↓ to the one after and past the newest back to what was being typed.
struct PromptHistory: Sendable, Equatable {
    /// The queries run, oldest first, each once (a query run again moves to the end).
    private(set) var entries: [String] = []
    /// The entry shown while browsing, or `nil` when the text is the user's own.
    private var position: Int?
    /// What was typed before ↑ first replaced it.
    private var draft = ""

    /// The most queries kept.
    static let limit = 100

    /// Keeps `text` as the newest query (blank text is not kept) and stops browsing.
    mutating func record(_ text: String) {
        position = nil
        guard !text.allSatisfy(\.isWhitespace) else { return }
        entries.removeAll { $0 == text }
        entries.append(text)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// Starts a new prompt: the next ↑ recalls the newest query.
    mutating func startBrowsing() { position = nil }

    /// The text after ↑ (`earlier`) or ↓ from `current`, or `nil` when there is nothing further that way.
    mutating func recall(earlier: Bool, from current: String) -> String? {
        if earlier {
            guard !entries.isEmpty else { return nil }
            guard let position else {
                draft = current
                self.position = entries.count - 1
                return entries[entries.count - 1]
            }
            guard position > 0 else { return nil }
            self.position = position - 1
            return entries[position - 1]
        }
        guard let position else { return nil }
        guard position + 1 < entries.count else {
            self.position = nil
            return draft
        }
        self.position = position + 1
        return entries[position + 1]
    }
}
