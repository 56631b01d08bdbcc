// MARK: - Writing and editing

extension HTTPFile {
    /// The file's bytes: unedited sections exactly as read, edited ones written from the model.
    public func bytes() -> [UInt8] {
        var output: [UInt8] = hasByteOrderMark ? HTTPFileParser.byteOrderMark : []
        for section in sections {
            if output.count > (hasByteOrderMark ? 3 : 0), output.last != 0x0A {
                output += Array(lineEnding.utf8)
            }
            output += section.isEdited ? Array(render(section).utf8) : section.source
        }
        return output
    }

    /// The file's text (bytes decoded as UTF-8, BOM included as U+FEFF).
    public func text() -> String { String(decoding: bytes(), as: UTF8.self) }

    /// Text for an edited section.
    func render(_ section: HTTPFileSection) -> String {
        if let request = section.request {
            return request.rendered(separator: section.hasSeparator, lineEnding: lineEnding)
        }
        var lines: [String] = section.hasSeparator ? ["###"] : []
        lines += section.looseItems.map(\.text)
        lines.append("")
        return lines.joined(separator: "\n").replacingNewlines(with: lineEnding) + lineEnding
    }

    /// Replaces the request at `position` (0-based), rewriting only its section.
    public mutating func replaceRequest(at position: Int, with request: SavedRequest) throws {
        guard let index = sectionIndex(ofRequestAt: position) else {
            throw WorkspaceError.noSuchRequest("#\(position + 1)")
        }
        sections[index].request = request
        sections[index].isEdited = true
        sections[index].source = []
        refreshStatements()
    }

    /// Appends a request in a new `###` section (or at `position`, 0-based, before the request there).
    public mutating func insertRequest(_ request: SavedRequest, at position: Int? = nil) {
        let section = HTTPFileSection(
            source: [], firstLine: 0, hasSeparator: true, request: request,
            looseItems: [], isEdited: true)
        if let position, let index = sectionIndex(ofRequestAt: position) {
            if index == 0 && !sections[0].hasSeparator {
                // A section without `###` must stay first: put the new one after it instead.
                sections.insert(section, at: 1)
            } else {
                sections.insert(section, at: index)
            }
        } else {
            sections.append(section)
        }
        refreshStatements()
    }

    /// Removes the request at `position` (0-based) and returns it; in-file variables declared in
    /// its preamble stay in the file, since other requests may use them.
    @discardableResult
    public mutating func removeRequest(at position: Int) throws -> SavedRequest {
        guard let index = sectionIndex(ofRequestAt: position), let request = sections[index].request else {
            throw WorkspaceError.noSuchRequest("#\(position + 1)")
        }
        let variables = request.preamble.filter {
            if case .variable = $0.kind { return true }
            return false
        }
        if variables.isEmpty {
            sections.remove(at: index)
        } else {
            sections[index].request = nil
            sections[index].looseItems = variables
            sections[index].isEdited = true
            sections[index].source = []
        }
        refreshStatements()
        return request
    }

    /// Reads the `run` and `import` lines again from the file as it will be written: an edit moves their lines
    /// and the requests before them.
    private mutating func refreshStatements() {
        statements = HTTPFileParser.parse(bytes(), path: path).statements
    }
}
