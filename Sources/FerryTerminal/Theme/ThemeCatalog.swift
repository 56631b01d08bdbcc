import Foundation

/// The themes the binary has built in (`Themes/*.json` compiled in) and those found in theme folders, which
/// add to them or replace one of the same name; with where each came from and the files that could not be used.
///
/// ```swift
/// let catalog = ThemeCatalog.load(from: ThemeCatalog.defaultDirectories())
/// catalog.problems.forEach { log.warning("\($0)") }       // a bad file is reported…
/// let theme = catalog.theme(named: "ferry-light")           // …and the fallback used
/// ```
public struct ThemeCatalog: Sendable {
    /// The themes that loaded, by name, in file-name order.
    public var themes: [Theme]
    /// What is wrong in the theme files (a file with bad roles still loads, with those roles left default).
    public var problems: [ThemeError]
    /// Where each theme (by name) came from; a theme missing here was made in code.
    public var origins: [String: ThemeOrigin]

    /// Creates a catalog.
    public init(themes: [Theme], problems: [ThemeError], origins: [String: ThemeOrigin] = [:]) {
        self.themes = themes
        self.problems = problems
        self.origins = origins
    }

    /// The themes compiled into the binary (`Themes/*.json` as `scripts/builtin-themes.sh` wrote them into
    /// `BuiltInThemeFiles`): there wherever the binary runs.
    public static let builtIn: ThemeCatalog = {
        var catalog = ThemeCatalog(themes: [], problems: [])
        for file in builtInFiles { catalog.add(file.read, from: .builtIn) }
        return catalog
    }()

    /// Each built-in theme's file name, text and what reading it gave, so that ``load(from:)`` takes a file
    /// identical to its compiled copy (an install's `share/ferry/themes`, a checkout's `Themes/`) without
    /// parsing it again at every start.
    private static let builtInFiles: [(name: String, bytes: Data, read: ThemeFile)] = BuiltInThemeFiles.files.map {
        file in
        let bytes = Data(file.json.utf8)
        return (file.name, bytes, Theme.read(bytes, path: "built-in \(file.name).json", defaultName: file.name))
    }

    /// Adds what `read` found, its theme replacing one of the same name in place.
    private mutating func add(_ read: ThemeFile, from origin: ThemeOrigin) {
        problems += read.problems
        guard let theme = read.theme else { return }
        if let index = themes.firstIndex(where: { $0.name == theme.name }) {
            themes[index] = theme
        } else {
            themes.append(theme)
        }
        origins[theme.name] = origin
    }

    /// The theme called `name`, else the default theme (`ferry-dark`), else `Theme.fallback`.
    public func theme(named name: String?) -> Theme {
        if let name, let match = themes.first(where: { $0.name == name }) { return match }
        return themes.first(where: { $0.name == Theme.fallback.name }) ?? .fallback
    }

    /// The problem with choosing `name` (from `source`, at `line`: `FERRY_THEME`, or the settings file) when no
    /// theme has that name, else `nil`.
    public func problem(choosing name: String?, from source: String = "FERRY_THEME", line: Int? = nil) -> ThemeError? {
        guard let name, !themes.contains(where: { $0.name == name }) else { return nil }
        let known = themes.map(\.name).joined(separator: ", ")
        return ThemeError(
            path: source, line: line,
            reason: "no theme is named \"\(name.prefix(40))\" (\(known.isEmpty ? "none loaded" : known)); "
                + "\(theme(named: nil).name) is used")
    }

    // MARK: - Loading

    /// The built-in themes and every `*.json` file in `directories` (missing folders are skipped; a file's
    /// theme replaces a built-in or an earlier folder's theme of the same name, keeping its place in the list).
    public static func load(from directories: [URL]) -> ThemeCatalog {
        var catalog = builtIn
        for directory in directories {
            let files =
                (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
            for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.path < $1.path }) {
                catalog.add(read(file), from: .file(file.standardizedFileURL.path))
            }
        }
        return catalog
    }

    /// The theme file at `url`: a copy of a clean built-in theme of the same name (byte for byte, but for the
    /// final line break the compiled text does not keep) is what reading the built-in gave; any other file is read.
    private static func read(_ url: URL) -> ThemeFile {
        let name = url.deletingPathExtension().lastPathComponent
        guard let bytes = FileManager.default.contents(atPath: url.path) else { return Theme.read(contentsOf: url) }
        let text = bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes
        if let copy = builtInFiles.first(where: { $0.name == name && $0.bytes == text }), copy.read.problems.isEmpty {
            return copy.read
        }
        return Theme.read(bytes, path: url.path, defaultName: name)
    }

    /// Where themes are looked for, later folders winning: the installed themes beside the executable
    /// (`PREFIX/bin/ferry` → `PREFIX/share/ferry/themes`), `Themes/` of the checkout it was built in
    /// (`.build/…/ferry`, at any depth → `Themes/`), `$XDG_CONFIG_HOME/ferry/themes` (default
    /// `~/.config/ferry/themes`), `$FERRY_THEMES`. Never the current folder: that is often a repository someone
    /// else wrote, and its files are content to look at, not settings to obey.
    public static func defaultDirectories(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> [URL]
    {
        let folder = executableURL().deletingLastPathComponent()
        var result = [folder.deletingLastPathComponent().appendingPathComponent("share/ferry/themes")]
        if let checkout = checkout(containing: folder) { result.append(checkout.appendingPathComponent("Themes")) }
        if let config = UserConfig.folder(environment: environment) {
            result.append(config.appendingPathComponent("themes"))
        }
        if let custom = environment["FERRY_THEMES"] { result.append(URL(fileURLWithPath: custom)) }
        var seen = Set<String>()
        return result.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The checkout whose `.build` folder holds `folder` (`.build/debug`, `.build/x86_64-unknown-linux-gnu/debug`,
    /// `.build/static/release`), if it is in one.
    static func checkout(containing folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while current.path != "/" && !current.path.isEmpty {
            if current.lastPathComponent == ".build" { return current.deletingLastPathComponent() }
            current = current.deletingLastPathComponent()
        }
        return nil
    }

    /// The running executable, symbolic links resolved (`/proc/self/exe`, else the first argument: a
    /// command found through `PATH` has only its name there).
    private static func executableURL() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    }
}

/// Where a theme came from.
public enum ThemeOrigin: Sendable, Hashable, CustomStringConvertible {
    /// Compiled into the binary.
    case builtIn
    /// Read from the theme file at this path.
    case file(String)

    /// `built in`, or the file's path.
    public var description: String {
        switch self {
        case .builtIn: "built in"
        case .file(let path): path
        }
    }
}
