import FerryTerminal
import FerryWorkbench
import Foundation

/// Form and multipart fields switched off in the fields table. A form body has no syntax for a field that is
/// not sent, so they are kept among the request's header lines as comments, `# (disabled) name=value`
/// (percent-encoded): they come back as unchecked rows after leaving the table, switching requests, a
/// restart or a save, and any `.http` reader skips them as comments.
enum DisabledFormFields {
    /// The comment prefix that marks a disabled field.
    static let prefix = "# (disabled) "

    /// The disabled rows kept in `request`, in order.
    static func rows(in request: SavedRequest) -> [KeyValueRow] {
        request.headerLines.compactMap { line in
            guard case .comment(let text) = line, text.hasPrefix(prefix) else { return nil }
            let pair = text.dropFirst(prefix.count)
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let name = String(pair[..<equals]).removingPercentEncoding ?? String(pair[..<equals])
            let rawValue = equals < pair.endIndex ? pair[pair.index(after: equals)...] : ""
            let value = String(rawValue).removingPercentEncoding ?? String(rawValue)
            return KeyValueRow(name: name, value: value, isEnabled: false)
        }
    }

    /// Replaces the disabled-field comments in `request` with the disabled, named rows of `rows`.
    static func store(_ rows: [KeyValueRow], in request: inout SavedRequest) {
        var lines = request.headerLines.filter { line in
            if case .comment(let text) = line, text.hasPrefix(prefix) { return false }
            return true
        }
        for row in rows where !row.isEnabled && !row.name.isEmpty {
            lines.append(.comment(prefix + encoded(row.name) + "=" + encoded(row.value)))
        }
        request.headerLines = lines
    }

    /// `text` with `%`, `=`, `&`, line breaks and other characters outside unreserved URL characters encoded.
    private static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~ <>/:@,;!*'()[]{}$+?")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
