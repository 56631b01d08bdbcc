import FerryHTTP
import FerryWorkbench

/// The arguments of `ferry send`, parsed.
struct SendOptions {
    /// The request id as given.
    var requestID = ""
    /// `--env NAME` and `--var name=value` (``RequestSelection``).
    var selection: RequestSelection
    /// `-i` / `--include`: status line and headers before the body.
    var includeHeaders = false
    /// `--timing`: the timing breakdown on stderr.
    var showTiming = false
    /// `-o FILE`: write the body to a file (atomically, via a temporary file and rename).
    var outputPath: String?
    /// `--continue` (with `-o`): resume a partial FILE from its resume record, or restart it cleanly.
    var continues = false
    /// `--retry N`: retry transient failures up to N times, overriding `# @retries`.
    var retries: Int?
    /// `--timeout SEC`: the whole-transfer time limit, overriding `# @timeout`.
    var timeout: Double?
    /// `--connect-timeout SEC`: the connect limit, overriding `# @connection-timeout` and the default.
    var connectTimeout: Double?
    /// `--idle-timeout SEC`: the longest without a byte moving (0: none), overriding the default.
    var idleTimeout: Double?
    /// `--insecure`: do not verify TLS certificates.
    var insecure = false
    /// `--trust`: the workspace's files may reach outside it for this send.
    var trust = false
    /// `--cacert FILE`: also trust the CA certificates (PEM) in FILE when verifying TLS.
    var certificateAuthorityPath: String?
    /// `-v|--verbose`: the request heads as sent and the response's head on stderr (curl's `> ` and `< ` lines,
    /// secrets masked), then the timing.
    var verbose = false
    /// `--har FILE`: the exchange as HAR 1.2 (masked as the history is), written atomically to FILE.
    var harPath: String?
    /// `--cache`: answer from and store into the workspace's HTTP cache (`.ferry/cache`).
    var usesCache = false
    /// `--events`: a `text/event-stream` body as one JSON line per event, printed as each completes.
    var events = false
    /// `--reconnect`: a `text/event-stream` that ends is opened again with `Last-Event-ID` (as `# @reconnect`).
    var reconnects = false
    /// `--contract F`: the OpenAPI description the response is checked against (a request's own `# @contract`
    /// wins).
    var contractPath: String?

    /// The options of `ferry send`, as ``spec`` declares them.
    enum Option {
        static let environment = RequestSelection.Option.environment
        static let variable = RequestSelection.Option.variable
        static let include = OptionSpec(
            long: "--include", short: "-i", help: "print the status line and headers before the body")
        static let timing = OptionSpec(long: "--timing", help: "print the timing breakdown on stderr")
        static let output = OptionSpec(
            long: "--output", short: "-o", valueName: "FILE",
            help: "write the body to FILE (atomically: a temporary file, then a rename)", completion: .file)
        static let continueOutput = OptionSpec(
            long: "--continue",
            help: "with -o: resume the partial FILE an interrupted send left (Range, If-Range), or start it over")
        static let retry = OptionSpec(
            long: "--retry", valueName: "N", help: "retry transient failures up to N times (overrides # @retries)")
        static let timeout = OptionSpec(
            long: "--timeout", valueName: "SEC",
            help: "the limit for the whole transfer (default: none; overrides # @timeout)")
        static var connectTimeout: OptionSpec {
            let seconds = wholeSeconds(TransferLimits.standard.connectTimeout)
            return OptionSpec(
                long: "--connect-timeout", valueName: "SEC",
                help: "the limit for connecting (default: \(seconds) s; overrides # @connection-timeout)")
        }
        static var idleTimeout: OptionSpec {
            let seconds = wholeSeconds(TransferLimits.standard.idleTimeout)
            return OptionSpec(
                long: "--idle-timeout", valueName: "SEC",
                help: "fail after SEC without a byte received or sent (default: \(seconds) s, "
                    + "or none when --timeout or # @timeout sets a limit; 0: none)")
        }
        static let insecure = OptionSpec(long: "--insecure", short: "-k", help: "do not verify TLS certificates")
        static let certificateAuthority = OptionSpec(
            long: "--cacert", valueName: "FILE", help: "also trust the CA certificates (PEM) in FILE",
            completion: .file)
        static let verbose = OptionSpec(
            long: "--verbose", short: "-v",
            help: "print the request heads as sent, the response head and the timing on stderr (> and < lines, "
                + "secrets masked)")
        static let har = OptionSpec(
            long: "--har", valueName: "FILE", help: "write the exchange as HAR 1.2 (secrets masked) to FILE",
            completion: .file)
        static let cache = OptionSpec(
            long: "--cache", help: "use the workspace's HTTP cache (.ferry/cache): fresh responses are not fetched")
        static let events = OptionSpec(
            long: "--events",
            help:
                "print a text/event-stream body as one JSON line per event ({\"event\",\"id\",\"data\"}) as it arrives")
        static let contract = OptionSpec(
            long: "--contract", valueName: "F",
            help: "check the response against the OpenAPI description F (exit 8 when a 1xx-3xx one does not conform)",
            completion: .file)
        static let reconnect = OptionSpec(
            long: "--reconnect",
            help:
                "open a text/event-stream again with Last-Event-ID when it ends, after its retry: time "
                + "(as # @reconnect; Ctrl-C ends it)")
    }

