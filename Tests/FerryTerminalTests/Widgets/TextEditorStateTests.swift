import FerryTerminal
import Testing

@Suite struct TextEditorStateTests {
    let field = Rect(x: 0, y: 0, width: 40, height: 1)

    /// Feeds `events` and expects each to be used.
    func feed(_ state: inout TextEditorState, _ events: [InputEvent], area: Rect? = nil) {
        for event in events { expectUsed(state.handle(event, area: area ?? field)) }
    }

    func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent { .key(key, modifiers: modifiers) }

    // MARK: - Characters and lines

    @Test func typingInsertsAtTheCursorAndMovesByGrapheme() {
        var state = TextEditorState()
        feed(&state, InputEvent.typing("cafe\u{301}🇯🇵"))
        #expect(state.text == "café🇯🇵")
        #expect(state.cursor.column == 5)
        feed(&state, [key(.left), key(.left)])
        #expect(state.cursor.column == 3)
        feed(&state, InputEvent.typing("X"))
        #expect(state.text == "cafXé🇯🇵")
        feed(&state, [key(.home)])
        #expect(state.cursor.column == 0)
        feed(&state, [key(.left)])
        #expect(state.cursor.column == 0)
        feed(&state, [key(.end), key(.right)])
        #expect(state.cursor.column == 6)
        feed(&state, [.key(.control("a"))])
        #expect(state.cursor.column == 0)
        feed(&state, [.key(.control("e"))])
        #expect(state.cursor.column == 6)
    }

    @Test func wordMotionStopsAtWordStartsAndEnds() {
        var state = TextEditorState(text: "get /users/42 now")
        var stops: [Int] = []
        for _ in 0..<5 {
            feed(&state, [key(.left, .control)])
            stops.append(state.cursor.column)
        }
        #expect(stops == [14, 11, 5, 0, 0])
        stops = []
        for _ in 0..<5 {
            feed(&state, [key(.right, .alt)])
            stops.append(state.cursor.column)
        }
        #expect(stops == [3, 10, 13, 17, 17])
        feed(&state, [.key(.alt("b")), .key(.alt("b"))])
        #expect(state.cursor.column == 11)
        feed(&state, [.key(.alt("f"))])
        #expect(state.cursor.column == 13)
    }

    @Test func wordMotionCrossesLineBreaksInMultilineText() {
        var state = TextEditorState(text: "one\ntwo", isMultiline: true)
        feed(&state, [key(.left, .control), key(.left, .control)])
        #expect(state.cursor == TextPosition(line: 0, column: 3))
        feed(&state, [key(.right, .control)])
        #expect(state.cursor == TextPosition(line: 1, column: 0))
    }

    // MARK: - Selection

    @Test func shiftExtendsTheSelectionAndTypingReplacesIt() {
        var state = TextEditorState(text: "hello world")
        feed(&state, [key(.left, .shift), key(.left, .shift), key(.left, .shift)])
        #expect(state.selectedText == "rld")
        #expect(state.selection == TextPosition(line: 0, column: 8)..<TextPosition(line: 0, column: 11))
        feed(&state, [key(.left, [.shift, .control])])
        #expect(state.selectedText == "world")
        feed(&state, InputEvent.typing("there"))
        #expect(state.text == "hello there")
        #expect(state.selection == nil)
        feed(&state, [key(.home, .shift)])
        #expect(state.selectedText == "hello there")
        feed(&state, [key(.right)])
        #expect(state.cursor.column == 11 && state.selection == nil)
        feed(&state, [key(.left, .shift), key(.left, .shift), key(.left)])
        #expect(state.cursor.column == 9 && state.selection == nil)
        feed(&state, [key(.end, .shift)])
        expectUsed(state.handle(key(.escape), area: field))
        #expect(state.selection == nil)
        expectUsed(state.handle(key(.escape), area: field), false)
    }

    @Test func selectionSpansLinesAndDeletesAsOneEdit() {
        var state = TextEditorState(text: "ab\ncd\nef", isMultiline: true)
        state.moveCursor(to: TextPosition(line: 0, column: 1))
        state.move(.down, extending: true)
        state.move(.down, extending: true)
        #expect(state.selectedText == "b\ncd\ne")
        feed(&state, [key(.backspace)], area: Rect(x: 0, y: 0, width: 10, height: 3))
        #expect(state.text == "af")
        state.undo()
        #expect(state.text == "ab\ncd\nef")
        state.selectAll()
        #expect(state.selectedText == "ab\ncd\nef")
    }

