import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// Which `{{variables}}` are unresolved, and how they are styled.
@Suite("Variable highlighting")
struct VariableHighlighterTests {
    @Test func unresolvedVariablesAreFlagged() {
        let context = VariableContext(fileVariables: ["host": "h"])
        #expect(VariableHighlighter.unresolved(in: "{{host}}/{{id}}/{{$uuid}}/{{id}}", context: context) == ["id"])
        let spans = VariableHighlighter.spans("{{host}}/{{id}}", context: context, base: .plain, theme: .fallback)
        #expect(spans.map(\.content) == ["{{host}}", "/", "{{id}}"])
        #expect(spans[2].style.modifiers.contains(.underline))
    }
}
