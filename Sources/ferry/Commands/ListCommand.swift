import FerryWorkbench
import Foundation

/// `ferry list [WORKSPACE] [--ids] [--wide]`: every request with its id, method and URL (or only the ids, for
/// shell completion). On a terminal each line fits its width, cut with `…`; piped, or with `--wide`, lines are
/// whole.
enum ListCommand: FerryCommand {
    /// `--ids`: one id per line, as `ferry send` takes them from the current folder.
    static let ids = OptionSpec(
        long: "--ids",
        help: "print only the ids, one a line; without WORKSPACE, of the workspace `ferry send` uses here")

    /// `--wide`: whole lines on a terminal too.
    static let wide = OptionSpec(long: "--wide", help: "print whole lines on a terminal too (piped, they always are)")

    static let spec = CommandSpec(
        name: "list", summary: "list the requests of a workspace: id, method, URL",
        positionals: [
            PositionalSpec(
                name: "WORKSPACE", title: "workspace", help: "the workspace folder (default: the current folder)",
                isOptional: true, completion: .directory)
        ],
        options: [ids, wide])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let idsOnly = arguments.flag(ids)
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder =
            arguments.positional(0).map { URL(fileURLWithPath: $0) }
            ?? (idsOnly ? WorkspaceLocator.nearestWorkspace(from: cwd) ?? cwd : cwd)
        let workspace: Workspace
        do {
            workspace = try Workspace.load(at: folder)
        } catch {
            printError("ferry list: \(error)")
            return ExitCode.usage
        }
        if idsOnly {
            TerminalOutput.standardOutput.writeText(workspace.requests.map { $0.id.description + "\n" }.joined())
            return ExitCode.success
        }
        let rows = workspace.requests.map { [$0.id.description, $0.request.method, $0.request.fullURL] }
        let output = TerminalOutput.standardOutput
        let columns = arguments.flag(wide) || !output.isTerminal ? nil : output.terminalColumns
        output.writeText(RequestListing(rows: rows, width: columns).text)
        for diagnostic in workspace.diagnostics { printError(diagnostic.description) }
        return workspace.diagnostics.contains { $0.severity == .error } ? ExitCode.usage : ExitCode.success
    }
}
