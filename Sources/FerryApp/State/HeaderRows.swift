import FerryTerminal
import FerryWorkbench
import Foundation

/// Headers as rows of the widgets' key-value table and back: a disabled row is kept in the file as a
/// commented-out header (`# Name: value`), which is also how one is read back as disabled.
enum HeaderRows {
    /// The table for a request's header lines (comments that look like headers become disabled rows).
    static func table(for request: SavedRequest) -> KeyValueTableState {
        var rows: [KeyValueRow] = []
        for line in request.headerLines {
            switch line {
            case .field(let name, let value):
                rows.append(KeyValueRow(name: name, value: value))
            case .comment(let text):
                if let header = commentedHeader(text) {
                    rows.append(KeyValueRow(name: header.name, value: header.value, isEnabled: false))
                }
            }
        }
        return KeyValueTableState(rows: rows)
    }

    /// Header lines for table rows; rows without a name are left out.
    static func lines(from rows: [KeyValueRow]) -> [HeaderLine] {
        rows.filter { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty }.map { row in
            row.isEnabled
                ? .field(name: row.name, value: row.value) : .comment("# \(row.name): \(row.value)")
        }
    }

    /// The comments among `lines` that are not commented-out headers (such as disabled form fields), which
    /// writing the table back keeps.
    static func otherComments(in lines: [HeaderLine]) -> [HeaderLine] {
        lines.filter { line in
            guard case .comment(let text) = line else { return false }
            return commentedHeader(text) == nil
        }
    }

    /// `# Name: value` as a header, if the comment is one.
    private static func commentedHeader(_ text: String) -> (name: String, value: String)? {
        var body = Substring(text)
        if body.hasPrefix("#") { body = body.dropFirst() } else if body.hasPrefix("//") { body = body.dropFirst(2) }
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let name = body[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return (name, body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
}
