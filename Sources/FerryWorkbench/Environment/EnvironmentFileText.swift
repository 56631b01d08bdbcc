import FerryJSON

/// The text of an environment file as the two editors of it see it (``EnvironmentFileEditor`` for one change
/// from the workbench, ``EnvironmentFileMerger`` for an import): its parsed document, where a member is, and
/// how its lines are indented, so either can insert text that looks like the file's own.
struct EnvironmentFileText {
    /// The file's name, for diagnostics.
    let file: String

    /// The document of `bytes`, `nil` for a file of only white space; throws for malformed JSON (`consequence`
    /// says what was not done, after the parser's message) or a root that is not an object.
    func document(of bytes: [UInt8], consequence: String) throws(Diagnostic) -> JSONDocument? {
        guard bytes.contains(where: { !Self.isSpace($0) }) else { return nil }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: JSONParseOptions(allowsByteOrderMark: true))
        } catch {
            throw Diagnostic(
                "\(error.message); \(consequence)",
                at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard document.kind(of: document.root) == .object else {
            throw Diagnostic(
                "expected an object of environments; the file was left unchanged",
                at: SourceLocation(file: file, line: 1))
        }
        return document
    }

    /// The member `key` of the object `node`.
    func member(_ key: String, of node: Int, in document: JSONDocument) -> Int? {
        document.children(of: node).first { document.key(of: $0) == key }
    }

    /// The last member of the object `node`.
    func lastMember(of node: Int, in document: JSONDocument) -> Int? {
        document.children(of: node).reduce(nil) { _, child in child }
    }

    /// The line (and column 1) of a node.
    func location(of node: Int, in document: JSONDocument) -> SourceLocation {
        let offset = document.byteRange(of: node).lowerBound
        return SourceLocation(file: file, line: document.bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
    }

    /// The spaces and tabs at the start of the line holding `offset`.
    func indent(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The indentation of the first indented line that holds more than spaces (two spaces when none is).
    static func indentUnit(_ bytes: [UInt8]) -> String {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                var end = index + 1
                while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
                if end > index + 1, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
                    return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                }
            }
            index += 1
        }
        return "  "
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String { JSONValue.string(text).formatted(.compact) }

    /// Whether `byte` is JSON white space.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
