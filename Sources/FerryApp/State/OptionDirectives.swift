import FerryWorkbench

/// The Options tab's choices and how each one changes a request's `# @directives`.
enum OptionDirectives {
    /// The row of the timeout (which asks for a number instead of toggling).
    static let timeoutIndex = 3
    /// The row of TLS verification (`@insecure`).
    static let insecureIndex = 4
    /// The row of the retry count (which asks for a number).
    static let retriesIndex = 5
    /// The spellings that turn TLS verification off (ours, then kulala's curl flags).
    static let insecureNames = ["insecure", "curl-insecure", "curl-k"]

    /// The picker's rows for `request`, saying what choosing each one does.
    static func choices(for request: SavedRequest) -> [String] {
        let directives = request.directives
        return [
            directives.noRedirect ? "Follow redirects (now: no)" : "Do not follow redirects (now: follow)",
            directives.noCookieJar ? "Use the cookie jar (now: off)" : "Turn the cookie jar off (now: on)",
            directives.noLog ? "Record in the history (now: not logged)" : "Keep out of the history (now: logged)",
            "Timeout… (now: \(directives.timeout.map { "\($0) s" } ?? "none"))",
            directives.insecure
                ? "Verify TLS certificates (now: off)" : "Turn TLS verification off (now: on; for self-signed servers)",
            "Retries… (now: \(directives.retries.map(String.init) ?? "none"); idempotent requests only)",
        ]
    }

    /// Flips the directive of row `index` (0: `@no-redirect`, 1: `@no-cookie-jar`, 2: `@no-log`,
    /// 4: `@insecure`, which also removes kulala's spellings when turning verification back on).
    static func toggle(_ index: Int, in request: inout SavedRequest) {
        if index == insecureIndex {
            if request.directives.insecure {
                for name in insecureNames { set(name, nil, in: &request) }
            } else {
                set("insecure", "", in: &request)
            }
            return
        }
        let names = ["no-redirect", "no-cookie-jar", "no-log"]
        guard names.indices.contains(index) else { return }
        let isSet = has(names[index], in: request)
        set(names[index], isSet ? nil : "", in: &request)
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
