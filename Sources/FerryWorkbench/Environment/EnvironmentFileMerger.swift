import FerryJSON

/// Adds imported environments and variables to the text of an environment file without changing,
/// reformatting or reordering what is there: new members are inserted before the closing brace of
/// their object, indented like the file. A variable that exists keeps its value (a differing imported
/// value is reported); a malformed file is reported at its line and left alone. Used by FerryImport's
/// writer and by ``EnvironmentFileEditor``.
///
/// ```swift
/// let outcome = EnvironmentFileMerger(file: "http-client.env.json")
///     .merge(bytes, [(name: "local", variables: [(name: "host", value: "http://127.0.0.1:8080")])])
/// outcome.bytes  // the file with `host` added to `local`, or nil when nothing changes
/// ```
public struct EnvironmentFileMerger: Sendable {
    /// What merging produced.
    public struct Outcome: Sendable {
        /// The new file text; `nil` when nothing changes (or the file could not be read).
        public var bytes: [UInt8]?
        /// Kept values, malformed files.
        public var diagnostics: [Diagnostic] = []
        /// How many variables were added.
        public var addedVariables = 0
    }

    /// `file` names the file in diagnostics.
    public let file: String

    /// A merger naming `file` in its diagnostics.
    public init(file: String) {
        self.file = file
    }

    private var text: EnvironmentFileText { EnvironmentFileText(file: file) }

    // MARK: - Merging

    /// Merges `environments` (name and variables, in order) into `existing` (`nil`: no file yet).
    public func merge(
        _ existing: [UInt8]?, _ environments: [(name: String, variables: [(name: String, value: String)])]
    ) -> Outcome {
        let environments = environments.filter { !$0.variables.isEmpty }
        guard !environments.isEmpty else { return Outcome() }
        guard let existing else { return fresh(environments) }
        let document: JSONDocument
        do throws(Diagnostic) {
            guard
                let parsed = try text.document(
                    of: existing, consequence: "the file was left unchanged and its imported variables were not added")
            else { return fresh(environments) }
            document = parsed
        } catch {
            return Outcome(diagnostics: [error])
        }
        var outcome = Outcome()
        var insertions: [(offset: Int, text: String)] = []
        let unit = EnvironmentFileText.indentUnit(existing)
        var newEnvironments: [(key: String, value: String)] = []
        let rootIndent = text.indent(ofLineAt: document.byteRange(of: document.root).lowerBound, in: existing)
        for environment in environments {
            guard let node = text.member(environment.name, of: document.root, in: document) else {
                let inner = rootIndent + unit + unit
                let body = environment.variables.map {
                    inner + EnvironmentFileText.quoted($0.name) + ": " + EnvironmentFileText.quoted($0.value)
                }
                newEnvironments.append(
                    (environment.name, "{\n" + body.joined(separator: ",\n") + "\n" + rootIndent + unit + "}"))
                outcome.addedVariables += environment.variables.count
                continue
            }
            guard document.kind(of: node) == .object else {
                outcome.diagnostics.append(
                    Diagnostic(
                        "'\(environment.name)' is not an object of variables; its imported variables were not added",
                        at: text.location(of: node, in: document), severity: .warning))
                continue
            }
            var added: [(key: String, value: String)] = []
            for variable in environment.variables {
                if let child = text.member(variable.name, of: node, in: document) {
                    if Self.scalarText(document.value(at: child)) != variable.value {
                        outcome.diagnostics.append(
                            Diagnostic(
                                "'\(variable.name)' in '\(environment.name)' keeps its value; the imported one differs",
                                at: text.location(of: child, in: document), severity: .warning))
                    }
                } else {
                    added.append((variable.name, EnvironmentFileText.quoted(variable.value)))
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
    private func fresh(_ environments: [(name: String, variables: [(name: String, value: String)])]) -> Outcome {
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
        let base = text.indent(ofLineAt: document.byteRange(of: node).lowerBound, in: document.bytes)
        let memberIndent = base + unit
        let lines = members.map { memberIndent + EnvironmentFileText.quoted($0.key) + ": " + $0.value }
        if let last = text.lastMember(of: node, in: document) {
            return (document.byteRange(of: last).upperBound, ",\n" + lines.joined(separator: ",\n"))
        }
        let closing = document.byteRange(of: node).upperBound - 1
        return (closing, "\n" + lines.joined(separator: ",\n") + "\n" + base)
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
