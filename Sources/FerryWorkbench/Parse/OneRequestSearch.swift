import Foundation

/// One request of a file as the whole file's model would give it (``HTTPFileParser/request(_:in:path:)``).
struct OneRequest {
    /// Its selector among the file's ids (``WorkspaceFile/selectors(of:)``): its name, or `#N`.
    var selector: String
    /// Its 0-based position among the file's requests.
    var position: Int
    /// The request as written.
    var request: SavedRequest
    /// The errors reported inside its section: what ``Workspace/problems(of:)`` gives of the whole file.
    var problems: [Diagnostic]
    /// The in-file variables it sees: what ``HTTPFile/fileVariables(forRequestAt:)`` gives of the whole file.
    var fileVariables: [String: String]
}

extension HTTPFileParser {
    /// The request `selector` (a name, `#N`, or empty for a file's only request) of the file `data`, found as
    /// ``Workspace/request(_:)`` finds it in the parsed file, parsing only the sections that can matter: those
    /// whose bytes hold the name (or the one at the position), and those whose outline does not tell that they
    /// hold nothing the file shares (``SectionOutline``). `nil` when only the whole file can tell: no such
    /// request (the parsed file says why, or finds it by `METHOD URL`), a selector `#` that is not a position in
    /// the file, or a file with `run` or `import` lines.
    static func request(_ selector: String, in data: some Collection<UInt8>, path: String) -> OneRequest? {
        var bytes = Array(data)
        if bytes.starts(with: byteOrderMark) { bytes.removeFirst(3) }
        var search = OneRequestSearch(bytes: bytes, path: path)
        return search.find(selector)
    }
}

/// The search behind ``HTTPFileParser/request(_:in:path:)``: one pass over a file's sections.
struct OneRequestSearch {
    /// What is looked for.
    enum Wanted {
        /// The request at a 0-based position.
        case position(Int)
        /// The first request with this name.
        case name(String)
    }

    /// The request found, with where it is.
    struct Found {
        var section: Int
        var position: Int
        var request: SavedRequest
        var problems: [Diagnostic]
    }

