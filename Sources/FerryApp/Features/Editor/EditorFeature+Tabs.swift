import FerryJSON
import FerryTerminal
import FerryWorkbench

// MARK: - The tabs' editors: the Params, Headers and fields tables, the body text, its kind and format

extension EditorFeature {
    /// Down from the URL: the open tab's editor takes the keyboard (a picker for the Options and Auth tabs).
    static func startTabEditing(_ state: inout State, _ context: Context) -> FeatureOutput {
        guard let request = state.request(context) else { return .none }
        switch state.tab {
        case .body:
            return startBodyEditing(request, &state, context)
        case .headers:
            state.mode = .headers(HeaderRows.table(for: request))
        case .options:
            return .present(
                .optionsPicker(PickerDialogState(title: "Options", items: OptionDirectives.choices(for: request))))
        case .auth:
            return .present(.authPicker(PickerDialogState(title: "Auth", items: AuthChoice.allCases.map(\.row))))
        case .params:
            state.mode = .params(QueryRows.table(for: request.fullURL))
        }
        return .none
    }

    /// Down on the Body tab: the fields table for a form or multipart body that parses, the text editor for
    /// anything else, the kind picker when there is no body yet.
    private static func startBodyEditing(
        _ request: SavedRequest, _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        state.mode = .url
        switch request.bodyKind {
        case .none:
            return pickBodyKind(state, context)
        case .form, .multipart:
            if let fields = request.formFields {
                state.mode = .fields(
                    KeyValueTableState(rows: fields.map(AppReducer.row) + DisabledFormFields.rows(in: request)))
                return .none
            }
        case .json, .text, .file:
            break
        }
        state.mode = .body(TextEditorState(text: request.body ?? "", isMultiline: true))
        state.bodyProblem = AppReducer.jsonProblem(in: request.body ?? "", of: request)
        return .none
    }

    /// Opens the body-kind picker.
    static func pickBodyKind(_ state: State, _ context: Context) -> FeatureOutput {
        guard let request = state.request(context) else { return .none }
        return .present(
            .bodyKindPicker(
                PickerDialogState(
                    title: "Body (\(request.bodyKind.title) now)",
                    items: BodyKind.allCases.map { PickerChoice($0, $0.title) })))
    }

    /// Hands `event` to the table that has the keyboard, if one does.
    static func editFocusedTable(_ event: InputEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        switch state.mode {
        case .params: editParams(event, &state, context)
        case .headers: editHeaders(event, &state, context)
        case .fields: editBodyTable(event, &state, context)
        case .url, .body: .none
        }
    }

    /// Applies a key, paste or click to the headers table and writes its rows back into the draft.
    static func editHeaders(_ event: InputEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard case .headers(var table) = state.mode, let id = state.openRequest else { return .none }
        let before = table.rows
        _ = table.handle(event, area: context.layout.editorContent)
        state.mode = .headers(table)
        guard table.rows != before else { return .none }
        return .run(
            state.edit(id, saved: context.saved) {
                $0.headerLines = HeaderRows.otherComments(in: $0.headerLines) + HeaderRows.lines(from: table.rows)
            })
    }

    /// Applies a key, paste or click to the query table and writes the URL its enabled rows make into the
    /// draft; the URL field shows it at once.
    static func editParams(_ event: InputEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard case .params(var table) = state.mode, let id = state.openRequest, let request = state.request(context)
        else { return .none }
        let before = table.rows
        _ = table.handle(event, area: context.layout.editorContent)
        state.mode = .params(table)
        guard table.rows != before else { return .none }
        let url = QueryRows.url(request.fullURL, with: table.rows)
        guard url != request.fullURL else { return .none }
        let effects = state.edit(id, saved: context.saved) {
            $0.url = url
            $0.urlContinuations = []
        }
        state.syncURLEditor(context)
        return .run(effects)
    }

    /// Applies a key, paste or click to the body editor and keeps the draft in step with it.
    static func editBody(_ event: InputEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard case .body(var editor) = state.mode, let id = state.openRequest else { return .none }
        let before = editor.text
        _ = editor.handle(event, area: context.layout.bodyEditor)
        state.mode = .body(editor)
        let text = editor.text
        guard text != before else { return .none }
        state.bodyProblem = AppReducer.jsonProblem(in: text, of: state.request(context))
        return .run(state.edit(id, saved: context.saved) { $0.body = text.isEmpty ? nil : text })
    }

