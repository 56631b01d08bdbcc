import FerryWorkbench

/// The Options tab's choices and how each one changes a request's `# @directives`.
enum OptionDirectives {
    /// The row of the timeout (which asks for a number instead of toggling).
    static let timeoutIndex = 3

    /// The picker's rows for `request`, saying what choosing each one does.
    static func choices(for request: SavedRequest) -> [String] {
        let directives = request.directives
        return [
            directives.noRedirect ? "Follow redirects (now: no)" : "Do not follow redirects (now: follow)",
            directives.noCookieJar ? "Use the cookie jar (now: off)" : "Turn the cookie jar off (now: on)",
            directives.noLog ? "Record in the history (now: not logged)" : "Keep out of the history (now: logged)",
            "Timeout… (now: \(directives.timeout.map { "\($0) s" } ?? "none"))",
        ]
    }

    /// Flips the directive of row `index` (0: `@no-redirect`, 1: `@no-cookie-jar`, 2: `@no-log`).
    static func toggle(_ index: Int, in request: inout SavedRequest) {
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