    /// What `ferry send` reads.
    static var spec: CommandSpec {
        CommandSpec(
            name: "send", summary: "send a saved request and print the response body",
            discussion: """
                Exit status: 0 for 1xx-3xx, 4 for 4xx, 5 for 5xx, 2 for usage and input errors (located),
                3 for transport errors, 6 when a 1xx-3xx GraphQL response carries errors (listed on stderr),
                8 when a 1xx-3xx response does not conform to its contract (--contract or # @contract; each
                violation on stderr), 130 when canceled with Ctrl-C.
                """,
            positionals: [
                PositionalSpec(
                    name: "ID", title: "request id", help: "the request: FILE#NAME or FILE#N (see `ferry list`)",
                    completion: .requestID)
            ],
            options: [
                Option.environment, Option.variable, Option.include, Option.timing, Option.output,
                Option.continueOutput, Option.retry, Option.timeout, Option.connectTimeout, Option.idleTimeout,
                Option.insecure,
                Option.certificateAuthority, Option.verbose, Option.har, Option.cache, Option.events,
                Option.reconnect, Option.contract, OptionSpec.trust,
            ])
    }

    /// Whole seconds for the help text (`none` for no limit).
    private static func wholeSeconds(_ duration: Duration?) -> String {
        duration.map { String($0.components.seconds) } ?? "none"
    }

    /// Reads the parsed arguments of `send`; throws a message for people.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let id = arguments.positional(0) else {
            throw UsageError("which request? give its id (see `ferry list`)")
        }
        requestID = id
        selection = try RequestSelection(arguments)
        includeHeaders = arguments.flag(Option.include)
        showTiming = arguments.flag(Option.timing)
        outputPath = arguments.value(Option.output)
        retries = try arguments.value(Option.retry, expecting: "a count") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        timeout = try Self.seconds(arguments, Option.timeout)
        connectTimeout = try Self.seconds(arguments, Option.connectTimeout)
        idleTimeout = try Self.seconds(arguments, Option.idleTimeout, allowingZero: true)
        insecure = arguments.flag(Option.insecure)
        trust = arguments.flag(OptionSpec.trust)
        certificateAuthorityPath = arguments.value(Option.certificateAuthority)
        verbose = arguments.flag(Option.verbose)
        harPath = arguments.value(Option.har)
        usesCache = arguments.flag(Option.cache)
        events = arguments.flag(Option.events)
        reconnects = arguments.flag(Option.reconnect)
        contractPath = arguments.value(Option.contract)
        continues = arguments.flag(Option.continueOutput)
        if continues {
            guard outputPath != nil else { throw UsageError("--continue needs -o FILE: the file to resume") }
            guard !events, !reconnects, !usesCache, !verbose, harPath == nil else {
                throw UsageError(
                    "--continue cannot be combined with --events, --reconnect, --cache, --verbose or --har")
            }
        }
    }

    /// A time limit in seconds: positive (or zero when `allowingZero`) and finite.
    private static func seconds(
        _ arguments: ParsedArguments, _ option: OptionSpec, allowingZero: Bool = false
    ) throws(UsageError) -> Double? {
        try arguments.value(option, expecting: "seconds\(allowingZero ? " (0: none)" : "")") { text in
            guard let seconds = Double(text), seconds.isFinite, seconds > 0 || (allowingZero && seconds == 0) else {
                return nil
            }
            return seconds
        }
    }
}
