import Foundation

/// Text as `.http` files hold it, shared by the importers.
enum ImportedText {
    /// A body as a `.http` file can hold it: line breaks as `\n`, no blank lines at either end; `nil` when empty.
    static func body(_ text: String) -> String? {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        while text.hasSuffix("\n") { text.removeLast() }
        while text.hasPrefix("\n") { text.removeFirst() }
        return text.isEmpty ? nil : text
    }

    /// A path as an include (`< ./path`) wants it: relative paths start with `./`.
    static func includePath(_ path: String) -> String {
        if path.hasPrefix("/") || path.hasPrefix("./") || path.hasPrefix("../") || path.hasPrefix("~") { return path }
        return "./" + path
    }
}
