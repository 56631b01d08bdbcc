import FerryTerminal
import Testing

@Suite struct ListViewTests {
    static let names = (1...20).map { "item \($0)" }
    let area = Rect(x: 0, y: 0, width: 12, height: 4)

    func makeState(_ names: [String] = ListViewTests.names) -> ListState<ListItem> {
        ListState(items: names.map { ListItem($0) })
    }

    func render(_ state: ListState<ListItem>, width: Int = 12, height: Int = 4) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        ListView(state: state, selectionSymbol: "> ").render(into: &buffer, area: buffer.area)
        return buffer
    }

    @Test func rendersRowsWithTheSelectionMarkedAndStyled() {
        let buffer = render(makeState())
        expectScreen(buffer, ["> item 1", "  item 2", "  item 3", "  item 4"])
        #expect(buffer[5, 0].style.modifiers.contains(.reverse))
        #expect(!buffer[5, 1].style.modifiers.contains(.reverse))
    }

    @Test func keysMoveTheSelectionAndScrollKeepsItVisible() {
        var state = makeState()
        for _ in 0..<5 { expectUsed(state.handle(.key(.down), area: area)) }
        #expect(state.selectedIndex == 5)
        expectScreen(render(state), ["  item 3", "  item 4", "  item 5", "> item 6"])
        expectUsed(state.handle(.character("k"), area: area))
        expectUsed(state.handle(.character("k"), area: area))
        expectUsed(state.handle(.character("k"), area: area))
        expectScreen(render(state), ["> item 3", "  item 4", "  item 5", "  item 6"])
        expectUsed(state.handle(.key(.pageDown), area: area))
        #expect(state.selectedIndex == 6)
        expectUsed(state.handle(.key(.end), area: area))
        expectScreen(render(state), ["  item 17", "  item 18", "  item 19", "> item 20"])
        expectUsed(state.handle(.key(.pageUp), area: area))
        #expect(state.selectedIndex == 15)
        expectUsed(state.handle(.character("j"), area: area))
        #expect(state.selectedIndex == 16)
        expectUsed(state.handle(.key(.home), area: area))
        #expect(state.selectedIndex == 0)
        expectUsed(state.handle(.key(.up), area: area))
        #expect(state.selectedIndex == 0)
        expectUsed(state.handle(.key(.enter), area: area), false)
        expectUsed(state.handle(.character("x"), area: area), false)
    }

    @Test func mouseClickSelectsAndWheelScrollsDraggingTheSelectionAlong() {
        var state = makeState()
        let click = InputEvent.mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 2)))
        expectUsed(state.handle(click, area: area))
        #expect(state.selectedIndex == 2)
        expectUsed(state.handle(.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1))), area: area))
        #expect(state.offset == 3)
        #expect(state.selectedIndex == 3)
        expectScreen(render(state), ["> item 4", "  item 5", "  item 6", "  item 7"])
        expectUsed(state.handle(.mouse(MouseEvent(.scrollUp, at: Position(x: 1, y: 1))), area: area))
        #expect(state.offset == 0)
        #expect(state.selectedIndex == 3)
        let outside = InputEvent.mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 9)))
        expectUsed(state.handle(outside, area: area), false)
    }

    @Test func filterAsYouTypeShowsMatchesHighlightedAndRestoresOnEscape() {
        var state = makeState(["GET users", "POST login", "DELETE user", "GET orders"])
        expectUsed(state.handle(.key(.down), area: area))
        expectUsed(state.handle(.character("/"), area: area))
        for event in InputEvent.typing("usr") { expectUsed(state.handle(event, area: area)) }
        var buffer = ScreenBuffer(width: 14, height: 4)
        ListView(state: state).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["GET users", "DELETE user", "", "/usr"])
        #expect(buffer[4, 0].style.fg == .yellow)
        #expect(buffer[5, 0].style.fg == .yellow)
        #expect(buffer[6, 0].style.fg != .yellow)
        #expect(state.selectedIndex == 0)
        #expect(ListView(state: state).cursorPosition(in: buffer.area) == Position(x: 4, y: 3))
        // Navigation keys still work while filtering; j is text.
        expectUsed(state.handle(.key(.down), area: area))
        #expect(state.selectedIndex == 2)
        expectUsed(state.handle(.key(.backspace), area: area))
        #expect(state.filter == "us")
        #expect(state.selectedIndex == 0)
        expectUsed(state.handle(.key(.down), area: area))
        expectUsed(state.handle(.key(.escape), area: area))
        #expect(state.filter.isEmpty && !state.isFiltering)
        #expect(state.visibleIndices == [0, 1, 2, 3])
        #expect(state.selectedIndex == 2)
    }

    @Test func enterKeepsTheFilterAndPasteAppendsToIt() {
        var state = makeState(["alpha", "beta", "gamma"])
        expectUsed(state.handle(.character("/"), area: area))
        expectUsed(state.handle(.paste("mm\n"), area: area))
        expectUsed(state.handle(.key(.enter), area: area))
        #expect(!state.isFiltering)
        #expect(state.visibleIndices == [2])
        expectUsed(state.handle(.character("j"), area: area))
        expectUsed(state.handle(.key(.escape), area: area))
        #expect(state.visibleIndices == [0, 1, 2])
    }

    @Test func emptyListShowsThePlaceholderAndIgnoresNavigation() {
        var state = makeState([])
        expectUsed(state.handle(.key(.down), area: area), false)
        #expect(state.selectedIndex == nil)
        var buffer = ScreenBuffer(width: 12, height: 2)
        ListView(state: state, placeholder: "No requests").render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["No requests"])
    }

    @Test func replacingItemsKeepsTheSelectionIndexWhenStillShown() {
        var state = makeState(["a", "b", "c"])
        state.select(index: 2)
        state.items = [ListItem("a"), ListItem("b"), ListItem("c"), ListItem("d")]
        #expect(state.selectedIndex == 2)
        state.items = [ListItem("a")]
        #expect(state.selectedIndex == 0)
    }

    @Test func wideAndUnsafeTextIsClippedCleanly() {
        let state = makeState(["日本語テキスト", "evil\u{1B}[2J"])
        var buffer = ScreenBuffer(width: 9, height: 2)
        ListView(state: state).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["日本語テ", "evil\\x1b["])
    }

    @Test func narrowingTheFilterSearchesOnlyShownRowsWithTheSameResult() {
        let names = (0..<300).map { "GET /api/resource\($0)/items" } + ["POST /login", "res"]
        var typed = makeState(names)
        expectUsed(typed.handle(.character("/"), area: area))
        for event in InputEvent.typing("res4") { expectUsed(typed.handle(event, area: area)) }
        var direct = makeState(names)
        direct.setFilter("res4")
        #expect(typed.visibleIndices == direct.visibleIndices)
        #expect(typed.matchPositions == direct.matchPositions)
        expectUsed(typed.handle(.key(.backspace), area: area))
        direct.setFilter("res")
        #expect(typed.visibleIndices == direct.visibleIndices)
        #expect(typed.visibleIndices.first == 301)
    }
}
