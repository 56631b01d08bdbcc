import FerryTerminal
import FerryWorkbench
import Testing

@testable import FerryApp

/// The URL field on one row: a URL longer than the row is marked with `…` where it goes on out of view.
@Suite struct URLFieldViewTests {
    let url = "https://api.example.com/v1/users/12345/orders?page=2&size=50"

    /// The field drawn 20 columns wide with `editor`, as text.
    private func drawn(_ editor: TextEditorState) -> String {
        var buffer = ScreenBuffer(width: 20, height: 1)
        URLFieldView(editor: editor, context: VariableContext(), theme: .fallback)
            .render(into: &buffer, area: buffer.area)
        return buffer.line(0)
    }

    @Test func theCursorAtTheEndShowsTheTailMarkedOnTheLeft() {
        let shown = drawn(TextEditorState(text: url))
        #expect(shown.hasPrefix("…"), "\(shown)")
        #expect(shown.hasSuffix("size=50 "), "the cursor's column after the text: \(shown)")
    }

    @Test func theCursorAtTheStartShowsTheHeadMarkedOnTheRight() {
        var editor = TextEditorState(text: url)
        editor.move(.lineStart)
        #expect(drawn(editor) == "https://api.example…")
    }

    @Test func aURLThatFitsHasNoMarks() {
        #expect(drawn(TextEditorState(text: "http://h/a")) == "http://h/a          ")
    }
}
