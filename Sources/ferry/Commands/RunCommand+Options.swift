import FerryHTTP
import FerryWorkbench

/// The arguments of `ferry run`, parsed.
struct RunOptions {
    /// The report formats of `--report`.
    enum ReportFormat: String {
        /// One line per request and a summary (the default).
        case text
        /// JUnit XML (``JUnitReport``).
        case junit
        /// JSON (``JSONRunReport``).
        case json
    }

    /// The files and folders to run, as given.
    var paths: [String] = []
    /// `--env NAME`.
    var environment: String?
    /// `--var name=value`, in order (later ones win).
    var variables: [String: String] = [:]
    /// `--report junit|json|text`.
    var report = ReportFormat.text
    /// `--report-file F`: where the report goes (default: standard output, the lines then go to stderr).
    var reportPath: String?
    /// `--fail-fast`: stop at the first failure.
    var failFast = false
    /// `--parallel N`: how many files run at once.
    var parallel = 1
    /// `--filter TEXT`: only requests whose id or name contains TEXT.
    var filter: String?

    static let usage = """
        usage: ferry run PATH... [--env NAME] [--var k=v]... [--report junit|json|text] [--report-file F]
                                 [--fail-fast] [--parallel N] [--filter TEXT]
          runs every request of the files and folders in order (files by path, requests by position)
          --report junit|json  the report on standard output (or in --report-file F); lines go to stderr
          --fail-fast          stop at the first failure (the rest are skipped)
          --parallel N         run up to N files at once (requests within a file stay in order)
          --filter TEXT        only requests whose id or name contains TEXT (the others are skipped)
          exit 0: all passed; 1: a status or test failed; 3: a transport error; 2: usage or input errors
        """

    /// Parses the arguments after `run`; throws a message for people.
    init(_ arguments: [String]) throws(UsageError) {
        var iterator = arguments.makeIterator()
        func value(for option: String) throws(UsageError) -> String {
            guard let next = iterator.next() else { throw UsageError("\(option) needs a value") }
            return next
        }
        while let argument = iterator.next() {
            switch argument {
            case "--env", "-e": environment = try value(for: argument)
            case "--var", "-v":
                let (name, assigned) = try UsageError.variableAssignment(try value(for: argument))
                variables[name] = assigned
            case "--report":
                let text = try value(for: argument)
                guard let format = ReportFormat(rawValue: text) else {
                    throw UsageError("--report expects junit, json or text, got \(InputExcerpt(text))")
                }
                report = format
            case "--report-file": reportPath = try value(for: argument)
            case "--fail-fast": failFast = true
            case "--parallel":
                let text = try value(for: argument)
                guard let count = Int(text), count >= 1 else {
                    throw UsageError("--parallel expects a count of 1 or more, got \(InputExcerpt(text))")
                }
                parallel = count
            case "--filter": filter = try value(for: argument)
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError("unknown option \(InputExcerpt(argument))")
                }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError("what to run? give .http files or folders") }
    }
}
