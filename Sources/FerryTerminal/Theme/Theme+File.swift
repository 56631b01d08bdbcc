import FerryJSON
import Foundation

/// What is wrong in a theme file, and where.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The 1-based line of the problem, when it has a place in the file.
    public var line: Int?
    /// The 1-based column (in Unicode scalars) of the problem, when it has a place in the file.
    public var column: Int?
    /// What is wrong, naming the role or value.
    public var reason: String

    /// Creates an error for `path`, at `line` and `column` when known.
    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `path:line:column: reason` (the place as far as it is known).
    public var description: String {
        let place = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(path)\(place): \(reason)"
    }
}

/// A theme file as read: the theme (its good roles kept, the others from the fallback) unless the file
/// could not be used at all, and every problem found in it.
public struct ThemeFile: Sendable {
    /// The theme, or `nil` when the file is unreadable, not JSON, or not a theme object.
    public var theme: Theme?
    /// Every problem, in file order.
    public var problems: [ThemeError]
}

extension Theme {
    // MARK: - Theme files

    /// Reads a theme file:
    ///
    /// ```json
    /// { "name": "ferry-dark",
    ///   "colors": { "text": "#cdd6f4", "selection": { "fg": "black", "bg": "#89b4fa", "bold": true },
    ///               "muted": "bright-black", "jsonNull": { "fg": 244, "italic": true } } }
    /// ```
    ///
    /// A colour is `"#rrggbb"`, an ANSI name (`red`, `bright-red`), a palette index (0–255) or `"default"`.
    /// A bare colour is the text colour, except for `background`, `selection` and `statusBar`, where it is
    /// the background. Unknown roles and bad values are problems (at their line and column), so typos do not
    /// pass silently; the rest of the theme is kept.
    public static func read(contentsOf url: URL) -> ThemeFile {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return ThemeFile(theme: nil, problems: [ThemeError(path: url.path, reason: "cannot be read")])
        }
        return read(data, path: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// Reads the JSON of a theme file; `path` only names the file in problems.
    public static func read(_ data: Data, path: String, defaultName: String) -> ThemeFile {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: data)
        } catch {
            return ThemeFile(
                theme: nil,
                problems: [
                    ThemeError(
                        path: path, line: error.line, column: error.column,
                        reason: "is not valid JSON: \(error.message)")
                ])
        }
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            return ThemeFile(
                theme: nil, problems: [ThemeError(path: path, line: 1, column: 1, reason: "must hold a JSON object")])
        }
        let name = root["name"] as? String ?? defaultName
        guard let colors = root["colors"] as? [String: Any],
            let colorsNode = document.children(of: document.root).first(where: { document.key(of: $0) == "colors" })
        else {
            return ThemeFile(
                theme: nil, problems: [ThemeError(path: path, line: 1, column: 1, reason: "needs a \"colors\" object")])
        }
        var styles: [ThemeRole: Style] = [:]
        var problems: [ThemeError] = []
        // In file order, each problem at its value; the places are counted on from the last one, so a file of
        // any length reads in linear time.
        var places = PlaceCounter(bytes: document.bytes)
        for node in document.children(of: colorsNode) {
            guard let key = document.key(of: node), let value = colors[key] else { continue }
            let at = places.place(at: document.byteRange(of: node).lowerBound)
            guard let role = ThemeRole(rawValue: key) else {
                problems.append(
                    ThemeError(
                        path: path, line: at.line, column: at.column,
                        reason: "unknown colour role \"\(excerpt(key))\""))
                continue
            }
            do {
                styles[role] = try style(from: value, role: role)
            } catch {
                problems.append(
                    ThemeError(
                        path: path, line: at.line, column: at.column,
                        reason: "role \"\(key)\": \(error.reason); it keeps the default"))
            }
        }
        return ThemeFile(theme: Theme(name: name, styles: styles), problems: problems)
    }

    /// Lines and columns of offsets asked for in increasing order, each counted on from the one before.
    private struct PlaceCounter {
        /// The file's bytes.
        let bytes: [UInt8]
        /// How far the count has gone.
        private var offset = 0
        /// The line and column at ``offset``.
        private var line = 1
        private var column = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The 1-based line and column (in Unicode scalars) at byte `target` (not before the last one asked).
        mutating func place(at target: Int) -> (line: Int, column: Int) {
            while offset < min(target, bytes.count) {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
            return (line, column)
        }
    }

    /// At most the first 40 characters of `text`, for quoting it in a problem.
    private static func excerpt(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }

    // MARK: - Internals

    private struct ValueError: Error {
        var reason: String
    }

    private static func style(from value: Any, role: ThemeRole) throws(ValueError) -> Style {
        if let object = value as? [String: Any] {
            var style = Style()
            for (key, part) in object {
                switch key {
                case "fg": style.fg = try color(from: part)
                case "bg": style.bg = try color(from: part)
                case "bold", "dim", "italic", "underline", "reverse":
                    guard let flag = part as? Bool else { throw ValueError(reason: "\"\(key)\" must be true or false") }
                    let modifier: Modifiers =
                        switch key {
                        case "bold": .bold
                        case "dim": .dim
                        case "italic": .italic
                        case "underline": .underline
                        default: .reverse
                        }
                    if flag { style.modifiers.insert(modifier) }
                default: throw ValueError(reason: "unknown key \"\(key)\"")
                }
            }
            return style
        }
        let single = try color(from: value)
        return role.colorIsBackground ? Style(bg: single) : Style(fg: single)
    }

    private static let ansiNames: [String: ANSIColor] = [
        "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue, "magenta": .magenta,
        "cyan": .cyan, "white": .white, "bright-black": .brightBlack, "gray": .brightBlack, "grey": .brightBlack,
        "bright-red": .brightRed, "bright-green": .brightGreen, "bright-yellow": .brightYellow,
        "bright-blue": .brightBlue, "bright-magenta": .brightMagenta, "bright-cyan": .brightCyan,
        "bright-white": .brightWhite,
    ]

    private static func color(from value: Any) throws(ValueError) -> Color {
        if let number = value as? Int {
            guard (0...255).contains(number) else { throw ValueError(reason: "palette index \(number) is not 0–255") }
            return .indexed(UInt8(number))
        }
        guard let text = value as? String else { throw ValueError(reason: "a colour must be a string or 0–255") }
        let lowered = text.lowercased()
        if lowered == "default" { return .default }
        if let ansi = ansiNames[lowered] { return .ansi(ansi) }
        if lowered.hasPrefix("#"), lowered.count == 7, let hex = UInt32(lowered.dropFirst(), radix: 16) {
            return .rgb(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
        }
        throw ValueError(reason: "\"\(text)\" is not a colour (#rrggbb, an ANSI name, 0–255 or default)")
    }
}
