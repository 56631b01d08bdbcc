import FerryTerminal

/// A URL's query as rows of the widgets' key-value table and back. Rows hold the pairs as written, so
/// percent-encoding and `{{variables}}` come back unchanged; what is typed into a row is encoded only where
/// it would otherwise end the pair or the query (space, `&`, `#`, a `=` in a name, a `%` not starting `%XX`).
/// Disabled rows are left out of the URL (the table keeps them while it is open).
enum QueryRows {
    /// The table for `url`'s query, one row per `&`-separated pair.
    static func table(for url: String) -> KeyValueTableState {
        KeyValueTableState(rows: rows(of: url))
    }

    /// The rows of `url`'s query (none without a `?`).
    static func rows(of url: String) -> [KeyValueRow] {
        let parts = split(url)
        guard let query = parts.query, !query.isEmpty else { return [] }
        return pieces(of: query, separatedBy: "&").map { pair in
            let halves = pieces(of: pair, separatedBy: "=", maxSplits: 1)
            return KeyValueRow(name: halves[0], value: halves.count > 1 ? halves[1] : "")
        }
    }

    /// `url` with its query made of the enabled rows (no `?` when none is left), the fragment kept.
    static func url(_ url: String, with rows: [KeyValueRow]) -> String {
        let parts = split(url)
        let pairs = rows.filter { $0.isEnabled && !($0.name.isEmpty && $0.value.isEmpty) }.map { row in
            let name = encoded(row.name, isName: true)
            return row.value.isEmpty ? name : name + "=" + encoded(row.value, isName: false)
        }
        let query = pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
        return parts.base + query + (parts.fragment.map { "#" + $0 } ?? "")
    }

    // MARK: - Scanning outside `{{…}}`

    /// The URL before the query, the query (after `?`, `nil` without one) and the fragment (after `#`).
    private static func split(_ url: String) -> (base: String, query: String?, fragment: String?) {
        let characters = Array(url)
        var depth = 0
        var question: Int?
        var hash: Int?
        var index = 0
        while index < characters.count {
            if characters[index] == "{", index + 1 < characters.count, characters[index + 1] == "{" {
                depth += 1
                index += 2
                continue
            }
            if characters[index] == "}", depth > 0, index + 1 < characters.count, characters[index + 1] == "}" {
                depth -= 1
                index += 2
                continue
            }
            if depth == 0 {
                if characters[index] == "?", question == nil, hash == nil { question = index }
                if characters[index] == "#", hash == nil { hash = index }
            }
            index += 1
        }
        let end = hash ?? characters.count
        let fragment = hash.map { String(characters[($0 + 1)...]) }
        guard let question else { return (String(characters[..<end]), nil, fragment) }
        return (String(characters[..<question]), String(characters[(question + 1)..<end]), fragment)
    }

    /// `text` split at `separator` where it is outside `{{…}}`.
    private static func pieces(of text: String, separatedBy separator: Character, maxSplits: Int = .max) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        var previous: Character?
        for character in text {
            if character == "{", previous == "{" { depth += 1 }
            if character == "}", previous == "}", depth > 0 { depth -= 1 }
            previous = character
            if character == separator, depth == 0, result.count < maxSplits {
                result.append(current)
                current = ""
                previous = nil
                continue
            }
            current.append(character)
        }
        result.append(current)
        return result
    }

    /// `text` with the characters that would break a pair encoded (and `=` in a name), `{{…}}` and valid
    /// `%XX` left alone.
    private static func encoded(_ text: String, isName: Bool) -> String {
        let characters = Array(text)
        var result = ""
        var depth = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "{", next == "{" {
                depth += 1
                result += "{{"
                index += 2
                continue
            }
            if character == "}", next == "}", depth > 0 {
                depth -= 1
                result += "}}"
                index += 2
                continue
            }
            index += 1
            guard depth == 0 else {
                result.append(character)
                continue
            }
            switch character {
            case " ": result += "%20"
            case "&": result += "%26"
            case "#": result += "%23"
            case "%":
                let hex = characters.dropFirst(index).prefix(2)
                result += hex.count == 2 && hex.allSatisfy(\.isHexDigit) ? "%" : "%25"
            case "=" where isName: result += "%3D"
            default: result.append(character)
            }
        }
        return result
    }
}
