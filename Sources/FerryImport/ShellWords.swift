import FerryWorkbench

/// POSIX shell word splitting for pasted command lines (`curl …` copied from docs or a browser).
///
/// Handles single and double quotes, backslash escapes, `$'…'` ANSI-C quoting, `#` comments, line
/// continuations (`\` + newline; also `^` + newline from Windows `cmd` and a backtick + newline from
/// PowerShell), a leading `$ ` prompt, and `;`, `|`, `&&`, `||` between commands. Text written for
/// Windows `cmd.exe` (a browser's "Copy as cURL (cmd)", recognized by `curl ^"`) is split by cmd's and the
/// C runtime's rules instead. Shell variables
/// (`$NAME`, `${NAME}`) outside single quotes become Ferry variables (`{{NAME}}`), so a pasted
/// `curl $URL` still means something in an `.http` file.
///
/// ```swift
/// let split = try ShellWords.split("curl -H 'A: b' \\\n  https://x.test", file: "pasted")
/// split.commands[0].words.map(\.text)   // ["curl", "-H", "A: b", "https://x.test"]
/// ```
public enum ShellWords {
    /// One word after quote removal, with where it started.
    public struct Word: Sendable, Hashable {
        /// The word's text, quotes removed and escapes applied.
        public var text: String
        /// The 1-based line the word starts on.
        public var line: Int
        /// The 1-based column the word starts at, counted in Unicode scalars.
        public var column: Int
        /// The shell variables (`$NAME`) that were turned into `{{NAME}}` in ``text``.
        public var variables: [String] = []
    }

    /// The words of one command, in order.
    public struct Command: Sendable, Hashable {
        /// The words, the program name first.
        public var words: [Word]
        /// The line the command starts on.
        public var line: Int { words.first?.line ?? 1 }
    }

    /// The commands of a text and what looked odd in it.
    public struct Result: Sendable, Hashable {
        /// Every non-empty command, in order.
        public var commands: [Command]
        /// Warnings, such as a backslash followed by spaces where a continuation was meant.
        public var warnings: [Diagnostic]
    }

    // MARK: - Splitting

    /// Splits `text` into commands of words; `file` names the text in diagnostics. Throws at the
    /// opening quote of a quote that is never closed.
    public static func split(_ text: String, file: String) throws(Diagnostic) -> Result {
        if WindowsCommandScanner.applies(to: text) {
            return try WindowsCommandScanner(text: text, file: file).split()
        }
        var scanner = ShellScanner(text: text, file: file)
        try scanner.run()
        return Result(commands: scanner.commands, warnings: scanner.warnings)
    }
}
