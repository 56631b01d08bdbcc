import FerryWorkbench

/// One line of the trash view: what a trash entry holds, and how many unsaved drafts went with it.
struct TrashRow: Sendable, Hashable {
    /// The entry and what it holds (FerryWorkbench's summary).
    var summary: TrashSummary
    /// Unsaved drafts kept beside it in the trash.
    var drafts: Int

    /// The entry.
    var entry: TrashEntry { summary.entry }

    /// What it is, in words: `folder api (3 requests)`, `request login from a.http`.
    var description: String {
        var text: String
        switch summary.content {
        case .request(let name):
            text = "request \(name ?? "(unnamed)") from \(entry.originalPath)"
        case .file(let requests):
            text = "file \(entry.originalPath) (\(Self.count(requests, "request")))"
        case .folder(let requests):
            text = "folder \(entry.originalPath) (\(Self.count(requests, "request")))"
        }
        if drafts > 0 { text += " + \(Self.count(drafts, "unsaved edit"))" }
        return text
    }

    /// `1 request`, `3 requests`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
