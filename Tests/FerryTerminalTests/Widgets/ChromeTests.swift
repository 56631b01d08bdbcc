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

    @Test func statusBarPutsHintsOnTheRightAndClipsTheLeft() {
        var buffer = ScreenBuffer(width: 30, height: 1)
        let hints = StatusBar.hints([(key: "^S", help: "send"), (key: "q", help: "quit")])
        StatusBar(left: [Span("GET /users/all/the/things")], right: hints).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["GET /users/all ^S send  q quit"])
        #expect(buffer[15, 0].style.modifiers.contains(.bold))
        #expect(!buffer[18, 0].style.modifiers.contains(.bold))
        #expect(buffer[0, 0].style.modifiers.contains(.reverse))
    }

    @Test func statusBarHintsComeFromKeyBindings() {
        let bindings = [
            KeyBinding(.control("s"), action: "request.send", help: "send"),
            KeyBinding(KeyEvent(.function(1)), action: "help", help: "help"),
        ]
        let spans = StatusBar.hints(bindings)
        #expect(Line(spans).plainText == "Ctrl+S send  F1 help")
    }

    // MARK: - Progress

    @Test func progressBarFillsByRatioAndCentresTheLabel() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        ProgressBar(ratio: 0.5, label: "50%").render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["   50%"])
        #expect(buffer[4, 0].style.modifiers.contains(.reverse))
        #expect(!buffer[5, 0].style.modifiers.contains(.reverse))
        #expect(buffer[0, 0].style.modifiers.contains(.reverse))
        var full = ScreenBuffer(width: 4, height: 1)
        ProgressBar(ratio: 7).render(into: &full, area: full.area)
        #expect(full[3, 0].style.modifiers.contains(.reverse))
        var empty = ScreenBuffer(width: 4, height: 1)
        ProgressBar(ratio: .nan).render(into: &empty, area: empty.area)
        #expect(!empty[0, 0].style.modifiers.contains(.reverse))
    }

    @Test func spinnerAdvancesWithTheTick() {
        var first = ScreenBuffer(width: 12, height: 1)
        ProgressBar(spinnerTick: 0, label: "Sending").render(into: &first, area: first.area)
        expectScreen(first, ["⠋ Sending"])
        var later = ScreenBuffer(width: 12, height: 1)
        ProgressBar(spinnerTick: 13, label: "Sending").render(into: &later, area: later.area)
        expectScreen(later, ["⠸ Sending"])
    }
}
