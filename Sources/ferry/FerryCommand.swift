import Foundation

/// A subcommand of the `ferry` executable, such as `ferry send` or `ferry json`.
///
/// Each command lives in its own file under `Commands/` and is listed once in
/// ``FerryCommandLine/commands``; the list drives dispatch, and each command's ``spec`` drives the shared
/// parser, its help, the man page and the shell completions. To add a command: declare its spec (name,
/// summary, positionals, options), read its ``ParsedArguments`` in `run`, and list it in
/// ``FerryCommandLine/commands``.
protocol FerryCommand {
    /// The command's name, arguments and options.
    static var spec: CommandSpec { get }
    /// Runs the command with its parsed arguments and returns the process exit code; a usage problem
    /// found past the parser (values that exclude each other, a missing id) is thrown.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32
}

/// Exit codes shared by every command.
enum ExitCode {
    /// Success.
    static let success: Int32 = 0
    /// `ferry export --all` left out some requests (each reported, located, on stderr).
    static let partialExport: Int32 = 1
    /// Bad usage or invalid input (with a located message on stderr).
    static let usage: Int32 = 2
}

/// Writes a line of human-readable text to standard output, made safe wherever it goes (see
/// ``TerminalOutput``).
func printOutput(_ text: String) {
    TerminalOutput.standardOutput.writeText(text + "\n")
}

/// Writes a line to standard error, made safe wherever it goes: messages quote file and network text.
func printError(_ message: String) {
    TerminalOutput.standardError.writeText(message + "\n")
}
