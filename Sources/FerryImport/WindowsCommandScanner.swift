import FerryWorkbench

/// Word splitting for command lines written for Windows `cmd.exe`, such as a browser's "Copy as cURL
/// (cmd)": `curl ^"https://x.test/^" ^` + newline + `  -H ^"Accept: */*^"`.
///
/// Two layers, as Windows applies them: `cmd.exe` first (`^` escapes the next character; `^` at the end
/// of a line continues the command, the next character taken literally, which is how a line break inside
/// an argument is written: `^` + two line breaks), then the C runtime's argument rules (`"` quotes,
/// `\"` is a quote character, backslashes are literal unless they precede a quote). Single quotes and
/// `$` mean nothing here.
struct WindowsCommandScanner {
    /// A character after the `cmd.exe` layer, with where it was and whether it was escaped.
    private struct Unit {
        var scalar: Unicode.Scalar
        var line: Int
        var column: Int
        var escaped: Bool
    }

    let file: String
    private var units: [Unit] = []

    /// Whether `text` looks written for `cmd.exe` by a browser: a `curl ^"` somewhere.
    static func applies(to text: String) -> Bool { text.contains("curl ^\"") }

    init(text: String, file: String) {
        self.file = file
        let scalars = Array(text.unicodeScalars)
        var line = 1
        var lineStart = 0
        var index = 0
        var escapeNext = false
        while index < scalars.count {
            let scalar = scalars[index]
            let column = index - lineStart + 1
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                index += 1
                continue
            }
            if scalar == "^" && !escapeNext {
                escapeNext = true
                // `^` + line break: the break is dropped, the character after it is taken as written.
                if index + 1 < scalars.count, scalars[index + 1] == "\n" || scalars[index + 1] == "\r" {
                    index +=
                        scalars[index + 1] == "\r" && index + 2 < scalars.count && scalars[index + 2] == "\n" ? 3 : 2
                    line += 1
                    lineStart = index
                    continue
                }
                index += 1
                continue
            }
            units.append(Unit(scalar: scalar, line: line, column: column, escaped: escapeNext))
            escapeNext = false
            index += 1
            if scalar == "\n" {
                line += 1
                lineStart = index
            }
        }
    }

    // MARK: - The C runtime's rules

    /// The commands, split at unescaped line breaks outside quotes.
    func split() throws(Diagnostic) -> ShellWords.Result {
        var commands: [ShellWords.Command] = []
        var words: [ShellWords.Word] = []
        var current: ShellWords.Word?
        var quoteOpening: Unit?
        var index = 0
        func endWord() {
            if let word = current { words.append(word) }
            current = nil
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(ShellWords.Command(words: words)) }
            words = []
        }
        while index < units.count {
            let unit = units[index]
            func start() {
                if current == nil { current = ShellWords.Word(text: "", line: unit.line, column: unit.column) }
            }
            switch unit.scalar {
            case "\\":
                var count = 0
                while index < units.count, units[index].scalar == "\\" {
                    count += 1
                    index += 1
                }
                start()
                if index < units.count, units[index].scalar == "\"" {
                    current?.text += String(repeating: "\\", count: count / 2)
                    if count % 2 == 1 {
                        current?.text += "\""
                        index += 1
                    }
                } else {
                    current?.text += String(repeating: "\\", count: count)
                }
                continue
            case "\"":
                start()
                quoteOpening = quoteOpening == nil ? unit : nil
            case " " where quoteOpening == nil, "\t" where quoteOpening == nil:
                endWord()
            case "\n" where quoteOpening == nil && !unit.escaped:
                endCommand()
            default:
                start()
                current?.text.unicodeScalars.append(unit.scalar)
            }
            index += 1
        }
        if let quoteOpening {
            throw Diagnostic(
                "unclosed double quote (\") opened here",
                at: SourceLocation(file: file, line: quoteOpening.line, column: quoteOpening.column))
        }
        endCommand()
        return ShellWords.Result(commands: commands, warnings: [])
    }
}
