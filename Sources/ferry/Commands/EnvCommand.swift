import FerryWorkbench
import Foundation

/// `ferry env [WORKSPACE]`: the environments and their variables, secrets masked.
enum EnvCommand: FerryCommand {
    static let name = "env"
    static let summary = "show the environments of a workspace (secrets masked)"

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            printOutput("usage: ferry env [WORKSPACE]")
            return ExitCode.success
        }
        guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
            printError("usage: ferry env [WORKSPACE]")
            return ExitCode.usage
        }
        let start = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            printError("ferry env: no workspace folder at '\(start.path)'")
            return ExitCode.usage
        }
        let folder = arguments.isEmpty ? WorkspaceLocator.nearestWorkspace(from: start) ?? start : start
        let files = EnvironmentFiles.load(from: folder)
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
        TerminalOutput.standardOutput.write(output)
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
