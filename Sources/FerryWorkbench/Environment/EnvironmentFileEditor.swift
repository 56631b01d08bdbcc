import FerryJSON

/// Edits the text of an environment file (`http-client.env.json` or the private one) one change at a time,
/// leaving every other byte as it was: comments-free JSON keeps its order, indentation and spacing, and only
/// the changed value (or the added member) is written.
///
/// ```swift
/// let text = try EnvironmentFileEditor(file: "http-client.env.json")
///     .setting("host", to: "http://127.0.0.1:8080", in: "local", of: bytes)
/// ```
public struct EnvironmentFileEditor: Sendable {
    /// The file's name, for diagnostics.
    public let file: String

    /// An editor naming `file` in its diagnostics.
    public init(file: String) {
        self.file = file
    }

    /// `bytes` (`nil`: no file yet) with the variable `name` of `environment` set to the string `value`: its
    /// value replaced where it is, else added at the end of the environment, which is added when missing.
    /// Throws, at the file's line, when the file is not an object of environments.
    public func setting(_ name: String, to value: String, in environment: String, of bytes: [UInt8]?)
        throws(Diagnostic) -> [UInt8]
    {
        let merger = EnvironmentFileMerger(file: file)
        guard let bytes, let document = try parsed(bytes) else {
            return merger.merge(nil, [(environment, [.init(name, value)])]).bytes ?? []
        }
        if let node = member(environment, of: document.root, in: document) {
            guard document.kind(of: node) == .object else {
                throw Diagnostic("'\(environment)' is not an object of variables", at: location(of: node, in: document))
            }
            if let child = member(name, of: node, in: document) {
                var result = bytes
                result.replaceSubrange(document.byteRange(of: child), with: Array(Self.quoted(value).utf8))
                return result
            }
        }
        let outcome = merger.merge(bytes, [(environment, [.init(name, value)])])
        if let problem = outcome.diagnostics.first(where: { $0.severity == .error }) { throw problem }
        return outcome.bytes ?? bytes
    }

    /// `bytes` with an empty environment `name` added after the last one (the file made when `nil`); throws
    /// when the environment exists or the file is not an object.
    public func addingEnvironment(_ name: String, to bytes: [UInt8]?) throws(Diagnostic) -> [UInt8] {
        guard let bytes, let document = try parsed(bytes) else {
            return Array("{\n  \(Self.quoted(name)): {}\n}\n".utf8)
        }
        if let existing = member(name, of: document.root, in: document) {
            throw Diagnostic("the environment '\(name)' exists already", at: location(of: existing, in: document))
        }
        let base = indent(ofLineAt: document.byteRange(of: document.root).lowerBound, in: bytes)
        let unit = Self.indentUnit(bytes)
        let line = base + unit + Self.quoted(name) + ": {}"
        var result = bytes
        if let last = document.children(of: document.root).reduce(nil, { _, child in Optional(child) }) {
            result.insert(contentsOf: Array((",\n" + line).utf8), at: document.byteRange(of: last).upperBound)
        } else {
            let closing = document.byteRange(of: document.root).upperBound - 1
            result.insert(contentsOf: Array(("\n" + line + "\n" + base).utf8), at: closing)
        }
        return result
    }

    // MARK: - Reading the file

    /// The document, `nil` for a file of only white space; throws for malformed JSON or a root that is not an object.
    private func parsed(_ bytes: [UInt8]) throws(Diagnostic) -> JSONDocument? {
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return nil }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: bytes, options: JSONParseOptions(allowsByteOrderMark: true))
        } catch {
            throw Diagnostic(
                "\(error.message); the file was left unchanged",
                at: SourceLocation(file: file, line: error.line, column: error.column))
        }
        guard document.kind(of: document.root) == .object else {
            throw Diagnostic(
                "expected an object of environments; the file was left unchanged",
                at: SourceLocation(file: file, line: 1))
        }
        return document
    }

    private func member(_ key: String, of node: Int, in document: JSONDocument) -> Int? {
        document.children(of: node).first { document.key(of: $0) == key }
    }

    private func location(of node: Int, in document: JSONDocument) -> SourceLocation {
        let offset = document.byteRange(of: node).lowerBound
        return SourceLocation(file: file, line: document.bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
    }

    private func indent(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The indentation of the first indented line (two spaces when none is).
    private static func indentUnit(_ bytes: [UInt8]) -> String {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).dropFirst().makeIterator()
        while let line = lines.next() {
            let indent = line.prefix { $0 == 0x20 || $0 == 0x09 }
            if !indent.isEmpty, indent.count < line.count { return String(decoding: indent, as: UTF8.self) }
        }
        return "  "
    }

    private static func quoted(_ text: String) -> String { JSONValue.string(text).formatted(.compact) }
}
