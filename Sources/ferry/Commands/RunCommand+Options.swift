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
        /// TAP version 14 (``TAPReport``).
        case tap
        /// One self-contained HTML page (``HTMLRunReport``), with each request and response as sent, masked.
        case html
    }

    /// The files and folders to run, as given.
    var paths: [String] = []
    /// `--env NAME` and `--var name=value` (``RequestSelection``).
    var selection: RequestSelection
    /// `--report junit|json|tap|html|text`.
    var report = ReportFormat.text
    /// `--report-file F`: where the report goes (default: standard output, the lines then go to stderr).
    var reportPath: String?
    /// `--fail-fast`: stop at the first failure.
    var failFast = false
    /// `--parallel N`: how many files run at once.
    var parallel = 1
    /// `--filter TEXT`: only requests whose id or name contains TEXT.
    var filter: String?
    /// `--trust`: the workspace's files may reach outside it for this run.
    var trust = false
    /// `--data F`: a CSV or JSON file whose rows each run the files once, their columns as variables.
    var dataPath: String?
    /// `--repeat N`: how many times the files (or every row of `--data`) run.
    var repeats = 1
    /// `--duration T` with `--concurrency C` or `--rate R/s`: the files' requests sent as load.
    var load: LoadModel?
    /// `-v|--verbose`: each request's heads as sent, its response head and its timing on stderr, as
    /// `ferry send -v` writes them (secrets masked).
    var verbose = false
    /// `--contract F`: the OpenAPI description each response is checked against.
    var contractPath: String?

    /// The options of `ferry run`, as ``spec`` declares them.
    enum Option {
        static let environment = RequestSelection.Option.environment
        static let variable = RequestSelection.Option.variable
        static let report = OptionSpec(
            long: "--report", valueName: "junit|json|tap|html|text",
            help: "the report on standard output (or in --report-file F); lines go to stderr",
            completion: .words(["junit", "json", "tap", "html", "text"]))
        static let reportFile = OptionSpec(
            long: "--report-file", valueName: "F", help: "write the report to F", completion: .file)
        static let failFast = OptionSpec(
            long: "--fail-fast", help: "stop at the first failure (the rest are skipped)")
        static let parallel = OptionSpec(
            long: "--parallel", valueName: "N", help: "run up to N files at once (requests within a file stay in order)"
        )
        static let filter = OptionSpec(
            long: "--filter", valueName: "TEXT",
            help: "only requests whose id or name contains TEXT (the others are skipped)")
        static let data = OptionSpec(
            long: "--data", valueName: "F",
            help: "run the files once per row of F (CSV with a header row, or a JSON array of objects)",
            completion: .file)
        static let repeats = OptionSpec(
            long: "--repeat", valueName: "N", help: "run the files (every row of --data) N times")
        static let duration = OptionSpec(
            long: "--duration", valueName: "T",
            help: "send the requests as load for T (30s, 500ms, 2m): latency percentiles, errors, throughput")
        static let concurrency = OptionSpec(
            long: "--concurrency", valueName: "C",
            help: "with --duration: C senders, each sending its next request when the last ended (default 1)")
        static let contract = OptionSpec(
            long: "--contract", valueName: "F",
            help: "check each response's status, content type and JSON body against the OpenAPI description F",
            completion: .file)
        static let rate = OptionSpec(
            long: "--rate", valueName: "R/s",
            help: "with --duration: start R requests a second whatever the server does (latency from when due)")
        static let verbose = OptionSpec(
            long: "--verbose", short: "-v",
            help: "print each request's heads as sent, its response head and its timing on stderr (> and < "
                + "lines, secrets masked)")
    }

    /// What `ferry run` reads.
    static let spec = CommandSpec(
        name: "run", summary: "run the requests of files and folders and report what passed (JUnit, JSON)",
        discussion: """
            Runs every request of the files and folders in order (files by path, requests by position);
            with --data or --repeat, all of them once per row and repeat (request.iteration() counts from 0).
            Exit status: 0: all passed; 1: a status or test failed; 3: a transport error; 2: usage or input errors;
            130: canceled (Ctrl-C).
            """,
        positionals: [
            PositionalSpec(
                name: "PATH", title: "path", help: "a .http file or a folder of them", isRepeatable: true,
                completion: .file)
        ],
        options: [
            Option.environment, Option.variable, Option.report, Option.reportFile, Option.failFast, Option.parallel,
            Option.filter, Option.data, Option.repeats, Option.duration, Option.concurrency, Option.rate,
            Option.verbose, Option.contract, OptionSpec.trust,
        ])

    /// Reads the parsed arguments of `run`; throws a message for people.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        paths = arguments.positionals
        selection = try RequestSelection(arguments)
        report =
            try arguments.value(Option.report, expecting: "junit, json, tap, html or text") {
                ReportFormat(rawValue: $0)
            } ?? .text
        reportPath = arguments.value(Option.reportFile)
        failFast = arguments.flag(Option.failFast)
        parallel =
            try arguments.value(Option.parallel, expecting: "a count of 1 or more") {
                Int($0).flatMap { $0 >= 1 ? $0 : nil }
            }
            ?? 1
        filter = arguments.value(Option.filter)
        trust = arguments.flag(OptionSpec.trust)
        dataPath = arguments.value(Option.data)
        contractPath = arguments.value(Option.contract)
        repeats =
            try arguments.value(Option.repeats, expecting: "a count of 1 or more") {
                Int($0).flatMap { $0 >= 1 ? $0 : nil }
            }
            ?? 1
        load = try Self.loadModel(arguments, alone: dataPath == nil && repeats == 1 && parallel == 1)
        verbose = arguments.flag(Option.verbose)
        if verbose, load != nil { throw UsageError("--verbose cannot go with --duration (a load sends thousands)") }
        guard !paths.isEmpty else { throw UsageError("what to run? give .http files or folders") }
    }
}

extension RunOptions {
    /// The load `--duration`, `--concurrency` and `--rate` describe, `nil` without `--duration`; `alone` says
    /// `--data`, `--repeat` and `--parallel` are not given (a load takes none of them).
    static func loadModel(_ arguments: ParsedArguments, alone: Bool) throws(UsageError) -> LoadModel? {
        let count: (String) -> Int? = { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
        let concurrency = try arguments.value(Option.concurrency, expecting: "a count of 1 or more", count)
        let rate = try arguments.value(Option.rate, expecting: "a rate such as 200/s") { text in
            count(text.hasSuffix("/s") ? String(text.dropLast(2)) : text)
        }
        guard
            let duration = try arguments.value(
                Option.duration, expecting: "a time such as 30s, 500ms or 2m", LoadModel.duration)
        else {
            guard concurrency == nil, rate == nil else { throw UsageError("--concurrency and --rate need --duration") }
            return nil
        }
        guard alone else { throw UsageError("--duration cannot go with --data, --repeat or --parallel") }
        if let rate {
            return .open(perSecond: rate, duration: duration, inFlight: concurrency ?? LoadModel.defaultInFlight)
        }
        return .closed(concurrency: concurrency ?? 1, duration: duration)
    }
}
