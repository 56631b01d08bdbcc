import FerryWorkbench

/// The state machine behind ``ShellWords/split(_:file:)``: walks the text's Unicode scalars once,
/// building words and commands and counting lines and columns.
struct ShellScanner {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1
    var lineStart = 0
    var commands: [ShellWords.Command] = []
    var warnings: [Diagnostic] = []

    private var words: [ShellWords.Word] = []
    private var current: ShellWords.Word?

    init(text: String, file: String) {
        self.scalars = Array(text.unicodeScalars)
        self.file = file
    }

    // MARK: - Driving

    mutating func run() throws(Diagnostic) {
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t":
                endWord()
                index += 1
            case "\r":
                if peek(1) != "\n" { endWord() }
                index += 1
            case "\n":
                endWord()
                endCommand()
                consumeNewline()
            case "\\":
                if continuation(after: 1, warnAboutSpaces: true) { continue }
                startWord()
                if let next = peek(1) {
                    append(next)
                    index += 2
                } else {
                    index += 1
                }
            case "'":
                startWord()
                try singleQuoted()
            case "\"":
                startWord()
                try doubleQuoted()
            case "$":
                startWord()
                try dollar(inDoubleQuotes: false)
            case "#" where current == nil:
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            case ";", "|", "&":
                endWord()
                endCommand()
                index += 1
            case "^", "`":
                if continuation(after: 1, warnAboutSpaces: false) { continue }
                startWord()
                append(scalar)
                index += 1
            default:
                startWord()
                append(scalar)
                index += 1
            }
        }
        endWord()
        endCommand()
    }

    // MARK: - Quotes

    private mutating func singleQuoted() throws(Diagnostic) {
        let opening = location
        index += 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                index += 1
                return
            }
            append(scalar)
            if scalar == "\n" { consumeNewline() } else { index += 1 }
        }
        throw Diagnostic("unclosed single quote (') opened here", at: opening)
    }

    private mutating func doubleQuoted() throws(Diagnostic) {
        let opening = location
        index += 1
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\"":
                index += 1
                return
            case "\\":
                if continuation(after: 1, warnAboutSpaces: false, allowSpaces: false) { continue }
                if let next = peek(1), next == "$" || next == "`" || next == "\"" || next == "\\" {
                    append(next)
                    index += 2
                } else {
                    append(scalar)
                    index += 1
                }
            case "$":
                try dollar(inDoubleQuotes: true)
            case "\n":
                append(scalar)
                consumeNewline()
            default:
                append(scalar)
                index += 1
            }
        }
        throw Diagnostic("unclosed double quote (\") opened here", at: opening)
    }

    /// `$'…'`, `$"…"`, `${NAME}`, `$NAME`, or a literal `$`.
    private mutating func dollar(inDoubleQuotes: Bool) throws(Diagnostic) {
        let next = peek(1)
        if !inDoubleQuotes, next == "'" {
            index += 1
            try ansiQuoted()
            return
        }
        if !inDoubleQuotes, next == "\"" {
            index += 1
            try doubleQuoted()
            return
        }
        if next == "{" {
            var end = index + 2
            while end < scalars.count, scalars[end] != "}", scalars[end] != "\n" { end += 1 }
            if end < scalars.count, scalars[end] == "}" {
                let inside = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                let name = String(inside.unicodeScalars.prefix { Self.isNameScalar($0) }.map(Character.init))
                if !name.isEmpty, let first = name.unicodeScalars.first, !("0"..."9").contains(first) {
                    appendVariable(name)
                    index = end + 1
                    return
                }
            }
        } else if let next, Self.isNameScalar(next), !("0"..."9").contains(next) {
            var end = index + 1
            while end < scalars.count, Self.isNameScalar(scalars[end]) { end += 1 }
            appendVariable(String(String.UnicodeScalarView(scalars[(index + 1)..<end])))
            index = end
            return
        }
        append("$")
        index += 1
    }

    /// `$'…'` with its escapes (`\n`, `\r`, `\t`, `\xHH`, `\uHHHH`, octal, …); `index` is at the quote.
    private mutating func ansiQuoted() throws(Diagnostic) {
        let opening = SourceLocation(file: file, line: line, column: index - lineStart)
        index += 1
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "'" {
                index += 1
                return
            }
            if scalar == "\n" {
                append(scalar)
                consumeNewline()
                continue
            }
            guard scalar == "\\", let next = peek(1) else {
                append(scalar)
                index += 1
                continue
            }
            index += 2
            switch next {
            case "n": append("\n")
            case "r": append("\r")
            case "t": append("\t")
            case "a": append("\u{07}")
            case "b": append("\u{08}")
            case "e", "E": append("\u{1B}")
            case "f": append("\u{0C}")
            case "v": append("\u{0B}")
            case "x": appendNumber(radix: 16, maxDigits: 2)
            case "u": appendNumber(radix: 16, maxDigits: 4)
            case "U": appendNumber(radix: 16, maxDigits: 8)
            case "0"..."7":
                index -= 1
                appendNumber(radix: 8, maxDigits: 3)
            case "c":
                if let control = peek(0) {
                    append(Unicode.Scalar(UInt8(truncatingIfNeeded: control.value & 0x1F)))
                    index += 1
                }
            default:
                append(next)
            }
        }
        throw Diagnostic("unclosed $' quote opened here", at: opening)
    }

    private mutating func appendNumber(radix: UInt32, maxDigits: Int) {
        var value: UInt32 = 0
        var digits = 0
        while digits < maxDigits, let scalar = peek(0), let digit = Self.digit(scalar, radix: radix) {
            value = value * radix + digit
            digits += 1
            index += 1
        }
        guard digits > 0, let result = Unicode.Scalar(value) else { return }
        append(result)
    }

    // MARK: - Continuations

    /// Whether the text at `index + offset` is a line break, perhaps after spaces (a `\` followed by
    /// trailing spaces is a continuation that went wrong in copying: kept as one, with a warning).
    /// Consumes through the line break when it is.
    private mutating func continuation(after offset: Int, warnAboutSpaces: Bool, allowSpaces: Bool = true) -> Bool {
        var position = index + offset
        var sawSpace = false
        while allowSpaces, position < scalars.count, scalars[position] == " " || scalars[position] == "\t" {
            position += 1
            sawSpace = true
        }
        if position < scalars.count, scalars[position] == "\r" { position += 1 }
        guard position < scalars.count, scalars[position] == "\n" else { return false }
        if sawSpace {
            guard warnAboutSpaces else { return false }
            warnings.append(
                Diagnostic(
                    "a backslash followed by spaces at the end of the line; read as a line continuation",
                    at: location, severity: .warning))
        }
        index = position
        consumeNewline()
        return true
    }

    // MARK: - Words and commands

    private var location: SourceLocation { SourceLocation(file: file, line: line, column: index - lineStart + 1) }

    private mutating func consumeNewline() {
        index += 1
        line += 1
        lineStart = index
    }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func startWord() {
        if current == nil { current = ShellWords.Word(text: "", line: line, column: index - lineStart + 1) }
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        current?.text.unicodeScalars.append(scalar)
    }

    private mutating func appendVariable(_ name: String) {
        current?.text += "{{\(name)}}"
        current?.variables.append(name)
    }

    private mutating func endWord() {
        if let word = current { words.append(word) }
        current = nil
    }

    private mutating func endCommand() {
        // A `$ ` prompt pasted with the command.
        if words.first?.text == "$" { words.removeFirst() }
        if !words.isEmpty { commands.append(ShellWords.Command(words: words)) }
        words = []
    }

    // MARK: - Scalars

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    private static func digit(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
        let value: UInt32
        switch scalar {
        case "0"..."9": value = scalar.value - 48
        case "a"..."f": value = scalar.value - 87
        case "A"..."F": value = scalar.value - 55
        default: return nil
        }
        return value < radix ? value : nil
    }
}
