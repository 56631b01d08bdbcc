import FerryTerminal
import Testing

@Suite struct ChromeTests {
    // MARK: - Tabs

    @Test func tabsDrawTitlesWithDividersAndMarkTheSelectedOne() {
        var buffer = ScreenBuffer(width: 30, height: 1)
        let tabs = Tabs(titles: ["Body", "Headers", "Query"], selectedIndex: 1)
        tabs.render(into: &buffer, area: buffer.area)
        expectScreen(buffer, [" Body │ Headers │ Query"])
        #expect(buffer[8, 0].style.modifiers.contains(.reverse))
        #expect(buffer[7, 0].style.modifiers.contains(.reverse))
        #expect(!buffer[2, 0].style.modifiers.contains(.reverse))
    }

    @Test func tabsHitTestClicksOnTitlesOnly() {
        let tabs = Tabs(titles: ["Body", "Headers", "Query"], selectedIndex: 0)
        let row = Rect(x: 2, y: 5, width: 30, height: 1)
        #expect(tabs.index(at: Position(x: 2, y: 5), in: row) == 0)
        #expect(tabs.index(at: Position(x: 7, y: 5), in: row) == 0)
        #expect(tabs.index(at: Position(x: 8, y: 5), in: row) == nil)
        #expect(tabs.index(at: Position(x: 9, y: 5), in: row) == 1)
        #expect(tabs.index(at: Position(x: 19, y: 5), in: row) == 2)
        #expect(tabs.index(at: Position(x: 27, y: 5), in: row) == nil)
        #expect(tabs.index(at: Position(x: 9, y: 6), in: row) == nil)
    }

    @Test func tabsScrollToShowTheSelectedTabWhenNarrow() {
        var buffer = ScreenBuffer(width: 17, height: 1)
        let tabs = Tabs(titles: ["Body", "Headers", "Query"], selectedIndex: 2)
        tabs.render(into: &buffer, area: buffer.area)
        expectScreen(buffer, [" Headers │ Query"])
        #expect(tabs.index(at: Position(x: 12, y: 0), in: buffer.area) == 2)
    }

    // MARK: - Status bar

    @Test func statusBarPutsTheFirstHintsThatFitOnTheRight() {
        var buffer = ScreenBuffer(width: 30, height: 1)
        let bar = StatusBar(
            left: Line([Span("GET /users", style: Style(modifiers: .bold))]),
            hints: [Line("F1 help  ^S send  q quit"), Line("^S send  q quit")])
        bar.render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["GET /users     ^S send  q quit"])
        #expect(buffer[0, 0].style.modifiers.isSuperset(of: [.bold, .reverse]))
        #expect(buffer[29, 0].style.modifiers.contains(.reverse))
    }

    @Test func statusBarDropsTheHintsRatherThanCutTheLeftLine() {
        var buffer = ScreenBuffer(width: 20, height: 1)
        StatusBar(left: Line("Saved requests/login"), hints: [Line("q quit")]).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["Saved requests/login"])
    }

    @Test func statusBarWrapsALongLeftLineOverItsRowsWithTheHintsOnTheLast() {
        let bar = StatusBar(left: Line("the request was saved to api/users.http"), hints: [Line("q")])
        #expect(bar.rowCount(width: 22, limit: 5) == 2)
        #expect(bar.rowCount(width: 22, limit: 1) == 1)
        #expect(bar.rowCount(width: 80, limit: 5) == 1)
        var buffer = ScreenBuffer(width: 22, height: 2)
        bar.render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["the request was saved", "to api/users.http    q"])
    }

    @Test func statusBarMarksALeftLineCutWhenItsRowsAreTooFew() {
        var buffer = ScreenBuffer(width: 20, height: 1)
        StatusBar(left: Line("the request was saved to api/users.http")).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["the request was …"])
    }

    // MARK: - Spinner

    @Test func spinnerAdvancesWithTheTickAndRepeats() {
        #expect(Spinner.frame(at: 0) == "⠋")
        #expect(Spinner.frame(at: 13) == "⠸")
        #expect(Spinner.frame(at: Spinner.frames.count) == Spinner.frame(at: 0))
        #expect(Spinner.frame(at: -1) == Spinner.frames.last)
    }
}
