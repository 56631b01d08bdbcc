/// The text of `ferry COMMAND --help` (and `ferry help COMMAND`), written from the command's ``CommandSpec``.
enum UsageText {
    /// The column text is wrapped at.
    static let width = 100

    /// The option every command takes, listed last in the help.
    static let helpOption = OptionSpec(long: "--help", short: "-h", help: "print this help")

    /// The usage lines: the generated form (wrapped) and the spec's alternate forms.
    static func synopsis(_ spec: CommandSpec) -> String {
        let head = "usage: ferry \(spec.name)"
        var lines = wrapped(synopsisWords(spec), after: head)
        for form in spec.alternateForms {
            lines.append("       ferry \(spec.name) \(form)")
        }
        return lines.joined(separator: "\n")
    }

    /// The whole help: synopsis, summary, discussion, then a row per argument and option.
    static func help(_ spec: CommandSpec) -> String {
        var text = synopsis(spec) + "\n\n" + spec.summary + "\n"
        if !spec.discussion.isEmpty { text += "\n" + spec.discussion + "\n" }
        let rows = self.rows(spec)
        let column = rows.map(\.left.count).max() ?? 0
        text += "\n"
        for row in rows {
            let left = "  " + row.left.padding(toLength: column, withPad: " ", startingAt: 0) + "  "
            text += wrapped(words(row.help), after: left, joinedBy: "").joined(separator: "\n") + "\n"
        }
        return String(text.dropLast())
    }

    /// The words of the generated usage line after `ferry NAME`: positionals, then options.
    static func synopsisWords(_ spec: CommandSpec) -> [String] {
        spec.positionals.map(positionalWord) + spec.options.map(optionWord)
    }

    /// `ID`, `[WORKSPACE]`, `FILE...`.
    static func positionalWord(_ positional: PositionalSpec) -> String {
        let word = positional.name + (positional.isRepeatable ? "..." : "")
        return positional.isOptional ? "[\(word)]" : word
    }

    /// `[-e|--env NAME]`, `[--var NAME=VALUE]...`, `[--insecure]`.
    static func optionWord(_ option: OptionSpec) -> String {
        let names = [option.short, option.long].compactMap { $0 }.joined(separator: "|")
        let value = option.valueName.map { " " + $0 } ?? ""
        return "[\(names)\(value)]" + (option.isRepeatable ? "..." : "")
    }

    /// The left cell of an option's row: `-e, --env NAME` (or four spaces instead of the short name).
    static func optionCell(_ option: OptionSpec) -> String {
        (option.short.map { $0 + ", " } ?? "    ") + option.long + (option.valueName.map { " " + $0 } ?? "")
    }

    /// A row per positional and per option (`--help` last).
    static func rows(_ spec: CommandSpec) -> [(left: String, help: String)] {
        spec.positionals.map { (left: $0.name, help: $0.help) }
            + (spec.options + [helpOption]).map { (left: optionCell($0), help: $0.help) }
    }

    /// The words of `help` for wrapping, a lone `#` kept with the word after it (`# @timeout`).
    private static func words(_ help: String) -> [String] {
        var words: [String] = []
        for word in help.split(separator: " ").map(String.init) {
            if words.last == "#" { words[words.count - 1] += " " + word } else { words.append(word) }
        }
        return words
    }

    /// `words` after `head`, wrapped at ``width`` with later lines indented under the first word.
    private static func wrapped(_ words: [String], after head: String, joinedBy separator: String = " ")
        -> [String]
    {
        let indent = String(repeating: " ", count: head.count + separator.count)
        var lines: [String] = []
        var line = head
        var lineHasWord = false
        for word in words {
            let gap = lineHasWord ? " " : separator
            if lineHasWord && line.count + gap.count + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += gap + word
            }
            lineHasWord = true
        }
        return lines + [line]
    }
}
