import FerryWorkbench
import Foundation

/// `ferry env [WORKSPACE] [--names]`: the environments and their variables, secrets masked (or only the
/// environment names, for shell completion).
enum EnvCommand: FerryCommand {
    /// `--names`: one environment name per line.
    static let names = OptionSpec(long: "--names", help: "print only the environment names, one a line")

    static let spec = CommandSpec(
        name: "env", summary: "show the environments of a workspace (secrets masked)",
        positionals: [
            PositionalSpec(
                name: "WORKSPACE", title: "workspace",
                help: "the workspace folder (default: the nearest one at or above the current folder)",
                isOptional: true, completion: .directory)
        ],
        options: [names])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let given = arguments.positional(0)
        let start = URL(fileURLWithPath: given ?? FileManager.default.currentDirectoryPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            printError("ferry env: no workspace folder at '\(start.path)'")
            return ExitCode.usage
        }
        let folder = given == nil ? WorkspaceLocator.nearestWorkspace(from: start) ?? start : start
        let files = EnvironmentFiles.load(from: folder)
        if arguments.flag(names) {
            TerminalOutput.standardOutput.writeText(files.names.map { $0 + "\n" }.joined())
            return ExitCode.success
        }
        var output = ""
        let shared = files.variables(for: nil)
        if !shared.isEmpty {
            output += EnvironmentFiles.sharedName + "\n" + lines(shared)
        }
        for name in files.names {
            output += name + "\n" + lines(files.variables(for: name))
        }
        if files.names.isEmpty && shared.isEmpty {
            output += "no environments in \(folder.path)/\(EnvironmentFiles.publicFileName)\n"
        }
        TerminalOutput.standardOutput.writeText(output)
        for diagnostic in files.diagnostics { printError(diagnostic.description) }
        return files.diagnostics.isEmpty ? ExitCode.success : ExitCode.usage
    }

    /// `  name = value   (file:line)` per variable, names aligned, secrets masked.
    static func lines(_ variables: [EnvironmentVariable]) -> String {
        let width = variables.map(\.name.count).max() ?? 0
        return variables.map { variable in
            let name = variable.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let origin = variable.isSecret ? "private" : "\(variable.location.file):\(variable.location.line)"
            return "  \(name) = \(variable.displayValue)    (\(origin))\n"
        }.joined()
    }
}
