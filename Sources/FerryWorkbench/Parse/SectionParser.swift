import Foundation

/// Whether a character separates words on a line: space, tab, a stray carriage return (mixed line
/// endings leave `\r` inside lines) or a stray byte-order mark.
func isSpace(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\r" || character == "\u{FEFF}"
}

/// Whether a character is a letter or digit, checked on ASCII first (the common case) because
/// Unicode property lookups dominate the parser's profile otherwise.
func isWordCharacter(_ character: Character) -> Bool {
    if let ascii = character.asciiValue {
        return (0x30...0x39).contains(ascii) || (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
    }
    return character.isLetter || character.isNumber
}

/// Parses one `###` section into its request (if any) and loose preamble items.
struct SectionParser {
    /// The file path for diagnostics.
    let path: String
    /// Problems found so far in the file.
    var diagnostics: [Diagnostic] = []
    /// The `run` and `import` lines read so far, in file order.
    var statements: [CompositionStatement] = []
    /// How many requests were read so far.
    var requestCount = 0

    init(path: String) { self.path = path }

    // MARK: - Sections

    mutating func parseSection(_ lines: ArraySlice<SourceLine>, source: [UInt8]) -> HTTPFileSection {
        var index = lines.startIndex
        var title: String?
        var hasSeparator = false
        if let first = lines.first, first.text.startsWithASCII("###") {
            hasSeparator = true
            let rest = first.text.dropFirst(3).trimmedSpaces
            title = rest.isEmpty ? nil : rest
            index += 1
        }
        var preambleLines: [Int] = []
        let preamble = parsePreamble(lines, from: &index, lines: &preambleLines)
        var section = HTTPFileSection(
            source: source, firstLine: lines.first?.number ?? 1, hasSeparator: hasSeparator, request: nil,
            looseItems: [], isEdited: false)
        guard index < lines.endIndex else {
            section.looseItems = preamble
            return section
        }
        var request = parseRequest(lines, from: &index)
        request.title = title
        request.preamble = preamble
        request.sourceMap?.preambleLines = preambleLines
        section.request = request
        requestCount += 1
        return section
    }

    // MARK: - Preamble

    /// Reads the items above the request line; `numbers` gets the first line of each.
    mutating func parsePreamble(
        _ lines: ArraySlice<SourceLine>, from index: inout Int, lines numbers: inout [Int]
    ) -> [PreambleItem] {
        var items: [PreambleItem] = []
        while index < lines.endIndex {
            let line = lines[index]
            numbers.append(line.number)
            // Past its leading spaces, a line of spaces is empty.
            let trimmed = line.afterLeadingSpaces
            if trimmed.isEmpty {
                items.append(PreambleItem(.blank, text: line.text))
            } else if HTTPFileParser.isComment(trimmed) {
                items.append(commentOrDirective(line, trimmed: trimmed))
            } else if trimmed.startsWithASCII("@") {
                items.append(variable(line, trimmed: trimmed))
            } else if trimmed.startsWithASCII("<") {
                items.append(PreambleItem(.script, text: readScript(lines, from: &index)))
                continue
            } else if trimmed.startsWithASCII(">"), !trimmed.startsWithASCII(">>") {
                report(
                    "a response handler before the request line handles nothing: move it after the request (it is "
                        + "not run)", line: line.number, column: line.text.count - trimmed.count + 1, severity: .warning
                )
                items.append(PreambleItem(.misplacedHandler, text: readScript(lines, from: &index)))
                continue
            } else if isStatement(trimmed) {
                readStatement(line)
                items.append(PreambleItem(.statement, text: line.text))
            } else {
                numbers.removeLast()
                break
            }
            index += 1
        }
        return items
    }

    /// Whether a trimmed line is a `run` or `import` statement.
    func isStatement(_ trimmed: Substring) -> Bool {
        for keyword: StaticString in ["run", "import"] where trimmed.startsWithASCII(keyword) {
            // A bare `run` or `import` is a statement missing its argument, not a URL.
            let after = trimmed.dropFirst(keyword.utf8CodeUnitCount)
            if after.first.map({ isSpace($0) }) ?? true { return true }
        }
        return false
    }

    /// Records the `run` or `import` statement on `line`, or reports what is wrong with it.
    mutating func readStatement(_ line: SourceLine) {
        switch CompositionStatementReader.action(of: line.text) {
        case .success(let action):
            statements.append(
                CompositionStatement(
                    action, at: SourceLocation(file: path, line: line.number), requestsBefore: requestCount))
        case .failure(let problem):
            report(problem.message, line: line.number, column: problem.column)
        }
    }

    mutating func commentOrDirective(_ line: SourceLine, trimmed: Substring) -> PreambleItem {
        let body = trimmed.startsWithASCII("#") ? trimmed.dropFirst() : trimmed.dropFirst(2)
        let afterMarker = body.drop { isSpace($0) }
        guard afterMarker.startsWithASCII("@") else { return PreambleItem(.comment, text: line.text) }
        let nameAndValue = afterMarker.dropFirst()
        let name = nameAndValue.prefix { isWordCharacter($0) || $0 == "-" || $0 == "_" || $0 == "." }
        guard !name.isEmpty else { return PreambleItem(.comment, text: line.text) }
        var value = nameAndValue.dropFirst(name.count).drop { isSpace($0) }
        if value.hasPrefix("=") { value = value.dropFirst() }
        let trimmedValue = value.trimmedSpaces
        let directiveName = String(name)
        if directiveName == "timeout" || directiveName == "connection-timeout",
            RequestDirectives.seconds(trimmedValue) == nil
        {
            let column = line.text.distance(from: line.text.startIndex, to: value.startIndex) + 1
            report(
                "expected a duration such as `10 s` or `500 ms` after @\(directiveName), found '\(trimmedValue)'",
                line: line.number, column: column)
        }
        if directiveName == "retries", RequestDirectives.count(trimmedValue) == nil {
            let column = line.text.distance(from: line.text.startIndex, to: value.startIndex) + 1
            report(
                "expected a number of retries from 0 to \(RequestDirectives.maximumRetries) after @retries, "
                    + "found '\(trimmedValue)'", line: line.number, column: column)
        }
        if directiveName == "reconnect", !trimmedValue.isEmpty, RequestDirectives.count(trimmedValue) == nil {
            let column = line.text.distance(from: line.text.startIndex, to: value.startIndex) + 1
            report(
                "expected nothing or a number of reconnections from 0 to \(RequestDirectives.maximumRetries) "
                    + "after @reconnect, found '\(trimmedValue)'", line: line.number, column: column)
        }
        return PreambleItem(.directive(name: directiveName, value: trimmedValue), text: line.text)
    }

    mutating func variable(_ line: SourceLine, trimmed: Substring) -> PreambleItem {
        let afterAt = trimmed.dropFirst()
        let name = afterAt.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
        let rest = afterAt.dropFirst(name.count).drop { isSpace($0) }
        let column = line.text.distance(from: line.text.startIndex, to: rest.startIndex) + 1
        guard !name.isEmpty else {
            report("expected a variable name after `@`", line: line.number, column: column)
            return PreambleItem(.comment, text: line.text)
        }
        guard rest.hasPrefix("=") else {
            report("expected `=` after the variable name '\(name)'", line: line.number, column: column)
            return PreambleItem(.comment, text: line.text)
        }
        let value = rest.dropFirst().trimmedSpaces
        return PreambleItem(.variable(name: String(name), value: value), text: line.text)
    }

    /// Reads `< {% ... %}` (possibly over several lines) or `< file.js`; returns its text.
    mutating func readScript(_ lines: ArraySlice<SourceLine>, from index: inout Int) -> String {
        let first = lines[index]
        guard let open = first.text.range(of: "{%") else {
            index += 1
            if first.text.drop(while: { isSpace($0) }).dropFirst().allSatisfy({ isSpace($0) }) {
                report(
                    "expected a script `{% … %}` or a file such as `./pre.js` after `<`", line: first.number,
                    column: first.text.count + 1)
            }
            return first.text
        }
        var texts = [first.text]
        if first.text[open.upperBound...].contains("%}") {
            index += 1
            return first.text
        }
        index += 1
        while index < lines.endIndex {
            texts.append(lines[index].text)
            index += 1
            if texts.last?.contains("%}") == true { return texts.joined(separator: "\n") }
        }
        let column = first.text.distance(from: first.text.startIndex, to: open.lowerBound) + 1
        report("expected `%}` to close the script opened here", line: first.number, column: column)
        return texts.joined(separator: "\n")
    }

    // MARK: - Request

    mutating func parseRequest(_ lines: ArraySlice<SourceLine>, from index: inout Int) -> SavedRequest {
        let line = lines[index]
        var request = requestLine(line)
        var map = RequestSourceMap(file: path, requestLine: line.number)
        index += 1
        while index < lines.endIndex, lines[index].text.startsWithASCII(" ") || lines[index].text.startsWithASCII("\t")
        {
            let trimmed = lines[index].text.trimmedSpaces
            guard !trimmed.isEmpty, !HTTPFileParser.isComment(Substring(trimmed)) else { break }
            request.urlContinuations.append(trimmed)
            index += 1
        }
        checkVariables(in: line.text, line: line.number)
        parseHeaders(lines, from: &index, into: &request, map: &map)
        parseBody(lines, from: &index, into: &request, map: &map)
        parseHandlers(lines, from: &index, into: &request, map: &map)
        request.sourceMap = map
        lintBody(request, map: map)
        if request.isGraphQL { lintGraphQL(request, map: map) }
        return request
    }

    mutating func requestLine(_ line: SourceLine) -> SavedRequest {
        let text = line.text.trimmedSpaces
        var words = Self.words(of: text)
        var version: String?
        if words.count >= 2, let last = words.last, last.startsWithASCII("HTTP/") {
            version = String(last)
            words.removeLast()
        }
        var method: String?
        if words.count >= 2, words[0].utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            // Written in capitals, as a method usually is: no uppercasing copy.
            method = words[0].utf8.allSatisfy({ (0x41...0x5A).contains($0) }) ? String(words[0]) : words[0].uppercased()
            words.removeFirst()
        }
        if method == nil, words.count == 1, HTTPFileParser.knownMethods.contains(String(words[0])) {
            let column = line.text.count + 1
            report("expected a URL after \(words[0])", line: line.number, column: column)
            return SavedRequest(method: String(words[0]), url: "", httpVersion: version)
        }
        let url: String
        if let firstWord = words.first, let lastWord = words.last {
            url = String(text[firstWord.startIndex..<lastWord.endIndex])
        } else {
            url = ""
        }
        if let space = Self.firstSpaceOutsideVariables(in: url), let urlRange = line.text.range(of: url) {
            let column = line.text.distance(from: line.text.startIndex, to: urlRange.lowerBound) + space + 1
            report(
                "expected `METHOD URL [HTTP/version]`: the URL contains a space (encode it as %20)",
                line: line.number, column: column, severity: .warning)
        }
        return SavedRequest(method: method, url: url, httpVersion: version)
    }

    /// `text` split at spaces (``isSpace(_:)``), empty words left out. An ASCII line (a line holds no line
    /// break, so each of its characters is one byte) is split on its bytes: comparing `Character`s costs
    /// thousands of instructions a line, on every request line of a workspace at each load.
    static func words(of text: String) -> [Substring] {
        // Word ranges found on the contiguous bytes; `nil` for a line with other characters.
        let ranges = text.utf8.withContiguousStorageIfAvailable { bytes -> [Range<Int>]? in
            var ranges: [Range<Int>] = []
            var start: Int?
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                    if let first = start { ranges.append(first..<offset) }
                    start = nil
                } else if start == nil {
                    start = offset
                }
            }
            if let first = start { ranges.append(first..<bytes.count) }
            return ranges
        }
        guard let found = ranges ?? nil else { return text.split(whereSeparator: { isSpace($0) }) }
        // A native string's UTF-8 index moves by an offset in constant time.
        let utf8 = text.utf8
        return found.map { range in
            text[
                utf8.index(
                    utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                        utf8.startIndex, offsetBy: range.upperBound)]
        }
    }

    /// The character offset of the first space in `url` outside `{{...}}`, if any.
    static func firstSpaceOutsideVariables(in url: String) -> Int? {
        // An ASCII URL (the usual one), on its contiguous bytes: each character is one byte.
        // `nil`: not ASCII (or not contiguous); else the answer.
        let scanned: Int?? =
            url.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                var depth = 0
                var previous: UInt8 = 0
                for (offset, byte) in bytes.enumerated() {
                    if byte == UInt8(ascii: "{") && previous == UInt8(ascii: "{") { depth += 1 }
                    if byte == UInt8(ascii: "}") && previous == UInt8(ascii: "}") && depth > 0 { depth -= 1 }
                    if (byte == 0x20 || byte == 0x09) && depth == 0 { return .some(offset) }
                    previous = byte
                }
                return .some(nil)
            } ?? nil
        if let answer = scanned { return answer }
        var depth = 0
        var previous: Character = "\0"
        for (offset, character) in url.enumerated() {
            if character == "{" && previous == "{" { depth += 1 }
            if character == "}" && previous == "}" && depth > 0 { depth -= 1 }
            if (character == " " || character == "\t") && depth == 0 { return offset }
            previous = character
        }
        return nil
    }

    mutating func parseHeaders(
        _ lines: ArraySlice<SourceLine>, from index: inout Int, into request: inout SavedRequest,
        map: inout RequestSourceMap
    ) {
        while index < lines.endIndex {
            let line = lines[index]
            let trimmed = line.afterLeadingSpaces
            if trimmed.isEmpty {
                index += 1
                return
            }
            if HTTPFileParser.isHandlerStart(line.text) { return }
            index += 1
            if HTTPFileParser.isComment(trimmed) {
                request.headerLines.append(.comment(line.text))
                continue
            }
            guard let colon = line.firstIndex(ofASCII: UInt8(ascii: ":")) else {
                report(
                    "expected a header `Name: value` or a blank line before the body", line: line.number,
                    column: line.text.count - trimmed.count + 1)
                continue
            }
            let name = line.text[..<colon].trimmedSpaces
            let hasSpace =
                line.isASCII
                ? name.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } : name.contains { isSpace($0) }
            guard !name.isEmpty, !hasSpace else {
                report("expected a header name before `:`", line: line.number, column: 1)
                continue
            }
            let value = line.text[line.text.index(after: colon)...].trimmedSpaces
            checkVariables(in: line.text, line: line.number)
            request.headerLines.append(.field(name: name, value: value))
            map.headerLines.append(line.number)
        }
    }

    mutating func parseBody(
        _ lines: ArraySlice<SourceLine>, from index: inout Int, into request: inout SavedRequest,
        map: inout RequestSourceMap
    ) {
        var bodyLines: [String] = []
        while index < lines.endIndex {
            let line = lines[index]
            if HTTPFileParser.isHandlerStart(line.text) { break }
            if bodyLines.isEmpty {
                let trimmed = line.afterLeadingSpaces
                if trimmed.isEmpty {
                    index += 1
                    continue
                }
                if HTTPFileParser.isComment(trimmed) {
                    request.bodyComments.append(line.text)
                    index += 1
                    continue
                }
                map.bodyLine = line.number
            }
            bodyLines.append(line.text)
            index += 1
        }
        while let last = bodyLines.last, last.allSatisfy({ isSpace($0) }) { bodyLines.removeLast() }
        request.body = bodyLines.isEmpty ? nil : bodyLines.joined(separator: "\n")
    }

    mutating func parseHandlers(
        _ lines: ArraySlice<SourceLine>, from index: inout Int, into request: inout SavedRequest,
        map: inout RequestSourceMap
    ) {
        var handlers: [String] = []
        var openScript: (line: Int, column: Int)?
        if index < lines.endIndex { map.handlerLine = lines[index].number }
        while index < lines.endIndex {
            let text = lines[index].text
            if openScript == nil, text.hasPrefix(">"), text.containsBytes("{%"), let open = text.range(of: "{%"),
                !text[open.upperBound...].contains("%}")
            {
                openScript = (lines[index].number, text.distance(from: text.startIndex, to: open.lowerBound) + 1)
            } else if openScript != nil, text.containsBytes("%}") {
                openScript = nil
            } else if openScript == nil {
                checkHandler(text, line: lines[index].number)
            }
            handlers.append(text)
            index += 1
        }
        if let openScript {
            report("expected `%}` to close the script opened here", line: openScript.line, column: openScript.column)
        }
        while let last = handlers.last, last.allSatisfy({ isSpace($0) }) { handlers.removeLast() }
        request.responseHandlers = handlers
    }

    // MARK: - Checks

    /// Reports a `>` with no script or file after it, and a `>>` or `>>!` with no path.
    mutating func checkHandler(_ text: String, line: Int) {
        if let redirect = ScriptReader.redirect(text), redirect.path.isEmpty {
            let marker = redirect.overwrite ? ">>!" : ">>"
            report(
                "expected a file path after `\(marker)`, such as `\(marker) ./response.json`", line: line,
                column: text.count + 1)
        } else if text.hasPrefix(">"), !text.hasPrefix(">>"), text.dropFirst().allSatisfy({ isSpace($0) }) {
            report(
                "expected a script `{% … %}` or a file such as `./handler.js` after `>`", line: line,
                column: text.count + 1)
        }
    }

    /// Reports a `{{` without a matching `}}` on the same line.
    mutating func checkVariables(in text: String, line: Int) {
        var searchStart = 0
        while let open = text.firstByteOffset(of: "{{", from: searchStart) {
            guard let close = text.firstByteOffset(of: "}}", from: open + 2) else {
                let prefix = text.utf8.prefix(open)
                let column = String(decoding: prefix, as: UTF8.self).count + 1
                report("expected `}}` to close the variable", line: line, column: column)
                return
            }
            searchStart = close + 2
        }
    }

    /// Warns about a header written after the blank line, where it is read as the body.
    mutating func lintBody(_ request: SavedRequest, map: RequestSourceMap) {
        guard let body = request.body, let bodyLine = map.bodyLine, request.headers.isEmpty else { return }
        let looksLikeHeaders = body.split(separator: "\n").allSatisfy { line in
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else { return false }
            let name = line[..<colon]
            return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
                && line[line.index(after: colon)...].hasPrefix(" ")
        }
        if looksLikeHeaders {
            report(
                "this line is read as the body because a blank line comes before it; remove the blank line "
                    + "to make it a header",
                line: bodyLine, column: 1, severity: .warning)
        }
    }

    mutating func report(_ message: String, line: Int, column: Int, severity: Diagnostic.Severity = .error) {
        diagnostics.append(
            Diagnostic(message, at: SourceLocation(file: path, line: line, column: column), severity: severity))
    }
}
