import FerryTerminal
import Foundation

/// `ferry themes [--folders]`: every theme the workbench offers — the built-in ones and those in the theme
/// folders, which add to them or replace one of the same name — each with where it came from (`built in` or
/// the file's path); or the folders searched. Problems with theme files go to stderr.
enum ThemesCommand: FerryCommand {
    /// `--folders`: the folders searched, in order (later ones win).
    static let folders = OptionSpec(long: "--folders", help: "print the folders searched, later ones winning")

    static let spec = CommandSpec(
        name: "themes", summary: "list the themes and where each came from (FERRY_THEME=NAME picks one)",
        options: [folders])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let directories = ThemeCatalog.defaultDirectories()
        if arguments.flag(folders) {
            TerminalOutput.standardOutput.writeText(directories.map { $0.standardizedFileURL.path + "\n" }.joined())
            return ExitCode.success
        }
        let catalog = ThemeCatalog.load(from: directories)
        TerminalOutput.standardOutput.writeText(listing(catalog))
        for problem in catalog.problems { printError("ferry: theme \(problem)") }
        return catalog.problems.isEmpty ? ExitCode.success : ExitCode.usage
    }

    /// One line a theme: its name, padded to the longest, then where it came from.
    static func listing(_ catalog: ThemeCatalog) -> String {
        let width = catalog.themes.map(\.name.count).max() ?? 0
        return catalog.themes.map { theme in
            let origin = catalog.origins[theme.name]?.description ?? "built in"
            return theme.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + origin + "\n"
        }.joined()
    }
}
