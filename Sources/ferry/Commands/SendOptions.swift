import FerryHTTP
import FerryWorkbench

/// The arguments of `ferry send`, parsed.
struct SendOptions {
    /// The request id as given.
    var requestID = ""
    /// `--env NAME`.
    var environment: String?
    /// `--var name=value`, in order (later ones win).
    var variables: [String: String] = [:]
    /// `-i` / `--include`: status line and headers before the body.
    var includeHeaders = false
    /// `--timing`: the timing breakdown on stderr.
    var showTiming = false
    /// `-o FILE`: write the body to a file (atomically, via a temporary file and rename).
    var outputPath: String?
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
    /// `--cacert FILE`: also trust the CA certificates (PEM) in FILE when verifying TLS.
    var certificateAuthorityPath: String?
    /// `--verbose`: the request heads as sent on stderr (`> ` lines, secrets masked).
    var verbose = false
    /// `--har FILE`: the exchange as HAR 1.2 (masked as the history is), written atomically to FILE.
    var harPath: String?

    static var usage: String {
        let limits = TransferLimits.standard
        return """
            usage: ferry send ID [--env NAME] [--var k=v]... [-i|--include] [--timing] [-o FILE] [--retry N]
                                 [--timeout SEC] [--connect-timeout SEC] [--idle-timeout SEC] [--insecure]
                                 [--cacert FILE] [--verbose] [--har FILE]
              --timeout SEC          the limit for the whole transfer (default: none; overrides # @timeout)
              --connect-timeout SEC  the limit for connecting (default: \(wholeSeconds(limits.connectTimeout)) s;
                                     overrides # @connection-timeout)
              --idle-timeout SEC     fail after SEC without a byte received or sent (default: \(wholeSeconds(limits.idleTimeout)) s,
                                     or none when --timeout or # @timeout sets a limit; 0: none)
            """
    }

    /// Whole seconds for the help text (`none` for no limit).
    private static func wholeSeconds(_ duration: Duration?) -> String {
        duration.map { String($0.components.seconds) } ?? "none"
    }

    /// Parses the arguments after `send`; throws a message for people.
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
            case "-i", "--include": includeHeaders = true
            case "--timing": showTiming = true
            case "-o", "--output": outputPath = try value(for: argument)
            case "--retry":
                let text = try value(for: argument)
                guard let count = Int(text), count >= 0 else {
                    throw UsageError("--retry expects a count, got \(InputExcerpt(text))")
                }
                retries = count
            case "--timeout": timeout = try Self.seconds(try value(for: argument), for: argument)
            case "--connect-timeout": connectTimeout = try Self.seconds(try value(for: argument), for: argument)
            case "--idle-timeout":
                idleTimeout = try Self.seconds(try value(for: argument), for: argument, allowingZero: true)
            case "--insecure", "-k": insecure = true
            case "--cacert": certificateAuthorityPath = try value(for: argument)
            case "--verbose": verbose = true
            case "--har": harPath = try value(for: argument)
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
        guard !requestID.isEmpty else { throw UsageError("which request? give its id (see `ferry list`)") }
    }

    /// A time limit in seconds: positive (or zero when `allowingZero`) and finite.
    private static func seconds(_ text: String, for option: String, allowingZero: Bool = false) throws(UsageError)
        -> Double
    {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 || (allowingZero && seconds == 0) else {
            throw UsageError("\(option) expects seconds\(allowingZero ? " (0: none)" : ""), got \(InputExcerpt(text))")
        }
        return seconds
    }
}

/// A usage problem, with a message for people.
struct UsageError: Error {
    /// What is wrong.
    var message: String

    init(_ message: String) { self.message = message }

    /// The name and value of a `--var NAME=VALUE` argument (the value may hold `=`).
    static func variableAssignment(_ pair: String) throws(UsageError) -> (name: String, value: String) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw UsageError("--var expects NAME=VALUE, got \(InputExcerpt(pair))")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}
