/// Reads `.env` files (`NAME=value` lines, `#` comments, optional `export `, optional quotes)
/// for `{{$dotenv NAME}}`.
public enum DotEnv {
    /// The variables of a `.env` file's text; malformed lines are skipped.
    public static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("export ") { line = line.dropFirst(7) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].filter { $0 != " " && $0 != "\t" }
            var value = Substring(line[line.index(after: equals)...])
            while value.first == " " || value.first == "\t" { value = value.dropFirst() }
            while value.last == " " || value.last == "\t" { value = value.dropLast() }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = value.dropFirst().dropLast()
            }
            guard !name.isEmpty else { continue }
            result[String(name)] = String(value)
        }
        return result
    }
}