    // MARK: - Deleting

    @Test func deletionKeysRemoveCharactersWordsAndLineParts() {
        var state = TextEditorState(text: "alpha beta gamma")
        feed(&state, [key(.backspace)])
        #expect(state.text == "alpha beta gamm")
        feed(&state, [.key(.control("w"))])
        #expect(state.text == "alpha beta ")
        feed(&state, [key(.backspace, .alt)])
        #expect(state.text == "alpha ")
        feed(&state, [key(.home), key(.delete)])
        #expect(state.text == "lpha ")
        feed(&state, [.key(.alt("d"))])
        #expect(state.text == " ")
        state.setText("key: value")
        state.moveCursor(to: TextPosition(line: 0, column: 4))
        feed(&state, [.key(.control("k"))])
        #expect(state.text == "key:")
        feed(&state, [.key(.control("u"))])
        #expect(state.text.isEmpty)
        feed(&state, [key(.backspace), key(.delete)])
        #expect(state.text.isEmpty)
    }

    @Test func backspaceAndDeleteJoinLines() {
        var state = TextEditorState(text: "ab\ncd", isMultiline: true)
        state.moveCursor(to: TextPosition(line: 1, column: 0))
        state.deleteBackward()
        #expect(state.text == "abcd")
        #expect(state.cursor == TextPosition(line: 0, column: 2))
        state.insertLineBreak()
        state.move(.up)
        state.move(.lineEnd)
        state.deleteForward()
        #expect(state.text == "abcd")
    }

    // MARK: - Undo

    @Test func undoAndRedoWalkTypingRunsSplitAtSpaces() {
        var state = TextEditorState()
        feed(&state, InputEvent.typing("hello world"))
        feed(&state, [.key(.control("z"))])
        #expect(state.text == "hello")
        feed(&state, [.key(.control("z"))])
        #expect(state.text.isEmpty)
        #expect(!state.canUndo)
        expectUsed(state.handle(.key(.control("z")), area: field))
        feed(&state, [.key(.control("y"))])
        #expect(state.text == "hello")
        feed(&state, [.key(KeyEvent(.character("z"), modifiers: [.control, .shift]))])
        #expect(state.text == "hello world")
        #expect(!state.canRedo)
    }

    @Test func movingEndsATypingRunAndNewEditsClearRedo() {
        var state = TextEditorState()
        feed(&state, InputEvent.typing("ab"))
        feed(&state, [key(.left)])
        feed(&state, InputEvent.typing("X"))
        #expect(state.text == "aXb")
        state.undo()
        #expect(state.text == "ab")
        #expect(state.cursor.column == 1)
        feed(&state, [key(.backspace), key(.backspace)])
        #expect(state.text == "b")
        #expect(!state.canRedo)
        state.undo()
        #expect(state.text == "ab")
        state.undo()
        #expect(state.text.isEmpty)
    }

    @Test func pasteIsOneUndoStep() {
        var state = TextEditorState(text: "x")
        feed(&state, [.paste("pasted text")])
        #expect(state.text == "xpasted text")
        state.undo()
        #expect(state.text == "x")
    }

    @Test func undoAndRedoRestoreALargeTextExactlyAcrossLineJoins() {
        let original = (0..<10_000).map { "line \($0) {\"key\": \($0)}" }.joined(separator: "\n")
        var state = TextEditorState(text: original, isMultiline: true)
        state.moveCursor(to: TextPosition(line: 5_000, column: 4))
        state.insert("X")
        state.move(.lineStart)
        state.deleteBackward()
        state.move(.down, extending: true)
        state.move(.down, extending: true)
        state.paste("pasted\nblock")
        let edited = state.text
        #expect(edited != original)
        #expect(state.lines.count == 9_998)
        while state.undo() {}
        #expect(state.text == original)
        while state.redo() {}
        #expect(state.text == edited)
    }

    // MARK: - Paste and line breaks

    @Test func pasteIntoAFieldFlattensLineBreaks() {
        var state = TextEditorState()
        feed(&state, [.paste("a\r\nb\nc\rd")])
        #expect(state.text == "a b c d")
        expectUsed(state.handle(key(.enter), area: field), false)
        expectUsed(state.handle(key(.up), area: field), false)
        expectUsed(state.handle(key(.tab), area: field), false)
        #expect(state.text == "a b c d")
    }

