import Foundation

/// The themes found in theme folders, with the files that could not be used.
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

    /// Creates a catalog.
    public init(themes: [Theme], problems: [ThemeError]) {
        self.themes = themes
        self.problems = problems
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

    /// Loads every `*.json` file in `directories` (missing folders are skipped; a later folder's theme
    /// replaces an earlier one of the same name).
    public static func load(from directories: [URL]) -> ThemeCatalog {
        var themes: [Theme] = []
        var problems: [ThemeError] = []
        for directory in directories {
            let files =
                (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
            for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.path < $1.path }) {
                let read = Theme.read(contentsOf: file)
                problems += read.problems
                if let theme = read.theme {
                    themes.removeAll { $0.name == theme.name }
                    themes.append(theme)
                }
            }
        }
        return ThemeCatalog(themes: themes, problems: problems)
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
