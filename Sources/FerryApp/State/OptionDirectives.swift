import FerryWorkbench

/// A row of the Options tab: a directive to toggle, or a number to ask for.
enum OptionChoice: Sendable, Equatable {
    /// `@no-redirect`.
    case redirects
    /// `@no-cookie-jar`.
    case cookieJar
    /// `@no-log`.
    case history
    /// `@timeout` (asks for the seconds).
    case timeout
    /// `@insecure` (TLS verification).
    case tlsVerification
    /// `@retries` (asks for the count).
    case retries
    /// `@cache`.
    case cache
}

/// The Options tab's choices and how each one changes a request's `# @directives`.
enum OptionDirectives {
    /// The spellings that turn TLS verification off (ours, then kulala's curl flags).
    static let insecureNames = ["insecure", "curl-insecure", "curl-k"]

    /// The picker's rows for `request`, saying what choosing each one does.
    static func choices(for request: SavedRequest) -> [PickerChoice<OptionChoice>] {
        let directives = request.directives
        return [
            PickerChoice(
                .redirects,
                directives.noRedirect ? "Follow redirects (now: no)" : "Do not follow redirects (now: follow)"),
            PickerChoice(
                .cookieJar,
                directives.noCookieJar ? "Use the cookie jar (now: off)" : "Turn the cookie jar off (now: on)"),
            PickerChoice(
                .history,
                directives.noLog ? "Record in the history (now: not logged)" : "Keep out of the history (now: logged)"),
            PickerChoice(.timeout, "Timeout… (now: \(directives.timeout.map { "\($0) s" } ?? "none"))"),
            PickerChoice(
                .tlsVerification,
                directives.insecure
                    ? "Verify TLS certificates (now: off)"
                    : "Turn TLS verification off (now: on; for self-signed servers)"),
            PickerChoice(
                .retries, "Retries… (now: \(directives.retries.map(String.init) ?? "none"); idempotent requests only)"),
            PickerChoice(
                .cache,
                directives.cache
                    ? "Do not use the HTTP cache (now: on)"
                    : "Use the HTTP cache, .ferry/cache (now: off; GET and HEAD)"),
        ]
    }

    /// Flips a directive: `@no-redirect`, `@no-cookie-jar`, `@no-log`, or `@insecure` (which also removes
    /// kulala's spellings when turning verification back on). The timeout and the retries are set, not toggled.
    static func toggle(_ choice: OptionChoice, in request: inout SavedRequest) {
        let name: String
        switch choice {
        case .redirects: name = "no-redirect"
        case .cookieJar: name = "no-cookie-jar"
        case .history: name = "no-log"
        case .cache: name = "cache"
        case .tlsVerification:
            if request.directives.insecure {
                for name in insecureNames { set(name, nil, in: &request) }
            } else {
                set("insecure", "", in: &request)
            }
            return
        case .timeout, .retries:
            return
        }
        set(name, has(name, in: request) ? nil : "", in: &request)
    }

    /// Sets a directive (`""` for a bare one) or removes it (`nil`).
    static func set(_ name: String, _ value: String?, in request: inout SavedRequest) {
        request.preamble.removeAll {
            if case .directive(let existing, _) = $0.kind { return existing == name }
            return false
        }
        if let value { request.preamble.append(.directive(name, value)) }
    }

    private static func has(_ name: String, in request: SavedRequest) -> Bool {
        request.preamble.contains {
            if case .directive(let existing, _) = $0.kind { return existing == name }
            return false
        }
    }
}
