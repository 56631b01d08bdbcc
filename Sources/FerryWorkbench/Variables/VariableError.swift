import FerryHTTP

/// Why a request could not be resolved.
public struct VariableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// `{{name}}` has no value anywhere.
        case unresolved(String)
        /// `{{name}}` is `null` in the environment (`origin`: `http-client.env.json:4`) and has no other value.
        case null(String, origin: String)
        /// `{{$name}}` is not a dynamic variable Ferry knows.
        case unknownDynamic(String)
        /// `{{$name …}}` is a dynamic variable Ferry knows, with arguments it cannot use: the expression and
        /// what is wrong (`the range from 10 up to 1 (excluded) holds no integer`).
        case invalidDynamic(String, problem: String)
        /// `{{$auth.token("id")}}` has no token: the expression, the configuration's id and why, in words whose
        /// input (file values, the server's error) is already shortened.
        case signIn(String, id: String, problem: String)
        /// Variables refer to each other in a loop (or nest too deeply).
        case cycle(String)
        /// The path after `>>` or `>>!`, resolved, is empty, a folder, or inside `.ferry/` (Ferry's own
        /// files), where a response is never written.
        case invalidOutput(String)
        /// `< path` names a file that was not loaded.
        case missingFile(String)
        /// The URL, once resolved, is not an absolute `http(s)` URL: the URL (secrets masked), shortened to an
        /// ``InputExcerpt``.
        case invalidURL(String)
        /// The value of `variable` holds `character` (CR, LF or NUL) at `column` of the value, in a part that
        /// is one line on the wire (the URL, a header, a multipart part's header), where it would end the line
        /// and let the rest add headers or a second request. `origin` says where the value comes from (`--var`,
        /// `a captured response`, `http-client.env.json:4`), when known. The value itself is never shown.
        case breaksLine(variable: String, origin: String?, character: Unicode.Scalar, column: Int)
        /// The resolved request cannot go on the wire as it is (a header name that is not a token, a CR in a
        /// header value as written, a URL over the length limit, …).
        case unsendable(WireViolation)
        /// The `Host` header a `/path` URL is completed with is not a host name with an optional port
        /// (shortened to an ``InputExcerpt``, secrets masked).
        case invalidHost(String)
        /// A `GRAPHQL` request that cannot be sent: no query, or variables that are not a JSON object.
        case invalidGraphQL(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where in the request: `the URL`, `header Accept`, `the body`.
    public var part: String
    /// Where in the file, when the request came from one.
    public var location: SourceLocation?

    /// Creates an error.
    public init(_ reason: Reason, part: String, location: SourceLocation?) {
        self.reason = reason
        self.part = part
        self.location = location
    }

    /// `basics/requests.http:3: unresolved variable {{host}} in the URL`.
    public var description: String {
        let prefix = location.map { "\($0.file):\($0.line): " } ?? ""
        // Names and paths may come from a value (a nested `{{…}}`): shortened, control characters escaped.
        func shown(_ text: String) -> String { InputExcerpt(text).unquoted }
        let part = shown(self.part)
        switch reason {
        case .unresolved(let name):
            return prefix
                + "unresolved variable {{\(shown(name))}} in \(part): define it in the environment, the file or with "
                + "--var \(shown(name))=VALUE"
        case .null(let name, let origin):
            return prefix
                + "variable {{\(shown(name))}} in \(part) is null in \(origin): give it a value (in the private "
                + "environment file, the file or with --var \(shown(name))=VALUE)"
        case .unknownDynamic(let name):
            return prefix + "unknown dynamic variable {{\(shown(name))}} in \(part)"
        case .invalidDynamic(let expression, let problem):
            return prefix + "{{\(shown(expression))}} in \(part): \(shown(problem))"
        case .signIn(let expression, _, let problem):
            return prefix + "{{\(shown(expression))}} in \(part): \(problem)"
        case .cycle(let name):
            return prefix + "variable {{\(shown(name))}} in \(part) refers to itself"
        case .invalidOutput(let path):
            return prefix
                + "cannot save the response to '\(shown(path))': give a file path outside .ferry/ after >> or >>!"
        case .missingFile(let path):
            return prefix + "cannot read the file '\(shown(path))' included in \(part)"
        case .invalidURL(let url):
            return prefix + "'\(url)' is not a valid http(s) URL"
        case .breaksLine(let variable, let origin, let character, let column):
            let from = origin.map { " (from \($0))" } ?? ""
            return prefix
                + "the value of {{\(shown(variable))}}\(from) holds \(InputExcerpt.name(of: character)) at character "
                + "\(column), which \(part) cannot hold: it would end the line and let the rest of the value add "
                + "headers or a second request; not sent"
        case .unsendable(let violation):
            return prefix + "\(violation); not sent"
        case .invalidHost(let host):
            return prefix
                + "the Host header '\(host)' is not a host name with an optional port, so it cannot complete the URL"
        case .invalidGraphQL(let problem):
            return prefix + "\(problem); not sent"
        }
    }
}
