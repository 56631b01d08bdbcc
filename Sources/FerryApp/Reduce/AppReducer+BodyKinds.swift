import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - The Body tab: kinds, the form and multipart fields table, JSON checking and formatting

extension AppReducer {
    /// Makes the open request's body `kind` (setting Content-Type and converting what can be converted),
    /// then opens its editor; a file body asks for the path first.
    static func chooseBodyKind(_ kind: BodyKind, _ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest else { return [] }
        state.focus = .editor
        state.editor.tab = .body
        state.editor.mode = .url
        if kind == .file {
            state.overlay = .namePrompt(
                .bodyFile(id),
                PromptDialogState(
                    title: "File body", label: "Path (relative to \(id.path))", text: request.bodyFilePath ?? "./"))
            return []
        }
        let effects = edit(id, &state) { $0.convertBody(to: kind) }
        state.report(.info("Body: \(kind.title)."))
        return kind == .none ? effects : effects + reduceEditor(.tabEditingStarted, &state)
    }

    /// The path for a file body was typed.
    static func setBodyFile(_ id: RequestID, path: String, _ state: inout AppState) -> [Effect] {
        guard !path.hasSuffix("/"), path != "." else {
            // `./` (the prompt's start) or a folder is no file to send: ask again rather than fail at send.
            state.overlay = .namePrompt(
                .bodyFile(id),
                PromptDialogState(title: "File body", label: "Path (relative to \(id.path))", text: path))
            state.report(.error("Type the path of a file, such as ./body.json (Esc keeps the body)."))
            return []
        }
        let effects = edit(id, &state) { $0.setFileBody(path: path) }
        state.report(.info("Body: the bytes of \(path), read when sending."))
        return effects
    }

    /// What is wrong with a JSON body (`nil` when it parses, is empty, is not JSON, or is too large to check
    /// on every key: over 256 KB it is checked when sending). `{{variables}}` count as values.
    static func jsonProblem(in text: String, of request: SavedRequest?) -> String? {
        guard request?.bodyKind == .json, !text.isEmpty, text.utf8.count <= 256 * 1024 else { return nil }
        let checked = text.replacingVariables(with: "0")
        do {
            _ = try JSONDocument(parsing: Array(checked.utf8))
            return nil
        } catch {
            return "line \(error.line), column \(error.column): \(error.message)"
        }
    }

    // MARK: - Rows and fields

    /// A table row for a field: a file field's value is `< path`.
    static func row(_ field: FormField) -> KeyValueRow {
        KeyValueRow(name: field.name, value: field.filePath.map { "< \($0)" } ?? field.value)
    }

    /// The fields for the table's enabled, named rows; a multipart value `< path` is a file, and a row equal to
    /// one of `originals` keeps its file name and content type.
    static func fields(from rows: [KeyValueRow], replacing originals: [FormField], in kind: BodyKind) -> [FormField] {
        rows.filter { $0.isEnabled && !$0.name.isEmpty }.map { row in
            let value = row.value.trimmingCharacters(in: .whitespaces)
            if kind == .multipart, value.hasPrefix("<"), !value.hasPrefix("<@") {
                let path = value.dropFirst().trimmingCharacters(in: .whitespaces)
                if !path.isEmpty {
                    return originals.first { $0.name == row.name && $0.filePath == path }
                        ?? FormField(name: row.name, filePath: path)
                }
            }
            if kind == .multipart,
                let original = originals.first(where: { $0.name == row.name && !$0.isFile && $0.value == row.value })
            {
                return original
            }
            return FormField(name: row.name, value: row.value)
        }
    }
}

extension String {
    /// The text with every `{{…}}` replaced by `value`.
    fileprivate func replacingVariables(with value: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound] + value
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