    /// The file's bytes, its byte-order mark removed.
    let bytes: [UInt8]
    /// Where each section starts, then the end (``HTTPFileParser/sectionStarts(of:)``).
    let starts: [(offset: Int, line: Int)]
    /// The parser every parsed section goes through, in file order.
    var parser: SectionParser
    /// The in-file variables of the parsed sections, in file order, with their section's index.
    var declared: [(section: Int, name: String, value: String)] = []

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        starts = HTTPFileParser.sectionStarts(of: bytes)
        parser = SectionParser(path: path)
    }

    /// The request `selector` names, or `nil` (see ``HTTPFileParser/request(_:in:path:)``).
    mutating func find(_ selector: String) -> OneRequest? {
        let wanted: Wanted
        if selector.isEmpty {
            wanted = .position(0)
        } else if selector.hasPrefix("#") {
            guard let number = Int(selector.dropFirst()), number >= 1 else { return nil }
            wanted = .position(number - 1)
        } else {
            wanted = .name(selector)
        }
        var needle: [UInt8]?
        if case .name(let name) = wanted { needle = Self.asciiBytes(of: name) }
        var found: Found?
        // Requests named as wanted (by name), and the names of the requests of the sections parsed for being
        // unknown (by position: the found request's name is counted among them and the others later).
        var named = 0
        var unknownNames: [String?] = []
        var position = 0
        for section in 0..<max(0, starts.count - 1) {
            let range = starts[section].offset..<starts[section + 1].offset
            let outline = bytes.withUnsafeBufferPointer { SectionOutline.of($0, in: range) }
            switch outline {
            case .empty:
                continue
            case .request:
                let isCandidate: Bool
                switch wanted {
                case .position(let wantedPosition): isCandidate = wantedPosition == position
                case .name: isCandidate = needle.map { contains($0, in: range) } ?? false
                }
                if isCandidate {
                    guard case let (parsed, problems)? = parse(section) else { return nil }
                    consider(parsed, problems, section: section, position: position, wanted, &found, &named)
                }
                position += 1
            case .unknown:
                guard case let (parsed, problems)? = parse(section) else { return nil }
                guard let request = parsed.request else { continue }
                unknownNames.append(request.name)
                consider(parsed, problems, section: section, position: position, wanted, &found, &named)
                position += 1
            }
        }
        guard let found, !selector.isEmpty || position == 1 else { return nil }
        let finalSelector: String
        switch wanted {
        case .name(let name): finalSelector = named == 1 ? name : "#\(found.position + 1)"
        case .position:
            if let name = found.request.name, !name.hasPrefix("#"),
                unknownNames.lazy.filter({ $0 == name }).count + namedAmongOutlined(name) == 1
            {
                finalSelector = name
            } else {
                finalSelector = "#\(found.position + 1)"
            }
        }
        return OneRequest(
            selector: finalSelector, position: found.position, request: found.request, problems: found.problems,
            fileVariables: fileVariables(seenFrom: found.section))
    }

    /// Takes the parsed section's request as the one found when it is what is wanted (the first so named).
    private func consider(
        _ parsed: HTTPFileSection, _ problems: [Diagnostic], section: Int, position: Int, _ wanted: Wanted,
        _ found: inout Found?, _ named: inout Int
    ) {
        guard let request = parsed.request else { return }
        switch wanted {
        case .position(let wantedPosition):
            guard wantedPosition == position else { return }
        case .name(let name):
            guard request.name == name else { return }
            named += 1
            guard found == nil else { return }
        }
        found = Found(section: section, position: position, request: request, problems: problems)
    }

    /// Parses section `index` (its variables recorded); with the errors found in it. `nil` when it has a `run`
    /// or `import` line.
    private mutating func parse(_ index: Int) -> (HTTPFileSection, [Diagnostic])? {
        let start = starts[index]
        let range = start.offset..<starts[index + 1].offset
        let lines = SourceLine.split(bytes, in: range, firstNumber: start.line)
        let before = parser.diagnostics.count
        let section = parser.parseSection(lines[...], source: Array(bytes[range]))
        guard parser.statements.isEmpty else { return nil }
        for item in section.looseItems + (section.request?.preamble ?? []) {
            if case .variable(let name, let value) = item.kind { declared.append((index, name, value)) }
        }
        let problems = parser.diagnostics[before...].filter { $0.severity == .error }
        return (section, problems)
    }

    /// How many requests of the sections whose outline is ``SectionOutline/request`` are named `name`.
    private mutating func namedAmongOutlined(_ name: String) -> Int {
        guard let needle = Self.asciiBytes(of: name) else { return 0 }
        var count = 0
        for section in 0..<max(0, starts.count - 1) {
            let range = starts[section].offset..<starts[section + 1].offset
            guard bytes.withUnsafeBufferPointer({ SectionOutline.of($0, in: range) }) == .request,
                contains(needle, in: range), parse(section)?.0.request?.name == name
            else { continue }
            count += 1
        }
        return count
    }

    /// The in-file variables the request of section `target` sees, as ``HTTPFile/fileVariables(forRequestAt:)``
    /// tells them: the last declaration at or above it, else the first below.
    private func fileVariables(seenFrom target: Int) -> [String: String] {
        var result: [String: String] = [:]
        var later: [(String, String)] = []
        for (section, name, value) in declared {
            if section <= target { result[name] = value } else { later.append((name, value)) }
        }
        for (name, value) in later where result[name] == nil { result[name] = value }
        return result
    }

    /// Whether `needle` occurs in `bytes[range]`.
    private func contains(_ needle: [UInt8], in range: Range<Int>) -> Bool {
        guard let first = needle.first, range.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            let last = range.upperBound - needle.count
            while index <= last {
                guard let at = buffer[index...last].firstIndex(of: first) else { return false }
                if (1..<needle.count).allSatisfy({ buffer[at + $0] == needle[$0] }) { return true }
                index = at + 1
            }
            return false
        }
    }

    /// The bytes an ASCII text equal to `name` has (its canonical decomposition, when that is ASCII); `nil` when
    /// no ASCII text equals it. A section outlined as holding a request has an ASCII title and preamble, so it can
    /// be named `name` only if these bytes are in it.
    static func asciiBytes(of name: String) -> [UInt8]? {
        let decomposed = name.decomposedStringWithCanonicalMapping
        guard decomposed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return Array(decomposed.utf8)
    }
}
