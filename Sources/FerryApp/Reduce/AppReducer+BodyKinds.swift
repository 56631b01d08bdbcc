import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - The Body tab: kinds, the form and multipart fields table, JSON checking and formatting

extension AppReducer {
    /// Down on the Body tab: the fields table for a form or multipart body that parses, the text editor
    /// for anything else, the kind picker when there is no body yet.
    static func startBodyEditing(_ state: inout AppState) -> [Effect] {
        guard let request = state.currentRequest else { return [] }
        state.editor.mode = .url
        switch request.bodyKind {
        case .none:
            return pickBodyKind(&state)
        case .form, .multipart:
            if let fields = request.formFields {
                state.editor.mode = .fields(
                    KeyValueTableState(rows: fields.map(row) + DisabledFormFields.rows(in: request)))
                return []
            }
        case .json, .text, .file:
            break
        }
        state.editor.mode = .body(TextEditorState(text: request.body ?? "", isMultiline: true))
        state.editor.bodyProblem = jsonProblem(in: request.body ?? "", of: request)
        return []
    }

    /// Opens the body-kind picker.
    static func pickBodyKind(_ state: inout AppState) -> [Effect] {
        guard let request = state.currentRequest else { return [] }
        state.overlay = .bodyKindPicker(
            PickerDialogState(
                title: "Body (\(request.bodyKind.title) now)",
                items: BodyKind.allCases.map { PickerChoice($0, $0.title) }))
        return []
    }

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
        return kind == .none ? effects : effects + startBodyEditing(&state)
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

    /// Applies a key, paste or click to the fields table and writes the enabled, named rows back into the body.
    static func editBodyTable(_ event: InputEvent, _ state: inout AppState) -> [Effect] {
        guard var table = state.bodyTable, let id = state.openRequest else { return [] }
        if let undone = endFileFieldEdit(event, &state) { return undone }
        let before = table.rows
        _ = table.handle(event, area: state.layout.bodyEditor)
        state.editor.mode = .fields(table)
        guard table.rows != before else { return [] }
        return edit(id, &state) { request in
            request.setFormFields(fields(from: table.rows, replacing: request.formFields ?? [], in: request.bodyKind))
            DisabledFormFields.store(table.rows, in: &request)
        }
    }

    /// Turns the selected multipart field into a file field (its value becomes `< ./…` and the path is edited
    /// at once) or a file field back into a text field holding the path.
    static func toggleFileField(_ state: inout AppState) -> [Effect] {
        guard var table = state.bodyTable, !table.isEditing, let index = table.selectedRow,
            state.currentRequest?.bodyKind == .multipart
        else { return [] }
        var rows = table.rows
        let previousValue = rows[index].value
        let value = rows[index].value.trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("<") {
            rows[index].value = value.dropFirst().trimmingCharacters(in: .whitespaces)
        } else {
            rows[index].value = "< " + (value.hasPrefix("./") || value.hasPrefix("/") ? value : "./" + value)
        }
        let isFile = rows[index].value.hasPrefix("<")
        table.setRows(rows)
        table.select(row: index, column: .value)
        if isFile { table.beginEditing() }
        state.editor.mode = .fields(table)
        guard let id = state.openRequest else { return [] }
        state.editor.fileFieldUndo =
            isFile
            ? FileFieldUndo(request: id, row: index, previousValue: previousValue, fileValue: rows[index].value) : nil
        return edit(id, &state) { request in
            request.setFormFields(fields(from: rows, replacing: request.formFields ?? [], in: .multipart))
            DisabledFormFields.store(rows, in: &request)
        }
    }

    /// Pretty-prints the JSON body (two spaces, keys in order).
    static func formatBody(_ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest else { return [] }
        guard request.bodyKind == .json, let body = state.bodyEditor?.text ?? request.body, !body.isEmpty else {
            state.report(.error("Only a JSON body can be formatted (F7 picks the body kind)."))
            return []
        }
        let formatted: String
        do {
            formatted = try JSONValue(parsing: body).formatted(.pretty(indent: 2))
        } catch {
            state.report(
                .error(
                    "Cannot format: line \(error.line), column \(error.column): \(error.message)"
                        + (body.contains("{{") ? " ({{variables}} outside strings cannot be formatted)." : ".")))
            return []
        }
        if var editor = state.bodyEditor {
            // Select all and replace, so Ctrl-Z takes the formatting back.
            editor.selectAll()
            editor.insert(formatted)
            state.editor.mode = .body(editor)
        }
        state.editor.bodyProblem = nil
        state.report(.info("Formatted the JSON body."))
        return edit(id, &state) { $0.body = formatted }
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
