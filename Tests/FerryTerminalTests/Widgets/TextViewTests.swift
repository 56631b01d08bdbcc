import FerryTerminal
import Testing

/// A huge generated source that counts how many lines were read.
struct CountingSource: TextLineSource {
    final class Counter: @unchecked Sendable {
        var reads = 0
    }

    let lineCount: Int
    let counter = Counter()

    func line(at index: Int) -> Substring {
        counter.reads += 1
        return Substring("line \(index + 1) of the body")
    }
}

@Suite struct TextViewTests {
    static let body = (1...30).map { "row \($0)" + ($0 % 10 == 0 ? " needle" : "") }

    func render<S: TextLineSource>(_ state: TextViewState<S>, width: Int = 16, height: Int = 4) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        TextView(state: state).render(into: &buffer, area: buffer.area)
        return buffer
    }

    @Test func drawsLineNumbersAndScrollsWithKeys() {
        var state = TextViewState(source: Self.body)
        let area = Rect(x: 0, y: 0, width: 16, height: 4)
        expectScreen(render(state), [" 1 row 1", " 2 row 2", " 3 row 3", " 4 row 4"])
        #expect(render(state)[1, 0].style.modifiers.contains(.dim))
        expectUsed(state.handle(.character("j"), area: area))
        expectUsed(state.handle(.key(.pageDown), area: area))
        #expect(state.top == 4)
        expectUsed(state.handle(.key(.end), area: area))
        expectScreen(render(state), ["27 row 27", "28 row 28", "29 row 29", "30 row 30 needle"])
        expectUsed(state.handle(.mouse(MouseEvent(.scrollUp, at: Position(x: 1, y: 1))), area: area))
        #expect(state.top == 23)
        expectUsed(state.handle(.character("g"), area: area))
        #expect(state.top == 0)
        expectUsed(state.handle(.key(.up), area: area))
        #expect(state.top == 0)
        expectUsed(state.handle(.character("x"), area: area), false)
    }

    @Test func searchHighlightsEveryMatchAndTheCurrentOneAndWraps() {
        var state = TextViewState(source: Self.body)
        let area = Rect(x: 0, y: 0, width: 20, height: 5)
        expectUsed(state.handle(.character("/"), area: area))
        for event in InputEvent.typing("needle") { expectUsed(state.handle(event, area: area)) }
        #expect(state.matches == [10, 20, 30].map { TextMatch(line: $0 - 1, range: 7..<13) })
        #expect(state.currentMatch == 0)
        var buffer = render(state, width: 20, height: 5)
        expectScreen(buffer, [" 8 row 8", " 9 row 9", "10 row 10 needle", "11 row 11", "/needle          1/3"])
        #expect(buffer[10, 2].style.modifiers.contains(.underline))
        #expect(buffer[9, 2].style.bg == .default)
        #expect(TextView(state: state).cursorPosition(in: area) == Position(x: 7, y: 4))
        expectUsed(state.handle(.key(.enter), area: area))
        expectUsed(state.handle(.character("n"), area: area))
        expectUsed(state.handle(.character("n"), area: area))
        #expect(state.currentMatch == 2)
        expectUsed(state.handle(.character("n"), area: area))
        #expect(state.currentMatch == 0)
        expectUsed(state.handle(.character("N"), area: area))
        #expect(state.currentMatch == 2)
        state.scroll(toLine: 8)
        buffer = render(state, width: 20, height: 5)
        // Line 10 holds a match that is not the current one: highlighted, not underlined.
        #expect(buffer[10, 1].style.bg == .yellow)
        #expect(!buffer[10, 1].style.modifiers.contains(.underline))
        expectUsed(state.handle(.key(.escape), area: area))
        #expect(state.matches.isEmpty && !state.showsSearchLine)
    }

    @Test func goingToAMatchScrollsSidewaysOnLongLines() {
        let long = String(repeating: "x", count: 100) + "target"
        var state = TextViewState(source: ["short", long], showsLineNumbers: false)
        state.viewport = Size(width: 20, height: 3)
        state.search(for: "TARGET".lowercased())
        #expect(state.left > 80 && state.left <= 100)
        let buffer = render(state, width: 20, height: 3)
        #expect(buffer.line(1).contains("target"))
    }

    @Test func searchCountsCharactersNotBytesAndFollowsSmartCase() {
        let state = TextViewState(source: ["日本 abc ABC", "naïve Naïve"])
        var search = state
        search.search(for: "abc")
        #expect(search.matches.map(\.range) == [3..<6, 7..<10])
        search.search(for: "ABC")
        #expect(search.matches.map(\.range) == [7..<10])
        search.search(for: "naï")
        #expect(search.matches == [TextMatch(line: 1, range: 0..<3), TextMatch(line: 1, range: 6..<9)])
        search.source = ["a\r\nb abc", "x\tabc"]
        search.search(for: "abc")
        #expect(search.matches == [TextMatch(line: 0, range: 4..<7), TextMatch(line: 1, range: 2..<5)])
        search.source = ["日本 abc ABC", "naïve Naïve"]
        search.search(for: "日本")
        #expect(search.matches == [TextMatch(line: 0, range: 0..<2)])
    }

    @Test func rendersOnlyTheRowsInView() {
        let source = CountingSource(lineCount: 10_000_000)
        var state = TextViewState(source: source)
        let area = Rect(x: 0, y: 0, width: 40, height: 10)
        _ = state.handle(.key(.end), area: area)
        source.counter.reads = 0
        let buffer = render(state, width: 40, height: 10)
        #expect(source.counter.reads == 10)
        #expect(buffer.line(9).hasPrefix("10000000 line 10000000 of the body"))
    }

    @Test func textLinesSplitOnceAtLineBreaks() {
        let lines = TextLines("a\r\nb\n\nc\n")
        #expect(lines.lineCount == 5)
        #expect((0..<5).map { String(lines.line(at: $0)) } == ["a", "b", "", "c", ""])
    }
}
