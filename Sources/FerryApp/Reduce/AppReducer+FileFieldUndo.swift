import FerryTerminal
import FerryWorkbench

// MARK: - Esc after `f` in the multipart table takes the whole change back

extension AppReducer {
    /// Handles `event` when it ends the path edit that `f` started: Esc puts the field's previous text back
    /// (returning the effects of that edit); Enter or Tab keep the path and forget the undo. `nil`: the
    /// table handles the event as usual.
    static func endFileFieldEdit(_ event: InputEvent, _ state: inout AppState) -> [Effect]? {
        guard let undo = state.editor.fileFieldUndo else { return nil }
        guard case .key(let key) = event else { return nil }
        guard var table = state.bodyTable, table.isEditing, table.selectedRow == undo.row,
            state.openRequest == undo.request, table.rows.indices.contains(undo.row),
            table.rows[undo.row].value == undo.fileValue
        else {
            state.editor.fileFieldUndo = nil
            return nil
        }
        if key.key == .escape && key.modifiers.isEmpty {
            state.editor.fileFieldUndo = nil
            var rows = table.rows
            rows[undo.row].value = undo.previousValue
            table.setRows(rows)
            table.select(row: undo.row, column: .value)
            state.editor.mode = .fields(table)
            state.report(.info("\(rows[undo.row].name) stays a text field."))
            return edit(undo.request, &state) { request in
                request.setFormFields(fields(from: rows, replacing: request.formFields ?? [], in: .multipart))
                DisabledFormFields.store(rows, in: &request)
            }
        }
        // Enter or Tab keep the path; the undo is over.
        if key.key == .enter || key.key == .tab { state.editor.fileFieldUndo = nil }
        return nil
    }
}
