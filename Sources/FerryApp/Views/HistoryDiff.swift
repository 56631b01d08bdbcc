import FerryTerminal
import FerryWorkbench

/// A line diff of two history entries: what was sent and what came back, side by side as `-` / `+` lines.
enum HistoryDiff {
    /// The diff's lines: unchanged lines plain, removed in the error colour, added in the success colour.
    static func lines(_ old: HistoryEntry, _ new: HistoryEntry, theme: Theme) -> [Line] {
        let before = text(of: old)
        let after = text(of: new)
        return diff(before, after).map { change in
            switch change {
            case .same(let line): Line("  " + line)
            case .removed(let line): Line("- " + line, style: theme[.error])
            case .added(let line): Line("+ " + line, style: theme[.success])
            }
        }
    }

    /// The lines compared for an entry.
    static func text(of entry: HistoryEntry) -> [String] {
        var lines = ["\(entry.method) \(entry.url)"]
        lines += entry.requestHeaders.map { "> \($0.name): \($0.value)" }
        if let body = entry.requestBody { lines += body.split(separator: "\n").map { "> " + $0 } }
        lines.append("status: " + (entry.status.map(String.init) ?? entry.error ?? "none"))
        lines += entry.responseHeaders.map { "< \($0.name): \($0.value)" }
        if let body = entry.responseBody { lines += body.split(separator: "\n").map { "< " + $0 } }
        return lines
    }

    /// One line of a diff.
    enum Change: Equatable {
        case same(String), removed(String), added(String)
    }

    /// A longest-common-subsequence line diff (inputs are capped at 800 lines each, so the table stays small).
    static func diff(_ a: [String], _ b: [String]) -> [Change] {
        let a = Array(a.prefix(800))
        let b = Array(b.prefix(800))
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var changes: [Change] = []
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                changes.append(.same(a[i]))
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                changes.append(.removed(a[i]))
                i += 1
            } else {
                changes.append(.added(b[j]))
                j += 1
            }
        }
        changes += a[i...].map { .removed($0) }
        changes += b[j...].map { .added($0) }
        return changes
    }
}
