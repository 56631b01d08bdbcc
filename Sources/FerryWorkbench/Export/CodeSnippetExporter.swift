import Foundation

/// A saved request as code in another language or tool that sends what Ferry sends: variables substituted,
/// headers in order, the body's bytes, the directives as the language's options. Secrets are placeholders
/// (`<token>`, named after the variable; `<secret>` when a value has no name of its own) unless
/// ``revealsSecrets``.
///
/// ```swift
/// let snippet = try CodeSnippetExporter().snippet(for: request, context: context, in: .python)
/// print(snippet.text)
/// ```
public struct CodeSnippetExporter: Sendable {
    /// Write the secrets' values instead of placeholders (the code then works as is).
    public var revealsSecrets: Bool

    /// An exporter; see ``revealsSecrets``.
    public init(revealsSecrets: Bool = false) {
        self.revealsSecrets = revealsSecrets
    }

    /// `request` resolved with `context` as code in `language`. Throws ``VariableError`` as
    /// ``SavedRequest/prepared(with:)`` does, and ``ExportRefusal`` for what the language cannot say (a
    /// `WEBSOCKET` or `GRPC` request, a body that is not text).
    public func snippet(
        for request: SavedRequest, context: VariableContext, in language: CodeLanguage
    ) throws -> CodeSnippet {
        if request.isGRPC || request.method.uppercased() == "WEBSOCKET" {
            throw ExportRefusal(
                "a \(request.isGRPC ? "GRPC" : "WEBSOCKET") request has no \(language.title) code here: send it "
                    + "with `ferry send`")
        }
        let prepared = try request.prepared(with: context)
        let secrets = revealsSecrets ? SecretPlaceholders() : SecretPlaceholders(prepared, context: context)
        var body: String?
        if let bytes = prepared.body, !bytes.isEmpty {
            guard let text = String(data: bytes, encoding: .utf8) else {
                throw ExportRefusal("the body is not text (binary bytes): copy it as a curl command instead")
            }
            body = secrets.apply(to: text)
        }
        let call = CodeCall(
            method: prepared.method, url: secrets.apply(to: CurlCommandExporter.encoded(prepared.url)),
            headers: prepared.headers.map { ($0.name, secrets.value(of: $0)) }, body: body,
            timeout: prepared.timeout, followsRedirects: prepared.followsRedirects, verifiesTLS: prepared.verifiesTLS)
        var notes: [String] = []
        let written = ([call.url, call.body ?? ""] + call.headers.map(\.value)).joined(separator: "\n")
        let placeholders = secrets.placeholders.filter { written.contains($0) }
        if !placeholders.isEmpty { notes.append("secrets are placeholders: \(placeholders.joined(separator: ", "))") }
        if language == .python, Set(call.headers.map { $0.name.lowercased() }).count < call.headers.count {
            notes.append("requests takes one value a header: repeated headers are joined with \", \"")
        }
        return CodeSnippet(text: language.render(call), notes: notes)
    }
}

/// A language or tool a request can be copied as.
public enum CodeLanguage: String, CaseIterable, Sendable {
    /// Swift with FerryHTTP (this package's client).
    case swift
    /// Swift with Foundation's `URLSession`.
    case swiftURLSession = "swift-urlsession"
    /// Python with `requests`.
    case python
    /// JavaScript's `fetch` (browsers, Node 18 and later, Deno, Bun).
    case javascript
    /// HTTPie's `http` command.
    case httpie
    /// Go's `net/http`.
    case go

    /// The name people know it by.
    public var title: String {
        switch self {
        case .swift: "Swift (FerryHTTP)"
        case .swiftURLSession: "Swift (URLSession)"
        case .python: "Python (requests)"
        case .javascript: "JavaScript (fetch)"
        case .httpie: "HTTPie"
        case .go: "Go (net/http)"
        }
    }
}

/// Code that sends a request, with what to mind about it.
public struct CodeSnippet: Sendable, Equatable {
    /// The code, ending with a line break.
    public var text: String
    /// What to mind: the placeholders to fill in, what the language cannot say exactly.
    public var notes: [String]
}

/// What every language's code says: the request as sent, secrets already placeholders.
struct CodeCall {
    /// The method.
    var method: String
    /// The URL, encoded so every language takes it.
    var url: String
    /// The header fields in order.
    var headers: [(name: String, value: String)]
    /// The body as text, or `nil` for none.
    var body: String?
    /// `# @timeout`, in seconds.
    var timeout: Double?
    /// `false` with `# @no-redirect`.
    var followsRedirects: Bool
    /// `false` with `# @insecure`.
    var verifiesTLS: Bool
}

/// The secrets of a prepared request and the placeholders written for them.
struct SecretPlaceholders {
    /// Each secret value with its placeholder, longest value first (so a value inside another is not
    /// replaced first).
    private var replacements: [(value: String, placeholder: String)] = []
    /// Whether header values built from secrets (a Basic token) are written masked.
    private var masksHeaders = false

    /// No placeholders: every value written as it is.
    init() {}

    /// Placeholders for the secrets that went into `prepared`: `<name>` for an environment's secret or a
    /// secret `--var`, `<secret>` for any other (a token a script or a sign-in gave).
    init(_ prepared: PreparedRequest, context: VariableContext) {
        var named: [String: String] = [:]
        for variable in context.environment where variable.isSecret && !variable.isNull && !variable.value.isEmpty {
            named[variable.value] = variable.name
        }
        for name in context.secretOverrideNames {
            if let value = context.overrides[name], !value.isEmpty { named[value] = name }
        }
        var seen = Set<String>()
        for value in prepared.secrets where !value.isEmpty && seen.insert(value).inserted {
            replacements.append((value, "<\(named[value] ?? "secret")>"))
        }
        replacements.sort { $0.value.count > $1.value.count }
        masksHeaders = true
    }

    /// Every placeholder that may be written, sorted.
    var placeholders: [String] { Array(Set(replacements.map(\.placeholder) + ["<secret>"])).sorted() }

    /// The value to write for `header`: its secrets replaced, or, when it was built from one without holding
    /// it (a Basic token), its masked form with `<secret>` for the mask.
    func value(of header: PreparedRequest.Header) -> String {
        let value = apply(to: header.value)
        guard masksHeaders, value == header.value, header.value != header.maskedValue else { return value }
        return header.maskedValue.replacingOccurrences(of: "••••••", with: "<secret>")
    }

    /// `text` with every secret value replaced by its placeholder.
    func apply(to text: String) -> String {
        replacements.reduce(text) { $0.replacingOccurrences(of: $1.value, with: $1.placeholder) }
    }
}
