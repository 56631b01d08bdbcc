import FerryTerminal

/// Compares screens as text and explains a mismatch as a line diff.
///
/// Swift Testing lives only in test targets, so this returns the failure message and the caller records it:
///
/// ```swift
/// if let failure = ScreenAssertions.mismatch(buffer, ["┌ Requests ─┐", "│ GET /users│"]) {
///     Issue.record(Comment(rawValue: failure))
/// }
/// ```
public enum ScreenAssertions {
    // MARK: - API

    /// `nil` when the first rows of `buffer` read as `expected` (trailing spaces ignored, and rows past
    /// `expected` must be blank), else a line diff.
    public static func mismatch(_ buffer: ScreenBuffer, _ expected: [String]) -> String? {
        mismatch(actual: buffer.lines, expected: expected)
    }

    /// `nil` when the in-memory terminal's screen reads as `expected`, else a line diff.
    public static func mismatch(_ backend: InMemoryBackend, _ expected: [String]) -> String? {
        mismatch(actual: backend.lines, expected: expected)
    }

    /// `nil` when `actual` and `expected` agree row by row (trailing spaces ignored; extra actual rows must
    /// be blank), else a message with a line diff: `-` expected, `+` actual, `=` matching rows.
    public static func mismatch(actual: [String], expected: [String]) -> String? {
        let actualRows = actual.map(trimmed)
        let expectedRows = expected.map(trimmed)
        let count = max(actualRows.count, expectedRows.count)
        var differs = false
        var report: [String] = []
        for row in 0..<count {
            let want = row < expectedRows.count ? expectedRows[row] : ""
            let got = row < actualRows.count ? actualRows[row] : ""
            let label = String(row).leftPadded(to: 3)
            if want == got {
                if row < expectedRows.count || !got.isEmpty { report.append("  \(label) = |\(got)|") }
            } else {
                differs = true
                report.append("  \(label) - |\(want)|")
                report.append("  \(label) + |\(got)|")
            }
        }
        guard differs else { return nil }
        return "screen differs (- expected, + actual):\n" + report.joined(separator: "\n")
    }

    /// The screen rows as one string, trailing spaces removed: handy in failure messages.
    public static func dump(_ buffer: ScreenBuffer) -> String {
        buffer.lines.map(trimmed).joined(separator: "\n")
    }

    // MARK: - Internals

    static func trimmed(_ line: String) -> String {
        var result = Substring(line)
        while result.last == " " { result = result.dropLast() }
        return String(result)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
