import FerryHTTP
import FerrySystem
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
            ThemesCommand.self,
            TrustCommand.self,
            AuthCommand.self,
            DemoUICommand.self,
            GenerateCommand.self,
        ]
    }

    /// Runs `ferry` with `arguments` (without the program name) and returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return openWorkbench(at: ".") }
        if first == "--help" || first == "-h" || first == "help" {
            return help(Array(arguments.dropFirst()))
        }
        if first == "--version" { return run(VersionCommand.self, []) }
        if let command = command(named: first) {
            return run(command, Array(arguments.dropFirst()))
        }
        if first.hasPrefix("-") {
            let hint = ClosestName.suggestion(for: first, among: ["--help", "--version"])
            printError("ferry: unknown option \(InputExcerpt(first))\(hint)\n\n\(helpText)")
            return ExitCode.usage
        }
        var isDirectory: ObjCBool = false
        if !(FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue),
            let meant = ClosestName.to(first, among: commandNames)
        {
            printError(
                "ferry: no command or workspace folder named \(InputExcerpt(first)) (did you mean ferry \(meant)?)")
            return ExitCode.usage
        }
        return openWorkbench(at: first)
    }

    /// The names of the commands `ferry --help` lists.
    static var commandNames: [String] {
        commands.compactMap { command in command.spec.isHidden ? nil : command.spec.name }
    }

    /// The command called `name`, if any.
    static func command(named name: String) -> (any FerryCommand.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// Parses `arguments` against `command`'s spec and runs it; usage problems are reported with the
    /// command's usage lines, `--help` prints its help.
    static func run(_ command: any FerryCommand.Type, _ arguments: [String]) -> Int32 {
        let spec = command.spec
        do {
            let parsed = try ParsedArguments(arguments, spec: spec)
            if parsed.isHelpRequested {
                printOutput(UsageText.help(spec))
                return ExitCode.success
            }
            // Headless commands read, send and write in passes; what a pass frees is not kept resident.
            ProcessMemory.returnLargeBlocksWhenFreed()
            return try command.run(parsed)
        } catch {
            printError("ferry \(spec.name): \(error.message)\n\n\(UsageText.synopsis(spec))")
            return ExitCode.usage
        }
    }

    /// `ferry help [COMMAND]`: the overview, or the command's help (the same as `ferry COMMAND --help`).
    static func help(_ arguments: [String]) -> Int32 {
        guard let name = arguments.first else {
            printOutput(helpText)
            return ExitCode.success
        }
        guard arguments.count == 1, let command = command(named: name) else {
            let hint = ClosestName.suggestion(for: name, among: commandNames)
            printError("ferry help: no command named \(InputExcerpt(name))\(hint)\n\n\(helpText)")
            return ExitCode.usage
        }
        printOutput(UsageText.help(command.spec))
        return ExitCode.success
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
        for command in commands where !command.spec.isHidden {
            let spec = command.spec
            lines.append("  " + spec.name.padding(toLength: 10, withPad: " ", startingAt: 0) + spec.summary)
        }
        lines += ["", "`ferry help COMMAND` (or `ferry COMMAND --help`) shows a command's arguments and options."]
        return lines.joined(separator: "\n")
    }
}
