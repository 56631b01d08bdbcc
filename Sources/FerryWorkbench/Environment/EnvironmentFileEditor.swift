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
            return merger.merge(nil, [(environment, [(name, value)])]).bytes ?? []
        }
        if let node = text.member(environment, of: document.root, in: document) {
            guard document.kind(of: node) == .object else {
                throw Diagnostic(
                    "'\(environment)' is not an object of variables", at: text.location(of: node, in: document))
            }
            if let child = text.member(name, of: node, in: document) {
                var result = bytes
                result.replaceSubrange(
                    document.byteRange(of: child), with: Array(EnvironmentFileText.quoted(value).utf8))
                return result
            }
        }
        let outcome = merger.merge(bytes, [(environment, [(name, value)])])
        if let problem = outcome.diagnostics.first(where: { $0.severity == .error }) { throw problem }
        return outcome.bytes ?? bytes
    }

    /// `bytes` with an empty environment `name` added after the last one (the file made when `nil`); throws
    /// when the environment exists or the file is not an object.
    public func addingEnvironment(_ name: String, to bytes: [UInt8]?) throws(Diagnostic) -> [UInt8] {
        guard let bytes, let document = try parsed(bytes) else {
            return Array("{\n  \(EnvironmentFileText.quoted(name)): {}\n}\n".utf8)
        }
        if let existing = text.member(name, of: document.root, in: document) {
            throw Diagnostic("the environment '\(name)' exists already", at: text.location(of: existing, in: document))
        }
        let base = text.indent(ofLineAt: document.byteRange(of: document.root).lowerBound, in: bytes)
        let unit = EnvironmentFileText.indentUnit(bytes)
        let line = base + unit + EnvironmentFileText.quoted(name) + ": {}"
        var result = bytes
        if let last = text.lastMember(of: document.root, in: document) {
            result.insert(contentsOf: Array((",\n" + line).utf8), at: document.byteRange(of: last).upperBound)
        } else {
            let closing = document.byteRange(of: document.root).upperBound - 1
            result.insert(contentsOf: Array(("\n" + line + "\n" + base).utf8), at: closing)
        }
        return result
    }

    // MARK: - Reading the file

    private var text: EnvironmentFileText { EnvironmentFileText(file: file) }

    /// The document, `nil` for a file of only white space; throws for malformed JSON or a root that is not an object.
    private func parsed(_ bytes: [UInt8]) throws(Diagnostic) -> JSONDocument? {
        try text.document(of: bytes, consequence: "the file was left unchanged")
    }
}
