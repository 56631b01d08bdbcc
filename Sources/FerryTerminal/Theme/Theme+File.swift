import Foundation

/// Why a theme file could not be used.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong, naming the role or value.
    public var reason: String

    /// Creates an error for `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
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
    /// the background. Unknown roles and bad values are errors, so typos do not pass silently.
    public static func load(contentsOf url: URL) throws(ThemeError) -> Theme {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ThemeError(path: url.path, reason: "cannot be read")
        }
        return try parse(data, path: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// Parses the JSON of a theme file; `path` only names the file in errors.
    public static func parse(_ data: Data, path: String, defaultName: String) throws(ThemeError) -> Theme {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ThemeError(path: path, reason: "is not valid JSON")
        }
        guard let root = object as? [String: Any] else {
            throw ThemeError(path: path, reason: "must hold a JSON object")
        }
        let name = root["name"] as? String ?? defaultName
        guard let colors = root["colors"] as? [String: Any] else {
            throw ThemeError(path: path, reason: "needs a \"colors\" object")
        }
        var styles: [ThemeRole: Style] = [:]
        for (key, value) in colors {
            guard let role = ThemeRole(rawValue: key) else {
                throw ThemeError(path: path, reason: "unknown colour role \"\(key)\"")
            }
            do {
                styles[role] = try style(from: value, role: role)
            } catch {
                throw ThemeError(path: path, reason: "role \"\(key)\": \(error.reason)")
            }
        }
        return Theme(name: name, styles: styles)
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
