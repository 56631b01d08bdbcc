import FerryJSON

/// Adds imported environments and variables to the text of an environment file without changing,
/// reformatting or reordering what is there: new members are inserted before the closing brace of
/// their object, indented like the file. A variable that exists keeps its value (a differing imported
/// value is reported); a malformed file is reported at its line and left alone.
struct EnvironmentFileMerger {
    /// What merging produced.
    struct Outcome {
        /// The new file text; `nil` when nothing changes (or the file could not be read).
        var bytes: [UInt8]?
        /// Kept values, malformed files.
        var diagnostics: [Diagnostic] = []
        /// How many variables were added.
        var addedVariables = 0
    }

    /// `file` names the file in diagnostics.
    let file: String

    // MARK: - Merging

    /// Merges `environments` (name and variables, in order) into `existing` (`nil`: no file yet).
    func merge(_ existing: [UInt8]?, _ environments: [(name: String, variables: [ImportedCollection.Variable])])
        -> Outcome
    {
        let environments = environments.filter { !$0.variables.isEmpty }
        guard !environments.isEmpty else { return Outcome() }
        guard let existing, existing.contains(where: { !Self.isSpace($0) }) else {
            return fresh(environments)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: existing, options: JSONParseOptions(allowsByteOrderMark: true))
        } catch {
            return Outcome(diagnostics: [
                Diagnostic(
                    "\(error.message); the file was left unchanged and its imported variables were not added",
                    at: SourceLocation(file: file, line: error.line, column: error.column))
            ])
        }
        guard document.kind(of: document.root) == .object else {
            return Outcome(diagnostics: [
                Diagnostic(
                    "expected an object of environments; the file was left unchanged",
                    at: SourceLocation(file: file, line: 1))
            ])
        }
        var outcome = Outcome()
        var insertions: [(offset: Int, text: String)] = []
        let unit = Self.indentUnit(existing)
        var newEnvironments: [(key: String, value: String)] = []
        let rootIndent = indent(ofLineAt: document.byteRange(of: document.root).lowerBound, in: existing)
        for environment in environments {
            guard let node = member(environment.name, of: document.root, in: document) else {
                let inner = rootIndent + unit + unit
                let body = environment.variables.map { inner + Self.quoted($0.name) + ": " + Self.quoted($0.value) }
                newEnvironments.append(
                    (environment.name, "{\n" + body.joined(separator: ",\n") + "\n" + rootIndent + unit + "}"))
                outcome.addedVariables += environment.variables.count
                continue
            }
            guard document.kind(of: node) == .object else {
                outcome.diagnostics.append(
                    Diagnostic(
                        "'\(environment.name)' is not an object of variables; its imported variables were not added",
                        at: location(of: node, in: document), severity: .warning))
                continue
            }
            var added: [(key: String, value: String)] = []
            for variable in environment.variables {
                if let child = member(variable.name, of: node, in: document) {
                    if Self.scalarText(document.value(at: child)) != variable.value {
                        outcome.diagnostics.append(
                            Diagnostic(
                                "'\(variable.name)' in '\(environment.name)' keeps its value; the imported one differs",
                                at: location(of: child, in: document), severity: .warning))
                    }
                } else {
                    added.append((variable.name, Self.quoted(variable.value)))
                }
            }
            outcome.addedVariables += added.count
            if let insertion = insertion(of: added, into: node, in: document, unit: unit) {
                insertions.append(insertion)
            }
        }
        if let insertion = insertion(of: newEnvironments, into: document.root, in: document, unit: unit) {
            insertions.append(insertion)
        }
        guard !insertions.isEmpty else { return outcome }
        var bytes = existing
        for insertion in insertions.sorted(by: { $0.offset > $1.offset }) {
            bytes.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
        }
        outcome.bytes = bytes
        return outcome
    }

    // MARK: - Text

    /// A new file holding `environments`, two-space indented.
    private func fresh(_ environments: [(name: String, variables: [ImportedCollection.Variable])]) -> Outcome {
        let object = JSONObject(
            environments.map { environment in
                JSONMember(
                    key: environment.name,
                    value: .object(
                        JSONObject(environment.variables.map { JSONMember(key: $0.name, value: .string($0.value)) })))
            })
        return Outcome(
            bytes: JSONValue.object(object).formattedBytes() + [0x0A],
            addedVariables: environments.reduce(0) { $0 + $1.variables.count })
    }

    /// The text that adds `members` (key and JSON value text) to the object at `node`, and where it goes.
    private func insertion(
        of members: [(key: String, value: String)], into node: Int, in document: JSONDocument, unit: String
    ) -> (offset: Int, text: String)? {
        guard !members.isEmpty else { return nil }
        let base = indent(ofLineAt: document.byteRange(of: node).lowerBound, in: document.bytes)
        let memberIndent = base + unit
        let lines = members.map { memberIndent + Self.quoted($0.key) + ": " + $0.value }
        if let last = document.children(of: node).reduce(nil, { _, child in Optional(child) }) {
            return (document.byteRange(of: last).upperBound, ",\n" + lines.joined(separator: ",\n"))
        }
        let closing = document.byteRange(of: node).upperBound - 1
        return (closing, "\n" + lines.joined(separator: ",\n") + "\n" + base)
    }

    /// The member `key` of the object `node`.
    private func member(_ key: String, of node: Int, in document: JSONDocument) -> Int? {
        document.children(of: node).first { document.key(of: $0) == key }
    }

    /// The line (and column 1) of a node.
    private func location(of node: Int, in document: JSONDocument) -> SourceLocation {
        let offset = document.byteRange(of: node).lowerBound
        return SourceLocation(file: file, line: document.bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) })
    }

    /// The spaces and tabs at the start of the line holding `offset`.
    private func indent(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The indentation of the first indented line (two spaces when none is).
    private static func indentUnit(_ bytes: [UInt8]) -> String {
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

    private static func quoted(_ text: String) -> String { JSONValue.string(text).formatted(.compact) }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
