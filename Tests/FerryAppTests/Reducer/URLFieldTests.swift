import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The URL field as the widgets' TextEditorState, driven by keys through the key map on ``ReducerTester``
/// (each change stated): word motion, selection, undo, the mouse, completion, and `{{variable}}` highlighting
/// drawn over it.
@Suite("URL field")
struct URLFieldTests {
    let folder: TemporaryWorkspace
    let state: AppState
    let id: RequestID

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
        id = try #require(state.openRequest)
    }

    /// A tester with the URL field focused as users focus it: Tab from the tree.
    func inTheField(_ state: AppState? = nil) -> ReducerTester {
        let tester = ReducerTester(state ?? self.state)
        tester.press(.key(.tab)) { $0.panes.focus = .editor }
        return tester
    }

    /// States an edit of the field: `edit` on its editor, and the open request's draft holding the URL it then
    /// shows (no draft when that is the saved URL).
    static func edited(_ state: inout AppState, _ edit: (inout TextEditorState) -> Void) throws {
        let id = try #require(state.openRequest)
        state.editor.urlEditor.viewport = AppReducer.urlFieldArea(state).size
        edit(&state.editor.urlEditor)
        let saved = try #require(state.savedRequest(id))
        var draft = state.editor.drafts[id] ?? saved
        draft.url = state.editor.urlEditor.text
        state.editor.drafts[id] = draft == saved ? nil : draft
    }

    /// Types `text` one key at a time, each key stated as inserting its character.
    static func type(_ text: String, into tester: ReducerTester) throws {
        for character in text {
            try tester.press(.character(character)) { try edited(&$0) { $0.insert(String(character)) } }
        }
    }

    var url: String? { state.currentRequest?.url }

    @Test func wordMotionSelectionAndUndoComeFromTheEditor() async throws {
        let tester = inTheField()
        #expect(tester.state.currentRequest?.url == "{{host}}/json" && tester.state.urlCursor == 13)
        try tester.press(.key(.left, modifiers: .control)) { try Self.edited(&$0) { $0.move(.wordLeft) } }
        #expect(tester.state.urlCursor == 9)
        try Self.type("v1/", into: tester)
        #expect(tester.state.editor.drafts[id]?.url == "{{host}}/v1/json")
        for _ in 0..<2 {
            try tester.press(.key(.character("b"), modifiers: .alt)) { try Self.edited(&$0) { $0.move(.wordLeft) } }
        }
        #expect(tester.state.urlCursor == 2)
        // Shift-End selects to the end; typing replaces the selection.
        try tester.press(.key(.end, modifiers: .shift)) {
            try Self.edited(&$0) { $0.move(.lineEnd, extending: true) }
        }
        #expect(tester.state.editor.urlEditor.selectedText == "host}}/v1/json")
        try Self.type("example.test", into: tester)
        #expect(tester.state.editor.drafts[id]?.url == "{{example.test")
        // Ctrl-Z undoes (it suspends only in the tree and the response), Ctrl-Y redoes.
        try tester.press(.control("z")) { try Self.edited(&$0) { _ = $0.undo() } }
        #expect(tester.state.editor.drafts[id]?.url == "{{host}}/v1/json")
        try tester.press(.control("z")) { try Self.edited(&$0) { _ = $0.undo() } }
        #expect(tester.state.editor.drafts[id] == nil && !tester.state.hasUnsavedEdits)
        try tester.press(.control("y")) { try Self.edited(&$0) { _ = $0.redo() } }
        #expect(tester.state.editor.drafts[id]?.url == "{{host}}/v1/json")
        // Ctrl-W deletes the word before the cursor; the key map's Home and End still move.
        try tester.press(.key(.end)) { try Self.edited(&$0) { $0.move(.lineEnd) } }
        try tester.press(.control("w")) { try Self.edited(&$0) { $0.deleteWordBackward() } }
        #expect(tester.state.editor.drafts[id]?.url == "{{host}}/v1/")
        try tester.press(.key(.home)) { try Self.edited(&$0) { $0.move(.lineStart) } }
        #expect(tester.state.urlCursor == 0)
        for _ in 0..<2 { try tester.press(.key(.delete)) { try Self.edited(&$0) { $0.deleteForward() } } }
        #expect(tester.state.editor.drafts[id]?.url == "host}}/v1/")
        await tester.finish()
    }

    @Test func aClickPlacesTheCursorAndAPasteLosesItsLineBreaks() async throws {
        let tester = ReducerTester(state)
        let field = AppReducer.urlFieldArea(state)
        try tester.press(.mouse(MouseEvent(.press(.left), at: Position(x: field.x + 4, y: field.y)))) {
            $0.panes.focus = .editor
            try Self.edited(&$0) { $0.moveCursor(to: TextPosition(line: 0, column: 4)) }
        }
        #expect(tester.state.urlCursor == 4)
        try tester.press(.paste("ab\ncd")) { try Self.edited(&$0) { $0.insert("abcd") } }
        #expect(tester.state.editor.drafts[id]?.url == "{{hoabcdst}}/json")
        await tester.finish()
    }

    @Test func completionInsertsTheVariableNameAtTheCursor() async throws {
        let tester = inTheField()
        try tester.press(.key(.left, modifiers: .control)) { try Self.edited(&$0) { $0.move(.wordLeft) } }
        try tester.press(.key(.left)) { try Self.edited(&$0) { $0.move(.left) } }
        try Self.type("{{ho", into: tester)
        #expect(tester.state.variableCompletions == ["host"])
        #expect(tester.state.keyContexts == [.completion, .editor])
        try tester.press(.key(.tab)) { try Self.edited(&$0) { $0.insert("st}}") } }
        #expect(tester.state.editor.drafts[id]?.url == "{{host}}{{host}}/json")
        #expect(tester.state.urlCursor == 16)
        await tester.finish()
    }

    @Test func openingAnotherRequestPutsItsURLInTheField() async throws {
        let tester = inTheField()
        try Self.type("?x=1", into: tester)
        let echo = try #require(tester.state.workspace.requests.first { $0.request.url == "{{host}}/echo" }?.id)
        tester.press(.key(.tab)) { $0.panes.focus = .response }
        tester.press(.key(.tab)) { $0.panes.focus = .tree }
        tester.press(.key(.down)) { $0.tree.select(id: .request(echo)) }
        tester.press(.key(.enter)) {
            $0.openRequest = echo
            $0.resetURLEditor()
            $0.panes.focus = .editor
        }
        #expect(tester.state.editor.urlEditor.text == "{{host}}/echo" && tester.state.urlCursor == 13)
        // The edit of the first request is still its draft, and comes back into the field.
        tester.press(.key(.tab)) { $0.panes.focus = .response }
        tester.press(.key(.tab)) { $0.panes.focus = .tree }
        tester.press(.key(.up)) { $0.tree.select(id: .request(id)) }
        tester.press(.key(.enter)) {
            $0.openRequest = id
            $0.resetURLEditor()
            $0.panes.focus = .editor
        }
        #expect(tester.state.editor.urlEditor.text == "{{host}}/json?x=1")
        await tester.finish()
    }

    @Test func variablesAreHighlightedAndUnresolvedOnesFlaggedInTheField() async throws {
        let tester = inTheField()
        try Self.type("?k={{nope}}", into: tester)
        try tester.press(.key(.left, modifiers: [.control, .shift])) {
            try Self.edited(&$0) { $0.move(.wordLeft, extending: true) }
        }
        await tester.finish()
        let state = tester.state
        var buffer = ScreenBuffer(size: state.size)
        let editor = RequestEditorView(state: state)
        let pane = WorkbenchLayout(size: state.size).editor
        editor.render(into: &buffer, area: pane)
        let cursor = editor.cursorPosition(in: pane)
        let field = AppReducer.urlFieldArea(state)
        let row = buffer.line(field.y)
        let text = "{{host}}/json?k={{nope}}"
        #expect(row.contains("POST") == false && row.contains(text), "\(row)")
        let start = field.x
        func style(at offset: Int) -> Style { buffer[start + offset, field.y].style }
        #expect(style(at: 0) == state.theme[.accent])
        #expect(style(at: 9) == state.theme[.text])
        #expect(style(at: 16).modifiers.contains(.underline))
        // The selected word "nope" has the selection laid over the flag.
        #expect(style(at: 18) == state.theme[.error].adding(.underline).patched(with: state.theme[.selection]))
        #expect(cursor == Position(x: start + 18, y: field.y))
        #expect(buffer.line(WorkbenchLayout(size: state.size).editorContent.y).contains("unresolved {{nope}}"))
    }

    @Test func aLongURLScrollsSidewaysToKeepTheCursorInView() async throws {
        let tester = inTheField()
        tester.send(.panes(.resized(Size(width: 50, height: 24)))) {
            $0.panes.size = Size(width: 50, height: 24)
        }
        try Self.type("?query=" + String(repeating: "x", count: 40) + "END", into: tester)
        func fieldText() -> String {
            let state = tester.state
            var buffer = ScreenBuffer(size: state.size)
            RequestEditorView(state: state).render(into: &buffer, area: WorkbenchLayout(size: state.size).editor)
            let field = AppReducer.urlFieldArea(state)
            return String(buffer.line(field.y).dropFirst(field.x).prefix(field.width))
        }
        #expect(fieldText().contains("END") && !fieldText().contains("{{host}}"), "\(fieldText())")
        try tester.press(.key(.home)) { try Self.edited(&$0) { $0.move(.lineStart) } }
        #expect(fieldText().hasPrefix("{{host}}/json?query=") && !fieldText().contains("END"), "\(fieldText())")
        await tester.finish()
    }
}
