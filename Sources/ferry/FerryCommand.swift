import Foundation

/// A subcommand of the `ferry` executable, such as `ferry send` or `ferry json`.
///
/// Each command lives in its own file under `Commands/` and is listed once in
/// ``FerryCommandLine/commands``; the list drives dispatch and the help text.
protocol FerryCommand {
    /// The word that selects the command: `send` in `ferry send`.
    static var name: String { get }
    /// One line for `ferry --help`.
    static var summary: String { get }
    /// Runs the command with the arguments after its name and returns the process exit code.
    static func run(_ arguments: [String]) -> Int32
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

/// Writes a line to standard output (made safe on a terminal: see ``TerminalOutput``).
func printOutput(_ text: String) {
    TerminalOutput.standardOutput.write(text + "\n")
}

/// Writes a line to standard error (made safe on a terminal: messages quote file and network text).
func printError(_ message: String) {
    TerminalOutput.standardError.write(message + "\n")
}
