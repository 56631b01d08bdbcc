import FerryHTTP
import FerryWorkbench

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
        /// A `grpcurl` command line (`GRPC` requests only).
        case grpcurl
        /// Swift with FerryHTTP.
        case swift
        /// Swift with `URLSession`.
        case swiftURLSession = "swift-urlsession"
        /// Python with `requests`.
        case python
        /// JavaScript's `fetch`.
        case javascript
        /// An HTTPie command line.
        case httpie
        /// Go's `net/http`.
        case go

        /// The language of a code format (`nil` for the others).
        var language: CodeLanguage? { CodeLanguage(rawValue: rawValue) }
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
    /// `--env NAME`, `--var name=value` and `--workspace DIR` (with --all or --history) (``RequestSelection``).
    var selection: RequestSelection
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

    /// The options of `ferry export`, as ``spec`` declares them.
    enum Option {
        static let format = OptionSpec(
            long: "--format", short: "-f", valueName: "FORMAT",
            help:
                "curl (default), http, har, grpcurl, or code: swift, swift-urlsession, python, javascript, httpie, go",
            completion: .words(Format.allCases.map(\.rawValue)))
        static let environment = RequestSelection.Option.environment
        static let variable = RequestSelection.Option.variable
        static let resolve = OptionSpec(long: "--resolve", help: "http: replace variables by their values")
        static let revealSecrets = OptionSpec(
            long: "--reveal-secrets",
            help: "http with --resolve, and code: write secret values out instead of masking them (placeholders)")
        static let maskSecrets = OptionSpec(long: "--mask-secrets", help: "curl: write secret values as ••••••")
        static let oneLine = OptionSpec(long: "--one-line", help: "curl: the command on one line")
        static let output = OptionSpec(
            long: "--output", short: "-o", valueName: "FILE",
            help: "write to FILE (atomically) instead of standard output", completion: .file)
        static let all = OptionSpec(long: "--all", help: "every request of the workspace")
        static let history = OptionSpec(long: "--history", help: "the workspace's history (HAR)")
        static let workspace = RequestSelection.Option.workspace
        static let last = OptionSpec(
            long: "--last", valueName: "N", help: "with --history: only the newest N entries")
    }

    /// What `ferry export` reads.
    static let spec = CommandSpec(
        name: "export", summary: "export a request as curl or .http, or the history as HAR",
        discussion: """
            curl (default): a command that sends what `ferry send` sends (secrets included unless --mask-secrets)
            http: the request as .http text; --resolve substitutes variables (secrets masked unless --reveal-secrets)
            har: HAR 1.2 of the recorded sends (ID: that request's history; --history: all of it)
            swift, swift-urlsession, python, javascript, httpie, go: code that sends the request, resolved in the
            environment, secrets as <name> placeholders unless --reveal-secrets
            Exit status: 0 when everything was written, 1 when --all left some requests out (each reported),
            2 for usage and input errors (located).
            """,
        positionals: [
            PositionalSpec(
                name: "ID", title: "request id", help: "the request: FILE#NAME or FILE#N (see `ferry list`)",
                isOptional: true, completion: .requestID)
        ],
        options: [
            Option.format, Option.environment, Option.variable, Option.resolve, Option.revealSecrets,
            Option.maskSecrets, Option.oneLine, Option.output, Option.all, Option.history, Option.workspace,
            Option.last,
        ],
        alternateForms: [
            "--all [--workspace DIR] [--format curl|http] [...]",
            "--history [--workspace DIR] [--last N] [--format har] [-o FILE]",
        ])

    /// Reads the parsed arguments of `export`; throws a message for people.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let parsedFormat = try arguments.value(
            Option.format, expecting: Format.allCases.map(\.rawValue).joined(separator: ", ")
        ) {
            Format(rawValue: $0.lowercased())
        }
        let formatGiven = parsedFormat != nil
        format = parsedFormat ?? .curl
        requestID = arguments.positional(0) ?? ""
        selection = try RequestSelection(arguments)
        resolves = arguments.flag(Option.resolve)
        revealsSecrets = arguments.flag(Option.revealSecrets)
        masksSecrets = arguments.flag(Option.maskSecrets)
        oneLine = arguments.flag(Option.oneLine)
        outputPath = arguments.value(Option.output)
        all = arguments.flag(Option.all)
        history = arguments.flag(Option.history)
        last = try arguments.value(Option.last, expecting: "a count") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
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
