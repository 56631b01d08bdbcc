import FerryTerminal
import Testing

@Suite struct KeyValueTableTests {
    let area = Rect(x: 0, y: 0, width: 29, height: 5)

    func makeState() -> KeyValueTableState {
        KeyValueTableState(rows: [
            KeyValueRow(name: "Accept", value: "application/json"),
            KeyValueRow(name: "X-Debug", value: "1", isEnabled: false),
        ])
    }

    func render(_ state: KeyValueTableState, focused: Bool = true) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 29, height: 5)
        KeyValueTable(state: state, isFocused: focused).render(into: &buffer, area: area)
        return buffer
    }

    func feed(_ state: inout KeyValueTableState, _ events: [InputEvent]) {
        for event in events { expectUsed(state.handle(event, area: area)) }
    }

    @Test func drawsHeaderTogglesAndCellsWithTheSelectedCellMarked() {
        let buffer = render(makeState())
        expectScreen(buffer, ["    Name      Value", "[x] Accept    application/jso", "[ ] X-Debug   1"])
        #expect(buffer[4, 1].style.modifiers.contains(.reverse))
        #expect(!buffer[14, 1].style.modifiers.contains(.reverse))
        #expect(buffer[4, 2].style.modifiers.contains(.dim))
        #expect(!render(makeState(), focused: false)[4, 1].style.modifiers.contains(.reverse))
    }

    static let controlSpace = InputEvent.key(KeyEvent(.character(" "), modifiers: .control))

    @Test func controlSpaceTogglesAndEnabledRowsSkipDisabledAndUnnamedOnes() {
        var state = makeState()
        #expect(state.enabledRows.map(\.name) == ["Accept"])
        feed(&state, [.key(.down), Self.controlSpace])
        #expect(state.rows[1].isEnabled)
        #expect(state.enabledRows.map(\.name) == ["Accept", "X-Debug"])
        feed(&state, [Self.controlSpace])
        #expect(!state.rows[1].isEnabled)
    }

    @Test func addingARowEditsNameThenValue() {
        var state = makeState()
        feed(&state, [.key(.insert)])
        #expect(state.isEditing)
        #expect(state.selectedRow == 1)
        feed(&state, InputEvent.typing("Auth"))
        feed(&state, [.key(.enter)])
        #expect(state.selectedColumn == .value)
        #expect(state.isEditing)
        feed(&state, [.paste("Bearer t0k3n")])
        var buffer = ScreenBuffer(width: 29, height: 5)
        let table = KeyValueTable(state: state)
        table.render(into: &buffer, area: area)
        expectScreen(
            buffer,
            ["    Name      Value", "[x] Accept    application/jso", "[x] Auth      Bearer t0k3n", "[ ] X-Debug   1"])
        #expect(table.cursorPosition(in: area) == Position(x: 26, y: 2))
        feed(&state, [.key(.enter)])
        #expect(!state.isEditing)
        #expect(state.rows[1] == KeyValueRow(name: "Auth", value: "Bearer t0k3n"))
    }

    @Test func escapeDiscardsTheEditAndAnEmptyAddedRow() {
        var state = makeState()
        feed(&state, [.key(.enter)])
        feed(&state, InputEvent.typing("-Encoding"))
        feed(&state, [.key(.escape)])
        #expect(state.rows[0].name == "Accept")
        feed(&state, [.key(.insert), .key(.escape)])
        #expect(state.rows.count == 2)
        #expect(state.selectedRow == 0)
    }

    @Test func tabMovesBetweenColumnsKeepingTheText() {
        var state = makeState()
        feed(&state, [.key(.function(2)), .key(.end)])
        feed(&state, InputEvent.typing("-Language"))
        feed(&state, [.key(.tab)])
        #expect(state.rows[0].name == "Accept-Language")
        #expect(state.selectedColumn == .value && state.isEditing)
        feed(&state, [.key(.backspace)])
        feed(&state, [.key(.tab, modifiers: .shift)])
        #expect(state.rows[0].value == "application/jso")
        #expect(state.selectedColumn == .name)
    }

    @Test func deleteRemovesTheRowAndControlZBringsItBack() {
        var state = makeState()
        feed(&state, [.key(.right)])
        #expect(state.selectedColumn == .value)
        feed(&state, [.key(.left)])
        #expect(state.selectedColumn == .name)
        feed(&state, [.key(.delete)])
        #expect(state.rows.map(\.name) == ["X-Debug"])
        feed(&state, [.key(.delete)])
        #expect(state.rows.isEmpty && state.selectedRow == nil)
        expectUsed(state.handle(.key(.delete), area: area), false)
        expectUsed(state.handle(.key(.tab), area: area), false)
        expectScreen(render(state), ["    Name      Value", "No rows: type to add one"])
        feed(&state, [.key(.control("z")), .key(.control("z"))])
        #expect(state.rows == makeState().rows)
        expectUsed(state.handle(.key(.control("z")), area: area), false)
    }

    /// Letters that were commands (`d`, `e`, `a`, `o`, `h`, `l`, `j`, `k`, space) are text: typed on a row
    /// they edit its cell, and Esc leaves the row as it was.
    @Test func typedLettersEditTheCellAndNeverChangeRows() {
        var state = makeState()
        feed(&state, [.key(.down)])
        feed(&state, InputEvent.typing("dev aeohljk"))
        #expect(state.isEditing && state.rows == makeState().rows)
        feed(&state, [.key(.escape)])
        #expect(state.rows == makeState().rows && state.selectedRow == 1)
        feed(&state, InputEvent.typing("-Id"))
        feed(&state, [.key(.enter), .key(.escape)])
        #expect(state.rows[1].name == "X-Debug-Id")
        // Ctrl-Z takes the edit back whole.
        feed(&state, [.key(.control("z"))])
        #expect(state.rows == makeState().rows)
    }

    @Test func typingOnAnEmptyTableAddsARow() {
        var state = KeyValueTableState()
        feed(&state, InputEvent.typing("q"))
        feed(&state, [.key(.tab)])
        feed(&state, InputEvent.typing("ferry"))
        feed(&state, [.key(.enter)])
        #expect(state.rows == [KeyValueRow(name: "q", value: "ferry")])
        // One change at a time: the value, then the added row.
        feed(&state, [.key(.control("z"))])
        #expect(state.rows == [KeyValueRow(name: "q", value: "")])
        feed(&state, [.key(.control("z"))])
        #expect(state.rows.isEmpty)
    }

    @Test func clicksToggleAndSelectCells() {
        var state = makeState()
        feed(&state, [.mouse(MouseEvent(.press(.left), at: Position(x: 1, y: 2)))])
        #expect(state.rows[1].isEnabled && state.selectedRow == 1)
        feed(&state, [.mouse(MouseEvent(.press(.left), at: Position(x: 20, y: 1)))])
        #expect(state.selectedRow == 0 && state.selectedColumn == .value)
        expectUsed(state.handle(.mouse(MouseEvent(.press(.left), at: Position(x: 20, y: 0))), area: area), false)
    }
}
