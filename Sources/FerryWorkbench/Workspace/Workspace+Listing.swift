import Foundation

// MARK: - A listing read file by file, keeping no file's model

extension Workspace {
    /// Hands every request's id, method and URL under `root` to `each`, file by file in path order and each file's
    /// in position order, as ``load(at:)`` and ``requests`` would give them, but keeping no file's model: each
    /// section is parsed and dropped, and of a file only its requests' names, methods and URLs are held until its
    /// ids are known (a name used twice is `#N`). Returns the problems ``diagnostics`` would list; `nil` when a file
    /// has `run` or `import` lines, whose problems only the whole workspace tells (load it then, and forget what
    /// `each` was given).
    public static func listRequests(
        at root: URL, _ each: (_ id: RequestID, _ method: String, _ url: String) -> Void
    ) throws -> [Diagnostic]? {
        let listed = try listing(at: root)
        var workspace = listed.workspace
        let paths = listed.paths
        var diagnostics: [Diagnostic] = []
        for path in paths.sorted() {
            var bytes: [UInt8]
            do {
                bytes = try FileIO.bytes(of: workspace.root.appendingPathComponent(path))
            } catch {
                let failure = error as? WorkspaceError ?? .io(path: path, reason: "\(error)")
                workspace.loadErrors.append(
                    Diagnostic("cannot read the file: \(failure)", at: SourceLocation(file: path, line: 1)))
                continue
            }
            if bytes.starts(with: HTTPFileParser.byteOrderMark) { bytes.removeFirst(3) }
            var names: [String?] = []
            var rows: [(method: String, url: String)] = []
            let parser = HTTPFileParser.forEachSection(of: bytes, path: path) { section in
                guard let request = section.request else { return }
                names.append(request.name)
                rows.append((request.method, request.fullURL))
            }
            guard parser.statements.isEmpty else { return nil }
            diagnostics += parser.diagnostics
            for (selector, row) in zip(WorkspaceFile.selectors(of: names), rows) {
                each(RequestID(path: path, selector: selector), row.method, row.url)
            }
        }
        return workspace.loadErrors + diagnostics
    }
}
