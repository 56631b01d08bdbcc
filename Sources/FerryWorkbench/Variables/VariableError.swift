/// Why a request could not be resolved.
public struct VariableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// `{{name}}` has no value anywhere.
        case unresolved(String)
        /// `{{$name}}` is not a dynamic variable Ferry knows.
        case unknownDynamic(String)
        /// Variables refer to each other in a loop (or nest too deeply).
        case cycle(String)
        /// `< path` names a file that was not loaded.
        case missingFile(String)
        /// The URL, once resolved, is not an absolute `http(s)` URL.
        case invalidURL(String)
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
        switch reason {
        case .unresolved(let name):
            return prefix
                + "unresolved variable {{\(name)}} in \(part): define it in the environment, the file or with --var \(name)=VALUE"
        case .unknownDynamic(let name):
            return prefix + "unknown dynamic variable {{\(name)}} in \(part)"
        case .cycle(let name):
            return prefix + "variable {{\(name)}} in \(part) refers to itself"
        case .missingFile(let path):
            return prefix + "cannot read the file '\(path)' included in \(part)"
        case .invalidURL(let url):
            return prefix + "'\(url)' is not a valid http(s) URL"
        }
    }
}
