/// A parsed `.http` or `.rest` file: its sections in order, a BOM flag, its line ending and the
/// problems found while reading it.
///
/// Writing an unedited file gives back its exact bytes; editing one request rewrites only that
/// request's section.
///
/// ```swift
/// var file = HTTPFile.parse(bytes, path: "api/users.http")
/// var request = file.requests[0]
/// request.setHeader("Accept", "application/json")
/// try file.replaceRequest(at: 0, with: request)
/// let bytes = file.bytes()
/// ```
public struct HTTPFile: Sendable, Hashable {
    // MARK: - Stored

    /// The path the file was read from, as diagnostics name it.
    public var path: String
    /// Whether the file starts with a UTF-8 byte-order mark.
    public var hasByteOrderMark: Bool
    /// The line ending new lines are written with: the file's first one, else `\n`.
    public var lineEnding: String
    /// The sections, in file order.
    public internal(set) var sections: [HTTPFileSection]
    /// The problems found while reading, each with file:line:column.
    public internal(set) var diagnostics: [Diagnostic]
    /// The `run` and `import` lines as read, in file order (see ``Workspace/composedSteps(of:)``).
    public internal(set) var statements: [CompositionStatement]

    /// Creates an empty file.
    public init(path: String, lineEnding: String = "\n", hasByteOrderMark: Bool = false) {
        self.path = path
        self.hasByteOrderMark = hasByteOrderMark
        self.lineEnding = lineEnding
        self.sections = []
        self.diagnostics = []
        self.statements = []
    }

    // MARK: - Requests

    /// The requests in file order; request `#N` is `requests[N - 1]`.
    public var requests: [SavedRequest] { sections.compactMap(\.request) }

    /// The index into ``sections`` of the request at `position` (0-based), if it exists.
    func sectionIndex(ofRequestAt position: Int) -> Int? {
        var seen = 0
        for (index, section) in sections.enumerated() where section.request != nil {
            if seen == position { return index }
            seen += 1
        }
        return nil
    }

    /// The 1-based line of the separator or first line of the request at `position`.
    public func line(ofRequestAt position: Int) -> Int? {
        sectionIndex(ofRequestAt: position).map { sections[$0].firstLine }
    }

    /// In-file variables visible to the request at `position`: declarations above it win over
    /// later ones; declarations anywhere in the file are visible.
    public func fileVariables(forRequestAt position: Int) -> [String: String] {
        guard let target = sectionIndex(ofRequestAt: position) else { return [:] }
        var result: [String: String] = [:]
        var later: [(String, String)] = []
        for (index, section) in sections.enumerated() {
            let items = section.looseItems + (section.request?.preamble ?? [])
            for item in items {
                guard case .variable(let name, let value) = item.kind else { continue }
                if index <= target { result[name] = value } else { later.append((name, value)) }
            }
        }
        for (name, value) in later where result[name] == nil { result[name] = value }
        return result
    }
}
