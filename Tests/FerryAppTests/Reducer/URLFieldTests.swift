import FerryTerminal
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The URL field as the widgets' TextEditorState, driven by scripted key events through the key map: word motion,
/// selection, undo, the mouse, completion, and `{{variable}}` highlighting drawn over it.
@Suite("URL field")
struct URLFieldTests {
    let folder: TemporaryWorkspace
    var state: AppState

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests, environments: ["local": "http://127.0.0.1:9"])
        state = try folder.loadState(size: Size(width: 80, height: 24))
        state.focus = .editor
    }

    mutating func press(_ events: InputEvent...) { press(events) }

    mutating func press(_ events: [InputEvent]) { state.feed(events) }

    var url: String? { state.currentRequest?.url }

    @Test mutating func wordMotionSelectionAndUndoComeFromTheEditor() {
        #expect(url == "{{host}}/json" && state.urlCursor == 13)
        press(.key(.left, modifiers: .control))
        #expect(state.urlCursor == 9)
        press(InputEvent.typing("v1/"))
        #expect(url == "{{host}}/v1/json")
        press(.key(.character("b"), modifiers: .alt), .key(.character("b"), modifiers: .alt))
        #expect(state.urlCursor == 2)
        // Shift-End selects to the end; typing replaces the selection.
        press(.key(.end, modifiers: .shift))
        #expect(state.urlEditor.selectedText == "host}}/v1/json")
        press(InputEvent.typing("example.test"))
        #expect(url == "{{example.test")
        // Ctrl-Z undoes (it suspends only in the tree and the response), Ctrl-Y redoes.
        press(.key(.character("z"), modifiers: .control))
        #expect(url == "{{host}}/v1/json")
        press(.key(.character("z"), modifiers: .control))
        #expect(url == "{{host}}/json")
        #expect(!state.hasUnsavedEdits)
        press(.key(.character("y"), modifiers: .control))
        #expect(url == "{{host}}/v1/json")
        // Ctrl-W deletes the word before the cursor; the key map's Home and End still move.
        press(.key(.end), .key(.character("w"), modifiers: .control))
        #expect(url == "{{host}}/v1/")
        press(.key(.home))
        #expect(state.urlCursor == 0)
        press(.key(.delete), .key(.delete))
        #expect(url == "host}}/v1/")
    }

    @Test mutating func aClickPlacesTheCursorAndAPasteLosesItsLineBreaks() {
        let field = AppReducer.urlFieldArea(state)
        press(.mouse(MouseEvent(.press(.left), at: Position(x: field.x + 4, y: field.y))))
        #expect(state.focus == .editor && state.urlCursor == 4)
        press(.paste("ab\ncd"))
        #expect(url == "{{hoabcdst}}/json")
    }

    @Test mutating func completionInsertsTheVariableNameAtTheCursor() {
        press(.key(.left, modifiers: .control), .key(.left))
        press(InputEvent.typing("{{ho"))
        #expect(state.variableCompletions == ["host"])
        #expect(state.keyContexts == [.completion, .editor])
        press(.key(.tab))
        #expect(url == "{{host}}{{host}}/json")
        #expect(state.urlCursor == 16)
    }

    @Test mutating func openingAnotherRequestPutsItsURLInTheField() {
        press(InputEvent.typing("?x=1"))
        state.focus = .tree
        press(.key(.down), .key(.enter))
        #expect(state.urlEditor.text == "{{host}}/echo" && state.urlCursor == 13)
        // The edit of the first request is still its draft.
        state.focus = .tree
        press(.key(.up), .key(.enter))
        #expect(state.urlEditor.text == "{{host}}/json?x=1")
    }

    @Test mutating func variablesAreHighlightedAndUnresolvedOnesFlaggedInTheField() {
        press(InputEvent.typing("?k={{nope}}"))
        press(.key(.left, modifiers: [.control, .shift]))
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

    @Test mutating func aLongURLScrollsSidewaysToKeepTheCursorInView() {
        _ = AppReducer.reduce(&state, .app(.terminalResized(Size(width: 50, height: 24))))
        press(InputEvent.typing("?query=" + String(repeating: "x", count: 40) + "END"))
        func fieldText() -> String {
            var buffer = ScreenBuffer(size: state.size)
            RequestEditorView(state: state).render(into: &buffer, area: WorkbenchLayout(size: state.size).editor)
            let field = AppReducer.urlFieldArea(state)
            return String(buffer.line(field.y).dropFirst(field.x).prefix(field.width))
        }
        #expect(fieldText().contains("END") && !fieldText().contains("{{host}}"), "\(fieldText())")
        press(.key(.home))
        #expect(fieldText().hasPrefix("{{host}}/json?query=") && !fieldText().contains("END"), "\(fieldText())")
    }
}
