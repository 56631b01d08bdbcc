import FerryTerminal
import FerryWorkbench

/// What the request editor adds over the query of a GraphQL request: the first problem in words, its place
/// underlined in the body editor, the schema's state, and the completion list under the cursor.
struct GraphQLQueryMarks {
    /// The state to draw.
    let state: AppState

    /// The most completions listed at once.
    static let listedCompletions = 6

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
        let scroll = editor.visibleScroll(in: area.size)
        let style = state.theme[.error].adding(.underline)
        for problem in state.graphQLQueryProblems {
            let line = problem.line - 1
            guard editor.lines.indices.contains(line) else { continue }
            let characters = editor.lines[line]
            let column = min(max(0, problem.column - 1), characters.count)
            let start = editor.displayColumn(of: TextPosition(line: line, column: column))
            let name = characters[column...].prefix { $0 == "_" || $0.isLetter || $0.isNumber }
            let end = editor.displayColumn(of: TextPosition(line: line, column: column + name.count))
            let width = max(1, end - start)
            let y = area.y + line - scroll.y
            guard y >= area.y, y < area.bottom else { continue }
            let x = area.x + start - scroll.x
            buffer.setStyle(style, in: Rect(x: x, y: y, width: width, height: 1).intersection(area))
        }
    }

    /// Draws the completion list under the cursor `cursor` of the body editor drawn in `area` (above it when
    /// there is no room below).
    func drawCompletions(at cursor: Position, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let completion = state.graphQLCompletion else { return }
        let theme = state.theme
        let shown = Array(completion.candidates.prefix(Self.listedCompletions))
        let width = min(area.width, max(24, shown.map { $0.name.count + $0.detail.count + 3 }.max() ?? 0))
        let height = shown.count
        let below = cursor.y + 1
        let top = below + height <= area.bottom ? below : max(area.y, cursor.y - height)
        let x = max(area.x, min(cursor.x - completion.partial.count, area.right - width))
        for (index, candidate) in shown.enumerated() {
            let row = Rect(x: x, y: top + index, width: width, height: 1)
            let base = index == 0 ? theme[.selection] : theme[.accent]
            buffer.fill(row, with: Cell(" ", style: base))
            Line([Span(" " + candidate.name, style: base), Span(" " + candidate.detail, style: base.adding(.dim))])
                .render(into: &buffer, area: row)
        }
    }
}
