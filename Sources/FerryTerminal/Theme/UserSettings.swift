import Foundation

/// The user's settings file, `$XDG_CONFIG_HOME/ferry/config` (default `~/.config/ferry/config`): one
/// `name = value` a line, `#` starting a comment line. A line that cannot be used is reported with its
/// place and skipped; the rest still applies.
///
/// ```
/// theme = nord
/// keys = vim
/// ```
public struct UserSettings: Sendable, Equatable {
    /// A value with the line it was read from.
    public struct Setting: Sendable, Equatable {
        /// The value, trimmed.
        public var value: String
        /// The 1-based line.
        public var line: Int

        /// Creates a setting.
        public init(value: String, line: Int) {
            self.value = value
            self.line = line
        }
    }

    /// A line of the file that could not be used.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// The 1-based line, when the problem has one.
        public var line: Int?
        /// What is wrong, in words.
        public var reason: String

        /// `path:line: reason`.
        public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }
    }

    /// The names a settings file may set.
    public static let names = ["theme", "keys"]
    /// The longest value taken (a longer one is a mistake, reported).
    public static let maximumValueLength = 100

    /// The file read, as shown in problems.
    public var path: String
    /// `theme = NAME`: the theme to use (`FERRY_THEME` wins over it).
    public var theme: Setting?
    /// `keys = PRESET`: the key preset (`default` or `vim`).
    public var keys: Setting?
    /// The lines that could not be used.
    public var problems: [Problem]

    /// Settings with nothing set.
    public init(path: String = "config", theme: Setting? = nil, keys: Setting? = nil, problems: [Problem] = []) {
        self.path = path
        self.theme = theme
        self.keys = keys
        self.problems = problems
    }

    /// The settings in `text`, read from `path`.
    public init(parsing text: String, path: String) {
        self.init(path: path)
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = offset + 1
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(Problem(path: path, line: number, reason: "expected name = value"))
                continue
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let reason = Self.problem(name: name, value: value) {
                problems.append(Problem(path: path, line: number, reason: reason))
                continue
            }
            let setting = Setting(value: value, line: number)
            if name == "theme" { theme = setting } else { keys = setting }
        }
    }

    /// What is wrong with `name = value`, or `nil`.
    private static func problem(name: String, value: String) -> String? {
        guard names.contains(name) else {
            let shown =
                name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
                ? "\"\(name.prefix(40))\"" : "a name with unprintable characters"
            return "unknown setting \(shown) (known: \(names.joined(separator: ", ")))"
        }
        guard !value.isEmpty else { return "\(name) needs a value" }
        guard value.count <= maximumValueLength else {
            return "\(name) is \(value.count) characters long, over the limit of \(maximumValueLength)"
        }
        guard
            value.unicodeScalars.allSatisfy({
                $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
            })
        else { return "\(name) holds a control character" }
        return nil
    }

    // MARK: - Loading

    /// The settings file: `config` in ``UserConfig/folder(environment:)``.
    public static func file(environment: [String: String]) -> URL? {
        UserConfig.folder(environment: environment)?.appendingPathComponent("config")
    }

    /// The settings in the user's file; nothing set when it does not exist, a problem when it cannot be read.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> UserSettings {
        guard let url = file(environment: environment), FileManager.default.fileExists(atPath: url.path) else {
            return UserSettings()
        }
        guard let data = FileManager.default.contents(atPath: url.path),
            let text = String(data: data, encoding: .utf8)
        else {
            return UserSettings(
                path: url.path, problems: [Problem(path: url.path, reason: "cannot be read as UTF-8 text; ignored")])
        }
        return UserSettings(parsing: text, path: url.path)
    }
}
