// MARK: - A curl command line

/// A `curl` invocation: its options in order (each with its values, unquoted), the URL, and the bytes to
/// feed on standard input when the body cannot be written as an argument (it holds NUL or bytes that are
/// not UTF-8). ``rendered(multiline:)`` writes it for a POSIX shell.
///
/// ```swift
/// let command = CurlCommand(url: "https://example.com/a b", options: [["-H", "Accept: */*"]])
/// command.rendered(multiline: false)   // curl 'https://example.com/a b' -H 'Accept: */*'
/// ```
public struct CurlCommand: Sendable, Hashable {
    /// The URL, unquoted.
    public var url: String
    /// The options in order; each is the option word followed by its values (`["-H", "Accept: */*"]`).
    public var options: [[String]]
    /// Bytes to pipe into curl (its body option reads `@-`), written as a `printf` before the command.
    public var standardInput: [UInt8]?
    /// Things the reader must know (a relative file path, a part curl cannot express), written as `#`
    /// comment lines above the command.
    public var notes: [String]

    /// A command with the given parts.
    public init(url: String, options: [[String]] = [], standardInput: [UInt8]? = nil, notes: [String] = []) {
        self.url = url
        self.options = options
        self.standardInput = standardInput
        self.notes = notes
    }

    /// Every argument after `curl`, unquoted, in order: the URL first, then the options.
    public var arguments: [String] { [url] + options.flatMap { $0 } }

    /// The command for a POSIX shell: `#` lines for the notes, then `curl 'URL'` and the options, either
    /// on one line or one option per line with ` \` continuations. Ends without a line break.
    public func rendered(multiline: Bool) -> String {
        var lines = notes.map { note in
            note.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }.joined(separator: "\n")
        }
        var head = "curl " + ShellQuoting.quoted(url)
        if let standardInput {
            head = "printf " + ShellQuoting.quoted(ShellQuoting.printfFormat(standardInput)) + " | " + head
        }
        let words = options.map { $0.map(ShellQuoting.quoted).joined(separator: " ") }
        if multiline {
            lines.append(([head] + words.map { "  " + $0 }).joined(separator: " \\\n"))
        } else {
            lines.append(([head] + words).joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}
