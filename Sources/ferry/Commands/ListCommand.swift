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
        let output = TerminalOutput.standardOutput
        let columns = arguments.flag(wide) || !output.isTerminal ? nil : output.terminalColumns
        do {
            // File by file, each file's model dropped once its rows are kept; a workspace whose files compose
            // others (`run`, `import`) is loaded whole for the problems of its composition.
            var rows = ListingRows()
            if let diagnostics = try Workspace.listRequests(
                at: folder,
                { id, method, url in
                    rows.append(id: id.description, method: method, url: url)
                })
            {
                return write(rows.forEach, diagnostics: diagnostics, idsOnly: idsOnly, columns: columns)
            }
            let workspace = try Workspace.load(at: folder)
            // The rows are made as they are written (twice: the widths first), never all kept.
            let ids = workspace.files.map(\.requestIDs)
            let all = { (take: (RequestListing.Row) -> Void) in
                for (file, ids) in zip(workspace.files, ids) {
                    for (id, request) in zip(ids, file.content.sections.lazy.compactMap(\.request)) {
                        take((id.description, request.method, request.fullURL))
                    }
                }
            }
            return write(all, diagnostics: workspace.diagnostics, idsOnly: idsOnly, columns: columns)
        } catch {
            printError("ferry list: \(error)")
            return ExitCode.usage
        }
    }

    /// Writes the listing of `rows` (only the ids with `--ids`) and the problems; 2 when one is an error.
    private static func write(
        _ rows: @escaping ((RequestListing.Row) -> Void) -> Void, diagnostics: [Diagnostic], idsOnly: Bool,
        columns: Int?
    ) -> Int32 {
        let output = TerminalOutput.standardOutput
        let listing = RequestListing(rows: rows, width: columns)
        if idsOnly {
            listing.writeIDs { output.writeRaw(TerminalOutput.escaped($0)) }
            return ExitCode.success
        }
        listing.write { output.writeRaw(TerminalOutput.escaped($0)) }
        for diagnostic in diagnostics { printError(diagnostic.description) }
        return diagnostics.contains { $0.severity == .error } ? ExitCode.usage : ExitCode.success
    }
}
