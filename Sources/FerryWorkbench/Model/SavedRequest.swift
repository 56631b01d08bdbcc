/// One request as written in an `.http` file, in the JetBrains HTTP Client dialect.
///
/// ```swift
/// var request = SavedRequest(method: "POST", url: "{{host}}/post")
/// request.name = "create"
/// request.setHeader("Content-Type", "application/json")
/// request.body = #"{"a": 1}"#
/// let http = try request.resolved(with: context)
/// ```
///
/// Everything the file says is kept, including what Ferry never runs (scripts, `run`, `import`):
/// an edited request is written back with its comments and handlers unchanged.
public struct SavedRequest: Sendable, Hashable {
    // MARK: - Stored

    /// The text after `###` on the separator line, trimmed; `nil` without a separator or title.
    public var title: String?
    /// Comments, directives, in-file variables and scripts above the request line, in order.
    public var preamble: [PreambleItem]
    /// The method as written (upper-cased when it was a word); `nil` when omitted, meaning GET.
    public var explicitMethod: String?
    /// The request target: the URL with any indented continuation lines joined.
    public var url: String
    /// The indented continuation lines after the request line, trimmed (`/api`, `?id=1`, `&x=2`).
    public var urlContinuations: [String]
    /// The HTTP version after the URL (`HTTP/1.1`), if given.
    public var httpVersion: String?
    /// Header fields and comments between them, in order.
    public var headerLines: [HeaderLine]
    /// Comment lines between the blank line and the body (Visual Studio's style).
    public var bodyComments: [String]
    /// The body as written, lines joined by `\n`, trailing blank lines removed; `nil` when absent.
    ///
    /// Lines of the form `< ./path` include a file's bytes when the request is resolved.
    public var body: String?
    /// Response handlers and output redirects (`> {% ... %}`, `> file.js`, `>> file`), verbatim, never run.
    public var responseHandlers: [String]
    /// Where the request's parts were in its file; `nil` for a request built in code.
    public var sourceMap: RequestSourceMap?

    // MARK: - Creating

    /// Creates a request from its parts.
    public init(
        title: String? = nil, method: String? = nil, url: String, httpVersion: String? = nil,
        headers: [(String, String)] = [], body: String? = nil
    ) {
        self.title = title
        self.preamble = []
        self.explicitMethod = method
        self.url = url
        self.urlContinuations = []
        self.httpVersion = httpVersion
        self.headerLines = headers.map { .field(name: $0.0, value: $0.1) }
        self.bodyComments = []
        self.body = body
        self.responseHandlers = []
        self.sourceMap = nil
    }

    // MARK: - Derived

    /// The method to send: the explicit one, else `GET`.
    public var method: String { explicitMethod ?? "GET" }

    /// The full target: ``url`` followed by its continuation lines.
    public var fullURL: String { url + urlContinuations.joined() }

    /// The header fields in order, without comments.
    public var headers: [(name: String, value: String)] {
        headerLines.compactMap {
            if case .field(let name, let value) = $0 { return (name, value) }
            return nil
        }
    }

    /// The value of the first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The `@name` of the request: the `# @name` directive, else the `###` title.
    public var name: String? {
        get {
            for item in preamble {
                if case .directive("name", let value) = item.kind, !value.isEmpty { return value }
            }
            if let title, !title.isEmpty { return title }
            return nil
        }
        set {
            preamble.removeAll {
                if case .directive("name", _) = $0.kind { return true }
                return false
            }
            if let newValue, !newValue.isEmpty { preamble.insert(.directive("name", newValue), at: 0) }
        }
    }

    /// The in-file variables declared in this request's preamble, in order.
    public var variables: [(name: String, value: String)] {
        preamble.compactMap {
            if case .variable(let name, let value) = $0.kind { return (name, value) }
            return nil
        }
    }

    /// The directives (`# @timeout 10 s`, `# @no-redirect`, …) of this request.
    public var directives: RequestDirectives { RequestDirectives(preamble) }

    // MARK: - Editing

    /// Sets the first header named `name` (case-insensitive) to `value`, or appends it.
    public mutating func setHeader(_ name: String, _ value: String) {
        let lowered = name.lowercased()
        for (index, line) in headerLines.enumerated() {
            if case .field(let existing, _) = line, existing.lowercased() == lowered {
                headerLines[index] = .field(name: existing, value: value)
                return
            }
        }
        headerLines.append(.field(name: name, value: value))
    }

    /// Removes every header named `name` (case-insensitive).
    public mutating func removeHeader(_ name: String) {
        let lowered = name.lowercased()
        headerLines.removeAll {
            if case .field(let existing, _) = $0 { return existing.lowercased() == lowered }
            return false
        }
    }
}
