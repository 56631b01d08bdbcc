import Foundation

/// The per-request settings given as `# @directive` comments.
public struct RequestDirectives: Sendable, Hashable {
    /// `# @no-redirect`: do not follow redirects.
    public var noRedirect = false
    /// `# @no-cookie-jar`: do not use or store cookies.
    public var noCookieJar = false
    /// `# @no-log`: do not record the request in history.
    public var noLog = false
    /// `# @timeout 10 s`: the whole-transfer timeout, in seconds.
    public var timeout: Double?
    /// `# @connection-timeout 2 s`: the connect timeout, in seconds.
    public var connectionTimeout: Double?
    /// `# @insecure`: do not verify the server's TLS certificate (kulala's `# @curl-insecure` and
    /// `# @curl-k` mean the same; JetBrains only offers it per environment).
    public var insecure = false
    /// `# @retries 3`: send again up to this many times after a transient failure (idempotent methods;
    /// others only when the connection never opened).
    public var retries: Int?
    /// `# @cache`: answer from and store into the workspace's HTTP cache (`.ferry/cache`) when the
    /// response allows (GET and HEAD only).
    public var cache = false
    /// `# @reconnect` (or `# @reconnect 5`): an event stream that ends is opened again with `Last-Event-ID`,
    /// until this many reconnections in a row brought no event (``defaultReconnections`` without a number).
    public var reconnections: Int?
    /// `# @prompt name "description"`: the variables to ask for before sending, in file order (one a name).
    public var prompts: [PromptVariable] = []
    /// `# @contract openapi.yaml`: check the response against this OpenAPI description (a path relative to the
    /// request's file), as `ferry run --contract` does (``APIContract``).
    public var contract: String?
    /// Every other directive, by name, with its value.
    public var others: [String: String] = [:]

    /// Reads the directives out of a request's preamble; later ones win.
    public init(_ preamble: [PreambleItem] = []) {
        for item in preamble {
            guard case .directive(let name, let value) = item.kind else { continue }
            switch name {
            case "name": break
            case "no-redirect": noRedirect = true
            case "no-cookie-jar": noCookieJar = true
            case "no-log": noLog = true
            case "timeout": timeout = Self.seconds(value)
            case "connection-timeout": connectionTimeout = Self.seconds(value)
            case "insecure", "curl-insecure", "curl-k": insecure = true
            case "retries": retries = Self.count(value)
            case "cache": cache = true
            case "prompt":
                guard let prompt = PromptVariable(directive: value) else { continue }
                prompts.removeAll { $0.name == prompt.name }
                prompts.append(prompt)
            case "contract": contract = value.trimmedSpaces.isEmpty ? nil : value.trimmedSpaces
            case "reconnect":
                reconnections = value.trimmedSpaces.isEmpty ? Self.defaultReconnections : Self.count(value)
            default: others[name] = value
            }
        }
    }

    /// How many reconnections in a row may bring no event under a bare `# @reconnect`.
    public static let defaultReconnections = 5

    /// The largest `@retries` (and `@reconnect`) accepted.
    public static let maximumRetries = 10

    /// Reads a retry count (`0` to ``maximumRetries``); `nil` when malformed.
    public static func count(_ text: String) -> Int? {
        guard let number = Int(text.trimmedSpaces), (0...maximumRetries).contains(number) else { return nil }
        return number
    }

    /// Reads a duration such as `10`, `10 s`, `500 ms`, `2 m` into seconds; `nil` when malformed.
    public static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmedSpaces
        var digits = ""
        var rest = Substring(trimmed)
        while let first = rest.first, first.isASCII && first.isNumber || first == "." {
            digits.append(first)
            rest = rest.dropFirst()
        }
        guard let number = Double(digits), number >= 0 else { return nil }
        switch rest.trimmedSpaces.lowercased() {
        case "", "s", "sec", "second", "seconds": return number
        case "ms", "millis", "milliseconds": return number / 1000
        case "m", "min", "minute", "minutes": return number * 60
        default: return nil
        }
    }
}
