import FerryHTTP
import Foundation

/// Parses `ferry`'s first argument and hands the rest to the matching command.
enum FerryCommandLine {
    /// Every subcommand, in the order `ferry --help` lists them.
    static var commands: [any FerryCommand.Type] {
        [
            VersionCommand.self,
            ListCommand.self,
            SendCommand.self,
            RunCommand.self,
            ExportCommand.self,
            EnvCommand.self,
            JSONCommand.self,
            ImportCommand.self,
            KeysCommand.self,
            DemoUICommand.self,
        ]
    }

    /// Runs `ferry` with `arguments` (without the program name) and returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return openWorkbench(at: ".") }
        if first == "--help" || first == "-h" || first == "help" {
            printOutput(helpText)
            return ExitCode.success
        }
        if first == "--version" { return VersionCommand.run([]) }
        if let command = commands.first(where: { $0.name == first }) {
            return command.run(Array(arguments.dropFirst()))
        }
        if first.hasPrefix("-") {
            printError("ferry: unknown option \(InputExcerpt(first))\n\n\(helpText)")
            return ExitCode.usage
        }
        return openWorkbench(at: first)
    }

    /// Opens the full-screen workbench on a workspace folder.
    static func openWorkbench(at path: String) -> Int32 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            printError("ferry: no workspace folder at '\(path)'")
            return ExitCode.usage
        }
        return WorkbenchLauncher.run(workspace: URL(fileURLWithPath: path))
    }

    /// The text of `ferry --help`.
    static var helpText: String {
        var lines = [
            "usage: ferry [WORKSPACE]        open the workbench on a folder of .http files",
            "       ferry COMMAND [ARGS...]  run a headless command",
            "",
            "commands:",
        ]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary)
        }
        return lines.joined(separator: "\n")
    }
}
