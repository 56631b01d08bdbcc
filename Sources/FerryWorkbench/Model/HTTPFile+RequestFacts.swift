// MARK: - What each request of a file sees of the whole file, for all of them at once

extension HTTPFile {
    /// What one request sees of its file: where it is written, the errors inside its section and the in-file
    /// variables visible to it.
    public struct RequestFacts: Sendable, Hashable {
        /// The line of its section's start (as ``HTTPFile/line(ofRequestAt:)``).
        public var line: Int
        /// The errors reported inside its section (as `Workspace.problems(of:)`).
        public var problems: [Diagnostic]
        /// The in-file variables it sees (as ``HTTPFile/fileVariables(forRequestAt:)``).
        public var fileVariables: [String: String]
    }

    /// Every request's facts, by position, in one pass over the file: asking ``line(ofRequestAt:)``,
    /// ``fileVariables(forRequestAt:)`` and `Workspace.problems(of:)` request by request walks the whole file
    /// each time, which a run of a long file would do once per request.
    public func requestFacts() -> [RequestFacts] {
        var facts: [RequestFacts] = []
        forEachRequestFacts(where: { _ in true }) { facts.append($1) }
        return facts
    }

    /// The facts of the requests at `positions`, by position, in the same one pass: a run that the filter keeps to a
    /// few requests of a long file makes no facts for the others.
    public func requestFacts(at positions: Set<Int>) -> [Int: RequestFacts] {
        var facts: [Int: RequestFacts] = [:]
        forEachRequestFacts(where: positions.contains) { facts[$0] = $1 }
        return facts
    }

    /// Hands the facts of each request whose position `wanted` keeps to `each`, in position order.
    private func forEachRequestFacts(where wanted: (Int) -> Bool, _ each: (Int, RequestFacts) -> Void) {
        var declarations: [(section: Int, name: String, value: String)] = []
        for (index, section) in sections.enumerated() {
            for item in section.looseItems + (section.request?.preamble ?? []) {
                if case .variable(let name, let value) = item.kind { declarations.append((index, name, value)) }
            }
        }
        // A name declared at or above a request takes its last such value; a name declared only below it takes
        // its first: start from every name's first value and apply the declarations in order while walking.
        var visible: [String: String] = [:]
        for declaration in declarations where visible[declaration.name] == nil {
            visible[declaration.name] = declaration.value
        }
        let errors = diagnostics.enumerated().filter { $0.element.severity == .error }
            .sorted { ($0.element.location.line, $0.offset) < ($1.element.location.line, $1.offset) }.map(\.element)
        var applied = 0
        var position = 0
        for (index, section) in sections.enumerated() where section.request != nil {
            defer { position += 1 }
            guard wanted(position) else { continue }
            while applied < declarations.count, declarations[applied].section <= index {
                visible[declarations[applied].name] = declarations[applied].value
                applied += 1
            }
            let start = section.firstLine
            let end = sections[(index + 1)...].lazy.map(\.firstLine).first { $0 > start } ?? Int.max
            each(
                position,
                RequestFacts(line: start, problems: Self.errors(errors, from: start, to: end), fileVariables: visible))
        }
    }

    /// The diagnostics of `errors` (sorted by line) on lines `start..<end`.
    private static func errors(_ errors: [Diagnostic], from start: Int, to end: Int) -> [Diagnostic] {
        guard !errors.isEmpty else { return [] }
        var low = 0
        var high = errors.count
        while low < high {
            let middle = (low + high) / 2
            if errors[middle].location.line < start { low = middle + 1 } else { high = middle }
        }
        return Array(errors[low...].prefix { $0.location.line < end })
    }
}