    /// Applies a key, paste or click to the fields table and writes the enabled, named rows back into the body.
    static func editBodyTable(_ event: InputEvent, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard case .fields(var table) = state.mode, let id = state.openRequest else { return .none }
        if let undone = endFileFieldEdit(event, &state, context) { return undone }
        let before = table.rows
        _ = table.handle(event, area: context.layout.bodyEditor)
        state.mode = .fields(table)
        guard table.rows != before else { return .none }
        return .run(
            state.edit(id, saved: context.saved) { request in
                request.setFormFields(
                    AppReducer.fields(from: table.rows, replacing: request.formFields ?? [], in: request.bodyKind))
                DisabledFormFields.store(table.rows, in: &request)
            })
    }

    /// Turns the selected multipart field into a file field (its value becomes `< ./…` and the path is edited
    /// at once) or a file field back into a text field holding the path.
    static func toggleFileField(_ state: inout State, _ context: Context) -> FeatureOutput {
        guard case .fields(var table) = state.mode, !table.isEditing, let index = table.selectedRow,
            state.request(context)?.bodyKind == .multipart, let id = state.openRequest
        else { return .none }
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
        state.mode = .fields(table)
        state.fileFieldUndo =
            isFile
            ? FileFieldUndo(request: id, row: index, previousValue: previousValue, fileValue: rows[index].value) : nil
        return .run(
            state.edit(id, saved: context.saved) { request in
                request.setFormFields(
                    AppReducer.fields(from: rows, replacing: request.formFields ?? [], in: .multipart))
                DisabledFormFields.store(rows, in: &request)
            })
    }

    /// Handles `event` when it ends the path edit that `f` started: Esc puts the field's previous text back;
    /// Enter or Tab keep the path and forget the undo. `nil`: the table handles the event as usual.
    private static func endFileFieldEdit(
        _ event: InputEvent, _ state: inout State, _ context: Context
    ) -> FeatureOutput? {
        guard let undo = state.fileFieldUndo else { return nil }
        guard case .key(let key) = event else { return nil }
        guard case .fields(var table) = state.mode, table.isEditing, table.selectedRow == undo.row,
            state.openRequest == undo.request, table.rows.indices.contains(undo.row),
            table.rows[undo.row].value == undo.fileValue
        else {
            state.fileFieldUndo = nil
            return nil
        }
        if key.key == .escape && key.modifiers.isEmpty {
            state.fileFieldUndo = nil
            var rows = table.rows
            rows[undo.row].value = undo.previousValue
            table.setRows(rows)
            table.select(row: undo.row, column: .value)
            state.mode = .fields(table)
            let effects = state.edit(undo.request, saved: context.saved) { request in
                request.setFormFields(
                    AppReducer.fields(from: rows, replacing: request.formFields ?? [], in: .multipart))
                DisabledFormFields.store(rows, in: &request)
            }
            return FeatureOutput(
                effects: effects, requests: [.report(.info("\(rows[undo.row].name) stays a text field."))])
        }
        // Enter or Tab keep the path; the undo is over.
        if key.key == .enter || key.key == .tab { state.fileFieldUndo = nil }
        return nil
    }

    /// Pretty-prints the JSON body (two spaces, keys in order).
    static func formatBody(_ state: inout State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest, let request = state.request(context) else { return .none }
        var editor: TextEditorState?
        if case .body(let open) = state.mode { editor = open }
        guard request.bodyKind == .json, let body = editor?.text ?? request.body, !body.isEmpty else {
            return .report(.error("Only a JSON body can be formatted (F7 picks the body kind)."))
        }
        let formatted: String
        do {
            formatted = try JSONValue(parsing: body).formatted(.pretty(indent: 2))
        } catch {
            return .report(
                .error(
                    "Cannot format: line \(error.line), column \(error.column): \(error.message)"
                        + (body.contains("{{") ? " ({{variables}} outside strings cannot be formatted)." : ".")))
        }
        if var editor {
            // Select all and replace, so Ctrl-Z takes the formatting back.
            editor.selectAll()
            editor.insert(formatted)
            state.mode = .body(editor)
        }
        state.bodyProblem = nil
        return FeatureOutput(
            effects: state.edit(id, saved: context.saved) { $0.body = formatted },
            requests: [.report(.info("Formatted the JSON body."))])
    }
}
