import FerryHTTP

/// The arguments of `ferry export`, parsed.
struct ExportOptions {
    /// What to write.
    enum Format: String, CaseIterable {
        /// A `curl` command line.
        case curl
        /// `.http` text.
        case http
        /// HAR 1.2 JSON of recorded exchanges.
        case har
    }

    /// The request id as given (empty with `--all` or `--history`).
    var requestID = ""
    /// `--all`: every request of the workspace.
    var all = false
    /// `--history`: the workspace's history (HAR only).
    var history = false
    /// `--last N`: only the newest N history entries.
    var last: Int?
    /// `--format`.
    var format = Format.curl
    /// `--env NAME`.
    var environment: String?
    /// `--var name=value`, in order (later ones win).
    var variables: [String: String] = [:]
    /// `--resolve` (.http): variables replaced by their values.
    var resolves = false
    /// `--reveal-secrets` (.http with --resolve): secret values written out.
    var revealsSecrets = false
    /// `--mask-secrets` (curl): secret values written as `••••••`.
    var masksSecrets = false
    /// `--one-line` (curl): the command on one line.
    var oneLine = false
    /// `-o FILE`: write to a file (atomically) instead of standard output.
    var outputPath: String?
    /// `--workspace DIR` (with --all or --history): the workspace folder, else the one around the current folder.
    var workspacePath: String?

    static let usage = """
        usage: ferry export ID [--format curl|http|har] [--env NAME] [--var k=v]... [--resolve]
                               [--reveal-secrets] [--mask-secrets] [--one-line] [-o FILE]
               ferry export --all [--workspace DIR] [--format curl|http] [...]
               ferry export --history [--workspace DIR] [--last N] [--format har] [-o FILE]
          curl (default): a command that sends what `ferry send` sends (secrets included unless --mask-secrets)
          http: the request as .http text; --resolve substitutes variables (secrets masked unless --reveal-secrets)
          har: HAR 1.2 of the recorded sends (ID: that request's history; --history: all of it)
        """

    /// Parses the arguments after `export`; throws a message for people.
    init(_ arguments: [String]) throws(UsageError) {
        var iterator = arguments.makeIterator()
        func value(for option: String) throws(UsageError) -> String {
            guard let next = iterator.next() else { throw UsageError("\(option) needs a value") }
            return next
        }
        var formatGiven = false
        while let argument = iterator.next() {
            switch argument {
            case "--format", "-f":
                let text = try value(for: argument)
                guard let parsed = Format(rawValue: text.lowercased()) else {
                    throw UsageError("--format expects curl, http or har, got \(InputExcerpt(text))")
                }
                format = parsed
                formatGiven = true
            case "--env", "-e": environment = try value(for: argument)
            case "--var", "-v":
                let (name, assigned) = try UsageError.variableAssignment(try value(for: argument))
                variables[name] = assigned
            case "--resolve": resolves = true
            case "--reveal-secrets": revealsSecrets = true
            case "--mask-secrets": masksSecrets = true
            case "--one-line": oneLine = true
            case "-o", "--output": outputPath = try value(for: argument)
            case "--all": all = true
            case "--history": history = true
            case "--workspace": workspacePath = try value(for: argument)
            case "--last":
                let text = try value(for: argument)
                guard let count = Int(text), count > 0 else {
                    throw UsageError("--last expects a count, got \(InputExcerpt(text))")
                }
                last = count
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError("unknown option \(InputExcerpt(argument))")
                }
                guard requestID.isEmpty else {
                    throw UsageError("one request id at a time (\(InputExcerpt(argument)))")
                }
                requestID = argument
            }
        }
        if history {
            if !formatGiven { format = .har }
            guard format == .har else { throw UsageError("--history exports HAR (--format har)") }
            guard requestID.isEmpty, !all else { throw UsageError("--history takes no request id and no --all") }
        } else if all {
            guard requestID.isEmpty else { throw UsageError("--all takes no request id") }
            guard format != .har else { throw UsageError("HAR holds sends: use --history, or a request id") }
        } else {
            guard !requestID.isEmpty else { throw UsageError("which request? give its id (see `ferry list`)") }
        }
        if last != nil && format != .har { throw UsageError("--last is for HAR exports") }
    }
}
