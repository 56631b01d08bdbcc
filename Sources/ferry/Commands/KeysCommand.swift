import FerryApp
import FerryHTTP

/// `ferry keys [--markdown]`: the workbench's default key bindings, from its key map, as aligned text with
/// each action's id (what `keys.conf` binds a key to), or as the Markdown table the README carries (`make keys`
/// writes it there).
enum KeysCommand: FerryCommand {
    /// `--markdown`: the Markdown table instead of aligned text.
    static let markdown = OptionSpec(long: "--markdown", help: "print a Markdown table (the README's)")
    /// `--preset NAME`: the keys of a preset (`default`, `vim`) instead of the default ones.
    static let preset = OptionSpec(
        long: "--preset", valueName: "NAME",
        help: "the keys of a preset (\(KeyReference.presetNames.joined(separator: ", ")))")

    static let spec = CommandSpec(
        name: "keys", summary: "print the workbench's default keys (--markdown: as a Markdown table)",
        options: [markdown, preset])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let name = arguments.value(preset) ?? "default"
        guard let rows = KeyReference.rows(ofPreset: name) else {
            printError(
                "ferry keys: no key preset is named \(InputExcerpt(name)) (\(KeyReference.presetNames.joined(separator: ", ")))"
            )
            return ExitCode.usage
        }
        let table = KeyTable(rows: rows)
        TerminalOutput.standardOutput.writeText(arguments.flag(markdown) ? table.markdown : table.text)
        return ExitCode.success
    }
}

/// The key reference laid out as text.
struct KeyTable {
    /// The rows, in order.
    let rows: [KeyReference.Row]

    /// A Markdown table, `|` and Markdown's emphasis and code characters escaped in the cells.
    var markdown: String {
        let cells =
            [["Key", "Where", "What"]]
            + rows.map { [$0.keys.joined(separator: ", "), $0.places.joined(separator: ", "), $0.help] }
        var lines = cells.map { "| " + $0.map(Self.escapedForMarkdown).joined(separator: " | ") + " |" }
        lines.insert("|---|---|---|", at: 1)
        return lines.map { $0 + "\n" }.joined()
    }

    /// Columns aligned with spaces (keys, action id, places, help), for reading on a terminal and for writing
    /// `keys.conf`; a long list of places wraps within its column
    /// (at ``placesWidth``) onto lines of its own under the first.
    var text: String {
        let keys = ["Key"] + rows.map { $0.keys.joined(separator: ", ") }
        let places = [["Where"]] + rows.map { Self.wrapped($0.places, width: Self.placesWidth) }
        let helps = ["What"] + rows.map(\.help)
        let actions = ["Action"] + rows.map(\.action)
        let keyWidth = keys.map(\.count).max() ?? 0
        let placeWidth = places.flatMap { $0 }.map(\.count).max() ?? 0
        let actionWidth = actions.map(\.count).max() ?? 0
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var output = ""
        for index in keys.indices {
            output +=
                padded(keys[index], keyWidth) + "  " + padded(actions[index], actionWidth) + "  "
                + padded(places[index][0], placeWidth) + "  " + helps[index]
            output += "\n"
            for more in places[index].dropFirst() {
                output += padded("", keyWidth) + "  " + padded("", actionWidth) + "  " + more + "\n"
            }
        }
        return output
    }

    /// How wide the places column of ``text`` may grow before a row's places wrap.
    static let placesWidth = 32

    /// `places` joined with commas into lines of at most `width` characters (a longer place gets a line alone).
    private static func wrapped(_ places: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for (index, place) in places.enumerated() {
            let piece = place + (index < places.count - 1 ? "," : "")
            if line.isEmpty {
                line = piece
            } else if line.count + 1 + piece.count <= width {
                line += " " + piece
            } else {
                lines.append(line)
                line = piece
            }
        }
        return lines + [line]
    }

    /// `text` with the characters that would end a cell or start Markdown formatting escaped.
    private static func escapedForMarkdown(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\|`*_<".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
