import FerryTerminal
import Foundation

/// `ferry themes [--folders]`: the names of the themes found (`FERRY_THEME` picks one), or the folders
/// searched for them; problems with theme files go to stderr.
enum ThemesCommand: FerryCommand {
    /// `--folders`: the folders searched, in order (later ones win).
    static let folders = OptionSpec(long: "--folders", help: "print the folders searched, later ones winning")

    static let spec = CommandSpec(
        name: "themes", summary: "list the themes found (FERRY_THEME=NAME picks one)", options: [folders])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let directories = ThemeCatalog.defaultDirectories()
        if arguments.flag(folders) {
            TerminalOutput.standardOutput.writeText(directories.map { $0.standardizedFileURL.path + "\n" }.joined())
            return ExitCode.success
        }
        let catalog = ThemeCatalog.load(from: directories)
        TerminalOutput.standardOutput.writeText(catalog.themes.map { $0.name + "\n" }.joined())
        for problem in catalog.problems { printError("ferry: theme \(problem)") }
        return catalog.problems.isEmpty ? ExitCode.success : ExitCode.usage
    }
}
