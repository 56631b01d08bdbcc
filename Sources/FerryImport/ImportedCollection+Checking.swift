import FerryWorkbench

// MARK: - Checking that the .http text says what was imported

extension ImportedCollection {
    /// The collection with what writing it as `.http` text changes or leaves out (``File/safeForWriting()``):
    /// a header or script left out, a body written to a file of its own, a request not written, each located at
    /// its file, so nothing from the other tool's file is changed silently or read back as syntax.
    public func checkedByReparsing() -> ImportedCollection {
        var result = self
        for file in files {
            let safe = file.safeForWriting()
            result.diagnostics += safe.diagnostics
            for index in safe.bodies.keys.sorted() {
                let name = safe.requests[index].title ?? "#\(index + 1)"
                result.diagnostics.append(
                    Diagnostic(
                        "request '\(name)': its body holds lines .http text reads as syntax (a separator, an output, "
                            + "an include or a handler), so it is written to \(file.bodiesFolder)/"
                            + "\(ImportedCollection.File.bodyFileName(index: index, of: safe.requests[index])) "
                            + "and included", at: SourceLocation(file: file.path, line: 1), severity: .warning))
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
