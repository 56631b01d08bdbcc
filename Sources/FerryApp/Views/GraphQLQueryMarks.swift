import FerryTerminal
import FerryWorkbench

/// What the request editor adds over the query of a GraphQL request: the first problem in words, its place
/// underlined in the body editor, the schema's state, and the completion list under the cursor.
struct GraphQLQueryMarks {
    /// The state to draw.
    let state: AppState

    /// ` ✗ line 2, column 5: no field 'nme' on Hero`, else how the schema stands, for the line above the query.
    var summary: [Span] {
        let theme = state.theme
        if let problem = state.graphQLQueryProblems.first {
            return [
                Span("  ✗ line \(problem.line), column \(problem.column): \(problem.message)", style: theme[.error])
            ]
        }
        let key = AppKeyMap.hint(for: .refreshSchema, in: state.keyMap) ?? "Ctrl+L"
        switch state.graphQLSchemaState {
        case nil: return [Span("  · no schema: \(key) fetches it", style: theme[.muted])]
        case .fetching: return [Span("  · fetching the schema…", style: theme[.muted])]
        case .failed(let message, _): return [Span("  ✗ schema: \(message)", style: theme[.warning])]
        case .loaded: return [Span("  ✓ schema · Tab completes", style: theme[.muted])]
        }
    }

    /// Underlines, in the body editor drawn in `area`, the name at each problem's line and column.
    func underlineProblems(of editor: TextEditorState, in area: Rect, into buffer: inout ScreenBuffer) {
        BodyEditorMarks(theme: state.theme).underline(
            state.graphQLQueryProblems.map { ($0.line, $0.column) }, of: editor, in: area, into: &buffer)
    }

    /// Draws the completion list under the cursor `cursor` of the body editor drawn in `area` (above it when
    /// there is no room below).
    func drawCompletions(at cursor: Position, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let completion = state.graphQLCompletion else { return }
        BodyEditorMarks(theme: state.theme).drawCompletions(
            completion.candidates.map { ($0.name, $0.detail) }, partial: completion.partial, at: cursor, in: area,
            into: &buffer)
    }
}
