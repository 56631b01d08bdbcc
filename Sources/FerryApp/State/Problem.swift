import FerryTerminal
import FerryWorkbench

/// Something found wrong at start-up (a request or environment file, `keys.conf`, a theme): where, when it has
/// a place, and what. The Problems list (F10) shows them all; the rest of the workspace loads meanwhile.
struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// The file (or setting) the problem is in.
    var file: String
    /// The 1-based line, when known.
    var line: Int?
    /// The 1-based column, when known.
    var column: Int?
    /// What is wrong.
    var message: String

    /// `file:line:column: message`, the place as far as it is known.
    var description: String {
        let place = [line, column].compactMap { $0 }.map { ":\($0)" }.joined()
        return "\(file)\(place): \(message)"
    }

    /// A workspace or environment file's diagnostic.
    init(_ diagnostic: Diagnostic) {
        file = diagnostic.location.file
        line = diagnostic.location.line
        column = diagnostic.location.column
        message = diagnostic.severity == .warning ? "warning: " + diagnostic.message : diagnostic.message
    }

    /// A line of the key-map file `file` that could not be used.
    init(_ problem: KeyMapProblem, in file: String) {
        self.file = file
        line = problem.line
        column = problem.column
        message = problem.reason
    }

    /// A problem of a theme file (or of the theme's name).
    init(_ problem: ThemeError) {
        file = problem.path
        line = problem.line
        column = problem.column
        message = problem.reason
    }

    /// A problem with no place beyond its file.
    init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// A problem at `line` of `file`.
    init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// A line of the settings file that could not be used.
    init(_ problem: UserSettings.Problem) {
        file = problem.path
        line = problem.line
        message = problem.reason
    }
}
