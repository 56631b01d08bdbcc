import FerryWorkbench

// MARK: - Checking that the .http text says what was imported

extension ImportedCollection {
    /// The collection with a warning for each request whose `.http` text does not read back as the
    /// same request (a body line the dialect reads as a separator, a handler, an include or a comment;
    /// a header the parser rejects), located at the request in the file to be written, so such a
    /// request is never changed silently. Parsing errors in the generated text are reported too.
    public func checkedByReparsing() -> ImportedCollection {
        var result = self
        for file in files {
            let parsed = HTTPFileParser.parse(text: file.text, path: file.path)
            for diagnostic in parsed.diagnostics where diagnostic.severity == .error {
                result.diagnostics.append(
                    Diagnostic(
                        "the written file will not read cleanly: \(diagnostic.message)", at: diagnostic.location,
                        severity: .warning))
            }
            let reread = parsed.requests
            for (index, request) in file.requests.enumerated() {
                let line = index < reread.count ? reread[index].sourceMap?.requestLine ?? 1 : 1
                guard index < reread.count else {
                    result.diagnostics.append(
                        Diagnostic(
                            "request '\(request.title ?? "#\(index + 1)")' is lost in the .http text",
                            at: SourceLocation(file: file.path, line: line), severity: .warning))
                    continue
                }
                if let part = Self.difference(request, reread[index]) {
                    result.diagnostics.append(
                        Diagnostic(
                            "the \(part) of request '\(request.title ?? "#\(index + 1)")' does not read back the "
                                + "same from .http text; check it", at: SourceLocation(file: file.path, line: line),
                            severity: .warning))
                }
            }
        }
        return result
    }

    /// The first part (`method`, `URL`, `headers`, `body`, `directives`) that differs, if any.
    static func difference(_ written: SavedRequest, _ read: SavedRequest) -> String? {
        if written.method != read.method { return "method" }
        if written.fullURL != read.fullURL { return "URL" }
        if written.headerLines != read.headerLines { return "headers" }
        if written.body != read.body { return "body" }
        if written.directives != read.directives { return "directives" }
        return nil
    }
}
