import FerryTerminal
import Testing

@Suite struct TextFieldTests {
    @Test func fieldShowsThePlaceholderWhenEmpty() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        TextField(state: TextEditorState(), placeholder: "https://…").render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["https://…"])
        #expect(buffer[0, 0].style.modifiers.contains(.dim))
    }

    @Test func fieldScrollsSidewaysToKeepTheCursorVisible() {
        var state = TextEditorState()
        let area = Rect(x: 0, y: 0, width: 8, height: 1)
        for event in InputEvent.typing("https://example.org") { _ = state.handle(event, area: area) }
        var buffer = ScreenBuffer(width: 8, height: 1)
        let field = TextField(state: state)
        field.render(into: &buffer, area: area)
        expectScreen(buffer, ["ple.org"])
        #expect(field.cursorPosition(in: area) == Position(x: 7, y: 0))
        state.move(.lineStart)
        buffer = ScreenBuffer(width: 8, height: 1)
        TextField(state: state).render(into: &buffer, area: area)
        expectScreen(buffer, ["https://"])
    }

    @Test func fieldBlanksAWideCharacterCutByTheLeftEdgeAndStylesTheSelection() {
        var state = TextEditorState(text: "a日本語")
        let area = Rect(x: 0, y: 0, width: 4, height: 1)
        _ = state.handle(.key(.left, modifiers: .shift), area: area)
        var buffer = ScreenBuffer(width: 4, height: 1)
        TextField(state: state).render(into: &buffer, area: area)
        // The cursor sits on 語 (columns 5-6): scrolled by 3 so both halves show.
        #expect(state.scroll.x == 3)
        expectScreen(buffer, ["本語"])
        #expect(buffer[2, 0].style.modifiers.contains(.reverse))
        #expect(!buffer[0, 0].style.modifiers.contains(.reverse))
        // At the end the cursor needs column 7, so 本 is cut in half by the left edge and drawn as a blank.
        _ = state.handle(.key(.end), area: area)
        buffer = ScreenBuffer(width: 4, height: 1)
        TextField(state: state).render(into: &buffer, area: area)
        expectScreen(buffer, [" 語"])
        #expect(TextField(state: state).cursorPosition(in: area) == Position(x: 3, y: 0))
    }

    @Test func textAreaScrollsVerticallyAndHighlightsASelectionAcrossLines() {
        var state = TextEditorState(text: "one\ntwo\nthree\nfour\nfive", isMultiline: true)
        let area = Rect(x: 1, y: 1, width: 8, height: 3)
        _ = state.handle(.key(.up, modifiers: .shift), area: area)
        _ = state.handle(.key(.up, modifiers: .shift), area: area)
        #expect(state.selectedText == "e\nfour\nfive")
        var buffer = ScreenBuffer(width: 10, height: 5)
        let editor = TextArea(state: state)
        editor.render(into: &buffer, area: area)
        expectScreen(buffer, ["", " two", " three", " four"])
        #expect(!buffer[4, 2].style.modifiers.contains(.reverse))
        #expect(buffer[5, 2].style.modifiers.contains(.reverse))
        #expect(buffer[6, 2].style.modifiers.contains(.reverse))
        #expect(buffer[1, 3].style.modifiers.contains(.reverse))
        #expect(!buffer[1, 1].style.modifiers.contains(.reverse))
        #expect(editor.cursorPosition(in: area) == Position(x: 5, y: 2))
    }

    @Test func typingAKeyChangesOnlyTheCellsItTouches() {
        let area = Rect(x: 0, y: 0, width: 40, height: 1)
        var state = TextEditorState(text: "https://example.org/users")
        var before = ScreenBuffer(width: 40, height: 1)
        TextField(state: state).render(into: &before, area: area)
        _ = state.handle(.character("/"), area: area)
        var after = ScreenBuffer(width: 40, height: 1)
        TextField(state: state).render(into: &after, area: area)
        #expect(after.changes(from: before) == [CellChange(position: Position(x: 25, y: 0), cell: Cell("/"))])
        _ = state.handle(.key(.left, modifiers: .control), area: area)
        _ = state.handle(.character("X"), area: area)
        var inserted = ScreenBuffer(width: 40, height: 1)
        TextField(state: state).render(into: &inserted, area: area)
        // An insertion in the middle redraws the rest of the line only.
        #expect(inserted.changes(from: after).map(\.position.x) == Array(20...26))
    }

    @Test func controlCharactersInTheTextAreDrawnAsEscapes() {
        var state = TextEditorState()
        _ = state.handle(.paste("a\u{1B}b"), area: Rect(x: 0, y: 0, width: 10, height: 1))
        var buffer = ScreenBuffer(width: 10, height: 1)
        TextField(state: state).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["a\\x1bb"])
        #expect(state.cursorColumn == 6)
    }
}
