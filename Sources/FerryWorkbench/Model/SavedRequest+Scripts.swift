/// The structured view of the scripts and outputs a request's text holds (``SavedRequest/preamble`` and
/// ``SavedRequest/responseHandlers`` stay the verbatim source, so a file is written back unchanged).
extension SavedRequest {
    /// The pre-request scripts (`< {% … %}`, `< ./pre.js`), in file order.
    public var preRequestScripts: [RequestScript] {
        let lines = sourceMap.flatMap { $0.preambleLines.count == preamble.count ? $0.preambleLines : nil }
        return preamble.enumerated().flatMap { index, item -> [RequestScript] in
            guard case .script = item.kind else { return [] }
            let reader = ScriptReader(file: sourceMap?.file, firstLine: lines?[index])
            return reader.scripts(in: item.text.split(separator: "\n", omittingEmptySubsequences: false), .preRequest)
        }
    }

    /// The response handlers (`> {% … %}`, `> ./handler.js`), in file order.
    public var responseHandlerScripts: [RequestScript] {
        handlerReader.scripts(in: responseHandlers[...].map { Substring($0) }, .responseHandler)
    }

    /// Where the response body is saved (`>> ./out.json`, `>>! ./out.json`), in file order.
    public var responseOutputs: [ResponseOutput] {
        handlerReader.outputs(in: responseHandlers)
    }

    private var handlerReader: ScriptReader {
        ScriptReader(file: sourceMap?.file, firstLine: sourceMap?.handlerLine)
    }
}

/// Reads scripts and redirects out of the lines after a request or a `<` preamble item.
struct ScriptReader {
    let file: String?
    /// The file line of the first line given; `nil` when unknown.
    let firstLine: Int?

    func location(_ offset: Int, column: Int = 1) -> SourceLocation? {
        guard let file, let firstLine else { return nil }
        return SourceLocation(file: file, line: firstLine + offset, column: column)
    }

    /// The scripts among `lines`: `{% … %}` blocks (over several lines, or one) and `.js` file names after
    /// the `<` or `>` marker. Lines of other kinds (`>>`, comments, blank) are skipped.
    func scripts(in lines: [Substring], _ kind: RequestScript.Kind) -> [RequestScript] {
        let marker: Character = kind == .preRequest ? "<" : ">"
        var scripts: [RequestScript] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            defer { index += 1 }
            guard line.first == marker, !line.hasPrefix(">>"), !line.hasPrefix("<>") else { continue }
            let rest = line.dropFirst().drop { isSpace($0) }
            guard rest.hasPrefix("{%") else {
                let path = rest.trimmedSpaces
                if !path.isEmpty { scripts.append(RequestScript(kind, source: .file(path), location: location(index))) }
                continue
            }
            let codeStart = rest.index(rest.startIndex, offsetBy: 2)
            let column = line.distance(from: line.startIndex, to: codeStart) + 1
            let startIndex = index
            var code = rest[codeStart...]
            var pieces: [Substring] = []
            while true {
                if let close = code.range(of: "%}") {
                    pieces.append(code[..<close.lowerBound])
                    break
                }
                pieces.append(code)
                guard index + 1 < lines.count else { break }
                index += 1
                code = lines[index]
            }
            scripts.append(
                RequestScript(
                    kind, source: .inline(pieces.joined(separator: "\n")),
                    location: location(startIndex, column: column)))
        }
        return scripts
    }

    /// The `>>` and `>>!` redirects among `lines` (outside `{% … %}` blocks) that name a path.
    func outputs(in lines: [String]) -> [ResponseOutput] {
        var outputs: [ResponseOutput] = []
        var inScript = false
        for (index, line) in lines.enumerated() {
            if inScript {
                inScript = !line.contains("%}")
                continue
            }
            if line.hasPrefix(">"), !line.hasPrefix(">>"), let open = line.range(of: "{%") {
                inScript = !line[open.upperBound...].contains("%}")
                continue
            }
            // A redirect without a path is a diagnostic of the parser, not an output.
            guard let redirect = Self.redirect(line), !redirect.path.isEmpty else { continue }
            outputs.append(
                ResponseOutput(path: redirect.path, overwrite: redirect.overwrite, location: location(index)))
        }
        return outputs
    }

    /// The path and whether it overwrites, for a `>>` or `>>!` line; the path is empty when none is given.
    static func redirect(_ line: String) -> (path: String, overwrite: Bool)? {
        guard line.hasPrefix(">>") else { return nil }
        let overwrite = line.dropFirst(2).first == "!"
        return (line.dropFirst(overwrite ? 3 : 2).trimmedSpaces, overwrite)
    }
}
