/// A line of a key-map file that could not be used.
public struct KeyMapProblem: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// Creates a problem report.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`.
    public var description: String { "line \(line): \(reason)" }
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
    public mutating func apply(userFile text: String) -> [KeyMapProblem] {
        var problems: [KeyMapProblem] = []
        var context = Self.global
        let knownActions = Dictionary(bindings.map { ($0.action, $0.help) }, uniquingKeysWith: { first, _ in first })
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
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
                problems.append(KeyMapProblem(line: number, reason: "unknown key \"\(keyText)\""))
                continue
            }
            if action == "none" {
                unbind(key, context: context)
                continue
            }
            guard let help = knownActions[action] else {
                problems.append(KeyMapProblem(line: number, reason: "unknown action \"\(action)\""))
                continue
            }
            bind(KeyBinding(key, action: action, help: help, context: context))
        }
        return problems
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
