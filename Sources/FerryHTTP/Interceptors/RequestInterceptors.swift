/// What one request changes in the interceptors its client runs: ones it adds after the global and the
/// client's (``added``), and identified ones it goes without (``excluded``), wherever they are listed.
///
/// Two values are equal when they exclude the same identifiers and add interceptors of the same types
/// with the same identifiers, in order (interceptors themselves are not comparable).
///
/// ```swift
/// var request = HTTPRequest(path: "/upload")
/// request.interceptors.added = [ResponseValidator.statusCode(201..<202)]
/// request.interceptors.excluded = [.auth]
/// ```
public struct RequestInterceptors: Sendable, Hashable {
    /// Run after the global and the client's interceptors, in order.
    public var added: [any HTTPInterceptor]
    /// Interceptors with these identifiers are not run for this request (added ones included).
    public var excluded: Set<InterceptorID>

    /// Additions and exclusions (none by default).
    public init(added: [any HTTPInterceptor] = [], excluded: Set<InterceptorID> = []) {
        self.added = added
        self.excluded = excluded
    }

    /// Equal exclusions and, in order, additions of the same types and identifiers.
    public static func == (lhs: RequestInterceptors, rhs: RequestInterceptors) -> Bool {
        lhs.excluded == rhs.excluded && lhs.signature == rhs.signature
    }

    /// Hashes the exclusions and the additions' types and identifiers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(excluded)
        hasher.combine(signature)
    }

    /// The interceptors to run, in order: `global`, then `client`, then the added ones, without the excluded.
    func applied(toGlobal global: [any HTTPInterceptor], client: [any HTTPInterceptor]) -> [any HTTPInterceptor] {
        let all = global + client + added
        guard !excluded.isEmpty else { return all }
        return all.filter { interceptor in interceptor.interceptorID.map { !excluded.contains($0) } ?? true }
    }

    private var signature: [String] {
        added.map { "\(String(reflecting: type(of: $0)))#\($0.interceptorID?.rawValue ?? "")" }
    }
}
