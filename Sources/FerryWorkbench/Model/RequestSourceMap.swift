/// Where the parts of a request were in its file, for messages such as "unresolved variable at
/// file:line". Two source maps always compare equal, so moving a request does not change it.
public struct RequestSourceMap: Sendable, Hashable {
    /// The file the request was read from.
    public var file: String
    /// The line of the request line (method and URL).
    public var requestLine: Int
    /// The line of each header field, in the order of ``SavedRequest/headers``.
    public var headerLines: [Int]
    /// The first line of the body, if there is one.
    public var bodyLine: Int?
    /// The first line of each item of ``SavedRequest/preamble``, in order.
    public var preambleLines: [Int]
    /// The first line of ``SavedRequest/responseHandlers``, if there are any.
    public var handlerLine: Int?

    /// Creates a source map.
    public init(
        file: String, requestLine: Int, headerLines: [Int] = [], bodyLine: Int? = nil, preambleLines: [Int] = [],
        handlerLine: Int? = nil
    ) {
        self.file = file
        self.requestLine = requestLine
        self.headerLines = headerLines
        self.bodyLine = bodyLine
        self.preambleLines = preambleLines
        self.handlerLine = handlerLine
    }

    /// Always true: where a request was read from is not part of what it is.
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Hashes nothing, to agree with `==`.
    public func hash(into hasher: inout Hasher) {}
}
