import FerryWorkbench
import Foundation

/// `ferry list [WORKSPACE]`: every request with its id, method and URL.
enum ListCommand: FerryCommand {
    static let name = "list"
    static let summary = "list the requests of a workspace: id, method, URL"

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            printOutput("usage: ferry list [WORKSPACE]")
            return ExitCode.success
        }
        guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
            printError("usage: ferry list [WORKSPACE]")
            return ExitCode.usage
        }
        let folder = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
        let workspace: Workspace
        do {
            workspace = try Workspace.load(at: folder)
        } catch {
            printError("ferry list: \(error)")
            return ExitCode.usage
        }
        let rows = workspace.requests.map { [$0.id.description, $0.request.method, $0.request.fullURL] }
        let widths = [0, 1].map { column in rows.map { $0[column].count }.max() ?? 0 }
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var output = ""
        for row in rows {
            output += padded(row[0], widths[0]) + "  " + padded(row[1], widths[1]) + "  " + row[2] + "\n"
        }
        TerminalOutput.standardOutput.write(output)
        for diagnostic in workspace.diagnostics { printError(diagnostic.description) }
        return workspace.diagnostics.contains { $0.severity == .error } ? ExitCode.usage : ExitCode.success
    }
}
