import FerryWorkbench

// MARK: - A curl command pasted over a request

extension CurlCommandImporter {
    /// Whether `text` is a curl command (a paste into the URL field that should become the request).
    public static func recognizes(pasted text: String) -> Bool {
        recognizes(Array(text.utf8), fileName: "pasted")
    }

    /// `request` as the first curl command of `text` sends it: its method, URL, headers and body
    /// replace the request's; the request's name, comments, variables and scripts stay, and the
    /// command's directives (`# @no-redirect` without `-L`, timeouts…) replace the request's own of the
    /// same names. The warnings say what of the command was not carried over.
    ///
    /// ```swift
    /// let (request, _) = try CurlCommandImporter.request(pasting: "curl -X PUT https://x.test/a", over: saved)
    /// request.method   // "PUT"
    /// ```
    public static func request(
        pasting text: String, over request: SavedRequest
    ) throws(Diagnostic) -> (request: SavedRequest, warnings: [Diagnostic]) {
        let collection = try read(Array(text.utf8), fileName: "pasted")
        guard let pasted = collection.files.first?.requests.first else {
            throw Diagnostic("no curl command found", at: SourceLocation(file: "pasted", line: 1))
        }
        var result = request
        result.explicitMethod = pasted.explicitMethod
        result.url = pasted.url
        result.urlContinuations = []
        result.httpVersion = pasted.httpVersion
        result.headerLines = pasted.headerLines
        result.bodyComments = pasted.bodyComments
        result.body = pasted.body
        result.preamble.removeAll { $0.directiveName.map(curlDirectives.contains) ?? false }
        result.preamble += pasted.preamble.filter { $0.directiveName != nil }
        let warnings = collection.diagnostics.filter { $0.severity != .error }
        return (result, warnings)
    }

    /// The directives a curl command decides (`CurlInvocation.addDirectives` writes them).
    private static let curlDirectives: Set<String> = [
        "no-redirect", "insecure", "timeout", "connection-timeout", "retries",
    ]
}

extension PreambleItem {
    /// The directive's name when this is a `# @name value` line.
    fileprivate var directiveName: String? {
        if case .directive(let name, _) = kind { return name }
        return nil
    }
}
