/// A line of a key-map file that could not be used.
public struct KeyMapProblem: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column (in Unicode scalars) the problem starts at, when it is known.
    public var column: Int?
    /// What is wrong.
    public var reason: String

    /// Creates a problem report.
    public init(line: Int, column: Int? = nil, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line N: reason`, or `line N, column C: reason`.
    public var description: String {
        column.map { "line \(line), column \($0): \(reason)" } ?? "line \(line): \(reason)"
    }
}

extension KeyMap {
    // MARK: - User key-map file

    /// Applies a user key-map file and returns the lines it could not use (the rest still apply).
    ///
    /// ```
    /// # comments and blank lines are ignored
    /// ctrl+s = request.send        # global
    /// [list]                        # following lines apply in the `list` context
    /// j = list.next
    /// k = list.previous
    /// down = none                   # unbind
    /// ```
    ///
    /// Only actions the map already knows may be bound (so a typo is reported, not silently dead); the
    /// help text comes from the action's existing binding.
    @discardableResult
    public mutating func apply(userFile text: String, reserving reserved: Set<KeyEvent> = []) -> [KeyMapProblem] {
        apply(userFile: Array(text.utf8), reserving: reserved)
    }

    /// Applies the bytes of a user key-map file: a line that is not UTF-8 is reported at the column of its
    /// first bad byte and skipped, and every other line still applies. A line that binds or unbinds one of the
    /// `reserved` keys (in any context) is reported and skipped: what must always work stays reachable.
    @discardableResult
    public mutating func apply(userFile bytes: [UInt8], reserving reserved: Set<KeyEvent> = []) -> [KeyMapProblem] {
        var problems: [KeyMapProblem] = []
        var context = Self.global
        let knownActions = Dictionary(bindings.map { ($0.action, $0.help) }, uniquingKeysWith: { first, _ in first })
        for (offset, rawBytes) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            guard let rawLine = String(validating: rawBytes, as: UTF8.self) else {
                problems.append(
                    KeyMapProblem(
                        line: number, column: Self.firstInvalidColumn(rawBytes),
                        reason: "not UTF-8 text; the line is skipped"))
                continue
            }
            var line = rawLine.trimmingSpaces()
            // "#" starts a comment, at the start of a line or after a space; `# = action` binds the "#" key.
            if line.hasPrefix("#") && !line.dropFirst().trimmingSpaces().hasPrefix("=") { continue }
            if let comment = line.range(of: " #") { line = String(line[..<comment.lowerBound]) }
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("[") {
                guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
                    problems.append(KeyMapProblem(line: number, reason: "a context is written [name]"))
                    continue
                }
                context = String(trimmed.dropFirst().dropLast()).trimmingSpaces()
                continue
            }
            guard let equals = trimmed.lastIndex(of: "="), equals != trimmed.startIndex else {
                problems.append(KeyMapProblem(line: number, reason: "expected KEY = ACTION"))
                continue
            }
            let keyText = String(trimmed[..<equals]).trimmingSpaces()
            let action = String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces()
            guard let key = KeyEvent(notation: keyText) else {
                problems.append(
                    KeyMapProblem(
                        line: number, column: Self.column(of: keyText, in: rawLine),
                        reason: "unknown key \"\(Self.excerpt(keyText))\""))
                continue
            }
            if reserved.contains(key) {
                problems.append(
                    KeyMapProblem(
                        line: number, column: Self.column(of: keyText, in: rawLine),
                        reason: "\(Self.excerpt(keyText)) cannot be changed by a key-map file (it must always work); "
                            + "the line is skipped"))
                continue
            }
            if action == "none" {
                unbind(key, context: context)
                continue
            }
            guard let help = knownActions[action] else {
                problems.append(
                    KeyMapProblem(
                        line: number,
                        column: Self.column(of: action, in: rawLine, after: equals.utf16Offset(in: trimmed)),
                        reason: "unknown action \"\(Self.excerpt(action))\""))
                continue
            }
            bind(KeyBinding(key, action: action, help: help, context: context))
        }
        return problems
    }

    /// The 1-based column (in scalars) where `part` starts in `line`, searching from the `after`-th UTF-16
    /// offset of the line's trimmed text (the leading blanks are counted back in).
    static func column(of part: String, in line: String, after: Int = 0) -> Int? {
        let leading = line.prefix { $0 == " " || $0 == "\t" }.unicodeScalars.count
        let trimmed = line.dropFirst(line.prefix { $0 == " " || $0 == "\t" }.count)
        let start = trimmed.utf16.index(trimmed.startIndex, offsetBy: min(after, trimmed.utf16.count))
        guard let range = trimmed[start...].range(of: part) else { return nil }
        return leading + trimmed[..<range.lowerBound].unicodeScalars.count + 1
    }

    /// At most the first 40 characters of `text`, for quoting it in a problem.
    static func excerpt(_ text: String) -> String {
        text.count > 40 ? text.prefix(40) + "…" : text
    }

    /// The 1-based column (in scalars) of the first byte of `bytes` that is not valid UTF-8.
    static func firstInvalidColumn(_ bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var column = 1
        while case .scalarValue = decoder.decode(&iterator) { column += 1 }
        return column
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return String(slice)
    }
}
