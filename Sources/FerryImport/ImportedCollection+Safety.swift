import FerryWorkbench

// MARK: - Text from another tool is never read back as syntax

extension ImportedCollection.File {
    /// The file's requests as they are safe to write: what another tool's file holds (a name, a method, a URL,
    /// a header, a body, a script) is only ever data in the `.http` text, never a separator, an output, an
    /// include, a handler or another request. Titles, comments and directives are kept on one line; control
    /// characters in the URL are percent-encoded; a header the wire would refuse (a name that is not a token, a
    /// value with a control character other than tab) is left out with a warning; a body that would read back
    /// as anything else than itself goes to a file of its own, included with `< ./…` (`bodies`, by request
    /// index, with their file names); a script that would not read back is left out with a warning; and a
    /// request whose method or target still reads back otherwise is not written at all (an error).
    public func safeForWriting() -> SafeRequests {
        var result = SafeRequests()
        for (index, request) in requests.enumerated() {
            let name = request.title ?? "#\(index + 1)"
            let place = SourceLocation(file: path, line: 1)
            var safe = request
            safe.title = request.title.map(Self.oneLine)
            safe.url = Self.encodingControls(request.url)
            safe.urlContinuations = request.urlContinuations.map(Self.encodingControls)
            safe.bodyComments = request.bodyComments.map(Self.oneLine)
            safe.headerLines = request.headerLines.compactMap { line in
                switch line {
                case .comment(let text): return .comment(Self.oneLine(text))
                case .field(let field, let value):
                    guard Self.isToken(field), !value.unicodeScalars.contains(where: Self.isForbiddenInValue) else {
                        result.diagnostics.append(
                            Diagnostic(
                                "request '\(name)': the header \(Self.quoted(field)) was left out (a header name must "
                                    + "be a token and a value holds no control character but tab)", at: place,
                                severity: .warning))
                        return nil
                    }
                    return line
                }
            }
            safe.preamble = request.preamble.map { item in
                switch item.kind {
                case .script, .misplacedHandler: item
                case .directive(let directive, let value): .directive(Self.oneLine(directive), Self.oneLine(value))
                case .variable(let variable, let value): .variable(Self.oneLine(variable), Self.oneLine(value))
                case .blank, .comment, .statement: PreambleItem(item.kind, text: Self.oneLine(item.text))
                }
            }
            if let method = request.explicitMethod, !Self.isToken(method) {
                result.diagnostics.append(
                    Diagnostic(
                        "request '\(name)' was not imported: its method \(Self.quoted(method)) is not an HTTP token",
                        at: place))
                continue
            }
            // What still reads back otherwise: a body to a file (judged without the scripts, whose lines it could
            // otherwise seem to hold), scripts out, anything else not written.
            var withoutScripts = safe
            withoutScripts.preamble.removeAll { $0.kind == .script || $0.kind == .misplacedHandler }
            withoutScripts.responseHandlers = []
            if let body = safe.body, Self.reread(withoutScripts)?.body != body || Self.includesOutside(body) {
                result.bodies[result.requests.count] = body
                safe.body = "< ./bodies/\(result.requests.count + 1).txt"
            }
            var reread = Self.reread(safe)
            if reread?.preamble != safe.preamble || reread?.responseHandlers != safe.responseHandlers {
                safe.preamble.removeAll { $0.kind == .script || $0.kind == .misplacedHandler }
                safe.responseHandlers = []
                result.diagnostics.append(
                    Diagnostic(
                        "request '\(name)': its scripts would not read back as written and were left out", at: place,
                        severity: .warning))
                reread = Self.reread(safe)
            }
            guard let reread, ImportedCollection.difference(safe, reread) == nil, reread.title == safe.title,
                reread.preamble == safe.preamble
            else {
                result.bodies[result.requests.count] = nil
                result.diagnostics.append(
                    Diagnostic(
                        "request '\(name)' was not imported: its method, URL or headers would read back as something "
                            + "else in .http text", at: place))
                continue
            }
            result.requests.append(safe)
        }
        return result
    }

    /// What ``safeForWriting()`` made of the file's requests.
    public struct SafeRequests: Sendable, Hashable {
        /// The requests to write, in order.
        public var requests: [SavedRequest] = []
        /// The bodies that go to files of their own, by index in ``requests`` (each request's body is then an
        /// include of its file, `< ./…`).
        public var bodies: [Int: String] = [:]
        /// What was changed or left out, and why.
        public var diagnostics: [Diagnostic] = []
    }

    /// Whether a line of `body` includes a file that is not plainly beside the `.http` file (an absolute path,
    /// `~`, a `..` step or a variable): such text from another tool is data, not a file to send.
    static func includesOutside(_ body: String) -> Bool {
        body.split(separator: "\n", omittingEmptySubsequences: false).contains { line in
            guard let include = SavedRequest.include(in: line) else { return false }
            let path = include.path
            return path.hasPrefix("/") || path.hasPrefix("~") || path.contains("{{")
                || path.split(separator: "/").contains("..")
        }
    }

    /// The request as the parser reads back its `.http` text.
    static func reread(_ request: SavedRequest) -> SavedRequest? {
        HTTPFileParser.parse(text: request.rendered(separator: true), path: "import.http").requests.first
    }

    /// `text` on one line: line breaks and other control characters become spaces.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// `text` with control characters and spaces percent-encoded (a request line holds none).
    static func encodingControls(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F {
                result += "%" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` is an RFC 9110 token (a method or a header name).
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }

    /// Whether a header value may not hold `scalar` (RFC 9110: no control character but horizontal tab).
    static func isForbiddenInValue(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// `text` quoted for a message, on one line and cut at 40 characters.
    static func quoted(_ text: String) -> String {
        let line = oneLine(text)
        return "\"" + (line.count > 40 ? line.prefix(40) + "…" : line) + "\""
    }
}

extension String {
    /// The string with `0`s before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
