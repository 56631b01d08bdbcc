// MARK: - Writing a request back as text

extension SavedRequest {
    /// The request as `.http` text, lines joined by `lineEnding`, ending with a line ending and a
    /// blank line; with `separator`, the `###` line (and title) comes first.
    public func rendered(separator: Bool, lineEnding: String = "\n") -> String {
        var lines: [String] = []
        if separator { lines.append(title.map { "### \($0)" } ?? "###") }
        lines += preamble.map(\.text)
        var requestLine = explicitMethod.map { "\($0) \(url)" } ?? url
        if let httpVersion { requestLine += " \(httpVersion)" }
        lines.append(requestLine)
        lines += urlContinuations.map { "    " + $0 }
        for line in headerLines {
            switch line {
            case .field(let name, let value): lines.append("\(name): \(value)")
            case .comment(let text): lines.append(text)
            }
        }
        if body != nil || !bodyComments.isEmpty {
            lines.append("")
            lines += bodyComments
            if let body { lines.append(body) }
        }
        if !responseHandlers.isEmpty {
            lines.append("")
            lines += responseHandlers
        }
        lines.append("")
        return lines.joined(separator: "\n").replacingNewlines(with: lineEnding) + lineEnding
    }
}

extension String {
    /// The text with every `\n` (or `\r\n`) replaced by `lineEnding`.
    func replacingNewlines(with lineEnding: String) -> String {
        guard lineEnding != "\n" || contains("\r") else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for line in split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { result += lineEnding }
            result += line.element.hasSuffix("\r") ? line.element.dropLast() : line.element
        }
        return result
    }
}
