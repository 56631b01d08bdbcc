import FerryTerminal
import FerryWorkbench

/// What the request editor adds over the JSON body of a `GRPC` request: the first problem in words (and how many
/// more), every problem's place underlined in the body editor, how the endpoint's descriptors stand, and the
/// field completion list.
struct GRPCBodyMarks {
    /// The state to draw.
    let state: AppState

    /// ` ✗ line 1, column 2: …` (` ✗ 1 of 3: line 1, …` when there are more), else how the descriptors stand, for the line above the body.
    var summary: [Span] {
        let theme = state.theme
        let problems = state.grpcBodyProblems
        if let problem = problems.first {
            let count = problems.count > 1 ? "1 of \(problems.count): " : ""
            return [
                Span(
                    "  ✗ \(count)line \(problem.line), column \(problem.column): \(problem.message)",
                    style: theme[.error])
            ]
        }
        let key = AppKeyMap.hint(for: .refreshSchema, in: state.keyMap) ?? "Ctrl+L"
        switch state.grpcDescriptors {
        case nil: return [Span("  · no descriptors: \(key) fetches them", style: theme[.muted])]
        case .fetching: return [Span("  · fetching the descriptors…", style: theme[.muted])]
        case .failed(let message): return [Span("  ✗ descriptors: \(message)", style: theme[.warning])]
        case .loaded:
            guard let (method, _) = state.grpcMethod else {
                return [Span("  ✗ the descriptors have no such method", style: theme[.warning])]
            }
            return [Span("  ✓ \(method.inputType) · Tab completes", style: theme[.muted])]
        }
    }

    /// Underlines, in the body editor drawn in `area`, the member at each problem's line and column.
    func underlineProblems(of editor: TextEditorState, in area: Rect, into buffer: inout ScreenBuffer) {
        BodyEditorMarks(theme: state.theme).underline(
            state.grpcBodyProblems.map { ($0.line, $0.column) }, of: editor, in: area, into: &buffer)
    }

    /// Draws the field completion list under the cursor `cursor` of the body editor drawn in `area`.
    func drawCompletions(at cursor: Position, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let completion = state.grpcCompletion else { return }
        BodyEditorMarks(theme: state.theme).drawCompletions(
            completion.candidates.map { ($0.name, $0.detail) }, partial: completion.partial, at: cursor, in: area,
            into: &buffer)
    }
}