    @Test func pasteIntoAnAreaKeepsLinesAndEndsAfterThem() {
        var state = TextEditorState(text: "[]", isMultiline: true)
        state.moveCursor(to: TextPosition(line: 0, column: 1))
        feed(&state, [.paste("1,\r\n2")], area: Rect(x: 0, y: 0, width: 10, height: 5))
        #expect(state.lines.map { String($0) } == ["[1,", "2]"])
        #expect(state.cursor == TextPosition(line: 1, column: 1))
    }

    @Test func enterCarriesIndentation() {
        var state = TextEditorState(text: "{\n  \"a\": 1,", isMultiline: true)
        feed(&state, [key(.enter)], area: Rect(x: 0, y: 0, width: 20, height: 5))
        feed(&state, InputEvent.typing("\"b\""), area: Rect(x: 0, y: 0, width: 20, height: 5))
        #expect(state.text == "{\n  \"a\": 1,\n  \"b\"")
    }

    // MARK: - Vertical motion

    @Test func upAndDownKeepTheDisplayColumnAcrossShortAndWideLines() {
        var state = TextEditorState(text: "abcdef\nab\n日本語xyz\nlast", isMultiline: true)
        let area = Rect(x: 0, y: 0, width: 20, height: 2)
        state.moveCursor(to: TextPosition(line: 0, column: 5))
        feed(&state, [key(.down)], area: area)
        #expect(state.cursor == TextPosition(line: 1, column: 2))
        feed(&state, [key(.down)], area: area)
        #expect(state.cursor == TextPosition(line: 2, column: 2))
        #expect(state.cursorColumn == 4)
        feed(&state, [key(.up), key(.up)], area: area)
        #expect(state.cursor == TextPosition(line: 0, column: 5))
        feed(&state, [key(.up)], area: area)
        #expect(state.cursor == .zero)
        feed(&state, [key(.pageDown)], area: area)
        #expect(state.cursor.line == 2)
        feed(&state, [key(.pageDown)], area: area)
        #expect(state.cursor == TextPosition(line: 3, column: 4))
        feed(&state, [key(.pageUp)], area: area)
        #expect(state.cursor.line == 1)
        feed(&state, [key(.end, .control)], area: area)
        #expect(state.cursor == state.endPosition)
        feed(&state, [key(.home, [.control, .shift])], area: area)
        #expect(state.cursor == .zero)
        #expect(state.selectedText == state.text)
    }

    // MARK: - Wide characters and scrolling

    @Test func wideCharactersCountTwoColumnsAndScrollTheField() {
        var state = TextEditorState()
        let narrow = Rect(x: 2, y: 1, width: 5, height: 1)
        feed(&state, InputEvent.typing("日本語テキスト"), area: narrow)
        #expect(state.cursorColumn == 14)
        #expect(state.scroll.x == 10)
        #expect(state.cursorPosition(in: narrow) == Position(x: 6, y: 1))
        feed(&state, [key(.left)], area: narrow)
        #expect(state.cursorColumn == 12)
        #expect(state.cursorPosition(in: narrow) == Position(x: 4, y: 1))
        feed(&state, [key(.home)], area: narrow)
        #expect(state.scroll.x == 0)
        #expect(state.cursorPosition(in: narrow) == Position(x: 2, y: 1))
    }

    @Test func mouseClickPlacesTheCursorByDisplayColumn() {
        var state = TextEditorState(text: "日本 ok\nsecond", isMultiline: true)
        let area = Rect(x: 1, y: 1, width: 20, height: 3)
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 4, y: 1))), area: area))
        #expect(state.cursor == TextPosition(line: 0, column: 1))
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 15, y: 2))), area: area))
        #expect(state.cursor == TextPosition(line: 1, column: 6))
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 3))), area: area))
        #expect(state.cursor == TextPosition(line: 1, column: 2))
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 0, y: 0))), area: area), false)
    }

    @Test func wheelScrollsAnAreaAndTakesTheCursorAlong() {
        let text = (0..<20).map { "line \($0)" }.joined(separator: "\n")
        var state = TextEditorState(text: text, isMultiline: true)
        let area = Rect(x: 0, y: 0, width: 10, height: 4)
        state.moveCursor(to: .zero)
        expectUsed(state.handle(.mouse(MouseEvent(.scrollDown, at: Position(x: 0, y: 0))), area: area))
        #expect(state.scroll.y == 3)
        #expect(state.cursor.line == 3)
        #expect(state.cursorPosition(in: area) == Position(x: 0, y: 0))
    }
}
