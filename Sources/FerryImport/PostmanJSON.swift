import FerryJSON
import FerryWorkbench

/// A parsed Postman file with line numbers, read through ``Node`` handles: `node["request"]?["url"]`.
struct PostmanJSON {
    /// A value in the document.
    struct Node {
        let json: PostmanJSON
        let index: Int

        /// The member `key` of an object.
        subscript(key: String) -> Node? {
            guard json.document.kind(of: index) == .object else { return nil }
            for child in json.document.children(of: index) where json.document.key(of: child) == key {
                return Node(json: json, index: child)
            }
            return nil
        }

        /// The kind of value.
        var kind: JSONNodeKind { json.document.kind(of: index) }

        /// The elements of an array (empty for anything else).
        var elements: [Node] {
            guard kind == .array else { return [] }
            return json.document.children(of: index).map { Node(json: json, index: $0) }
        }

        /// The members of an object, with their keys (empty for anything else).
        var members: [(key: String, node: Node)] {
            guard kind == .object else { return [] }
            return json.document.children(of: index).map {
                (json.document.key(of: $0) ?? "", Node(json: json, index: $0))
            }
        }

        /// A string, or a number or boolean as written; `nil` for null, arrays and objects.
        var text: String? {
            switch kind {
            case .string: json.document.string(at: index)
            case .number, .bool: json.document.rawText(of: index)
            default: nil
            }
        }

        /// A non-empty ``text``.
        var nonEmptyText: String? { text.flatMap { $0.isEmpty ? nil : $0 } }

        /// `true` for `true` (and the string `"true"`), `false` otherwise.
        var isTrue: Bool { text == "true" }

        /// The value as a Foundation-free ``JSONValue``.
        var value: JSONValue { json.document.value(at: index) }

        /// The 1-based line the value starts on.
        var line: Int { json.line(at: json.document.byteRange(of: index).lowerBound) }
    }

    let document: JSONDocument
    /// Byte offsets where lines start.
    private let lineStarts: [Int]

    /// Parses `bytes` (a BOM allowed).
    init(_ bytes: [UInt8]) throws(JSONParseError) {
        document = try JSONDocument(parsing: bytes, options: JSONParseOptions(allowsByteOrderMark: true))
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// Parses the file `fileName`'s `bytes`; a parse error becomes the importer's located diagnostic.
    static func parsing(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> PostmanJSON {
        do {
            return try PostmanJSON(bytes)
        } catch {
            throw Diagnostic(
                "not valid JSON: \(error.message)",
                at: SourceLocation(file: fileName, line: error.line, column: error.column))
        }
    }

    /// The root value.
    var root: Node { Node(json: self, index: document.root) }

    /// The 1-based line holding byte `offset`.
    func line(at offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}
