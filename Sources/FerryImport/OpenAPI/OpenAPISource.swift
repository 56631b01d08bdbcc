import FerryJSON
import FerryWorkbench
import FerryYAML

/// A parsed OpenAPI file: its value and a way back from a JSON pointer to a line and column.
struct OpenAPISource {
    /// Where positions come from.
    enum Origin {
        /// A JSON file: node byte ranges of the document.
        case json(JSONDocument, lineStarts: [Int])
        /// A YAML file: the offsets the reader recorded.
        case yaml(YAMLDocument)
    }

    /// The document's value.
    let value: JSONValue
    /// Where positions come from.
    let origin: Origin
    /// The file name used in diagnostics.
    let fileName: String

    // MARK: - Reading

    /// Parses `bytes` as JSON when the first non-blank byte is `{`, else as YAML.
    init(_ bytes: [UInt8], fileName: String) throws(Diagnostic) {
        self.fileName = fileName
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        let first = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == UInt8(ascii: "{") {
            do {
                let document = try JSONDocument(parsing: body)
                value = document.value(at: document.root)
                origin = .json(document, lineStarts: YAMLPosition.lineStarts(of: body))
            } catch {
                throw Diagnostic(
                    "not valid JSON: \(error.message)",
                    at: SourceLocation(file: fileName, line: error.line, column: error.column))
            }
        } else {
            do {
                let document = try YAMLReader.read(body)
                value = document.value
                origin = .yaml(document)
            } catch {
                throw Diagnostic(
                    "not valid YAML: \(error.message)",
                    at: SourceLocation(file: fileName, line: error.line, column: error.column))
            }
        }
    }

    /// Warnings the reader gave (YAML duplicate keys), as diagnostics.
    var readerWarnings: [Diagnostic] {
        guard case .yaml(let document) = origin else { return [] }
        return document.warnings.map {
            Diagnostic(
                $0.message, at: SourceLocation(file: fileName, line: $0.line, column: $0.column), severity: .warning)
        }
    }

    // MARK: - Locating

    /// Where the node at `pointer` (or its nearest ancestor that exists) starts.
    func location(of pointer: String) -> SourceLocation {
        switch origin {
        case .yaml(let document):
            let place = document.position(ofPointer: pointer) ?? (1, 1)
            return SourceLocation(file: fileName, line: place.line, column: place.column)
        case .json(let document, let lineStarts):
            var node = document.root
            for component in JSONPointer.components(of: pointer) {
                let next = document.children(of: node).first {
                    document.key(of: $0) == component || document.index(of: $0).map(String.init) == component
                }
                guard let next else { break }
                node = next
            }
            let place = YAMLPosition.lineAndColumn(
                of: document.byteRange(of: node).lowerBound, in: document.bytes, lineStarts: lineStarts)
            return SourceLocation(file: fileName, line: place.line, column: place.column)
        }
    }
}
