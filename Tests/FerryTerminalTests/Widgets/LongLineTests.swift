import FerryTerminal
import Testing

/// Long lines in a `TextView`: cut with `…` at the edges, scrolled sideways, or wrapped.
@Suite struct LongLineTests {
    let mark = Style(fg: .yellow)

    func render(_ view: TextView<some TextLineSource>, width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: buffer.area)
        return buffer
    }

    @Test func aWindowOnALineMarksEachEdgeWhereItGoesOn() {
        let line = Line([Span("name: ", style: Style(fg: .blue)), Span("a very long value")])
        #expect(line.window(from: 0, width: 10, marker: mark).plainText == "name: a v…")
        #expect(line.window(from: 4, width: 10, marker: mark).plainText == "… a very …")
        #expect(line.window(from: 13, width: 10, marker: mark).plainText == "…ong value")
        #expect(line.window(from: 0, width: 40, marker: mark).plainText == "name: a very long value")
        #expect(line.window(from: 0, width: 10, marker: nil).plainText == "name: a ve")
        // The mark is in its own style; the spans keep theirs.
        let cut = line.window(from: 0, width: 10, marker: mark)
        #expect(cut.spans.last == Span("…", style: mark))
        #expect(cut.spans.first?.style == Style(fg: .blue))
        // Wide characters and control characters count as the screen draws them.
        #expect(Line("日本語のテキスト").window(from: 0, width: 7, marker: mark).plainText == "日本語…")
        #expect(Line("a\u{1b}[31mb").window(from: 0, width: 6, marker: mark).plainText == "a\\x1b…")
        #expect(Line("abc").isWider(than: 2) && !Line("abc").isWider(than: 3))
    }

    @Test func aWindowEndingBeforeACombiningMarkKeepsTheCharacterWhole() {
        // ASCII is sliced by bytes; a byte that may join the last one (a combining acute) sends it the slow
        // way, so `é` is neither split nor drawn without its accent.
        let accented = Line("abcde\u{301}fg")
        #expect(accented.window(from: 0, width: 5, marker: nil).plainText == "abcde\u{301}")
        #expect(accented.window(from: 0, width: 6, marker: mark).plainText == "abcde\u{301}…")
        #expect(accented.window(from: 4, width: 3, marker: nil).plainText == "e\u{301}fg".prefix(3))
        // Spans of ASCII side by side, some wholly left of the window, one cut by its right edge.
        let spans = Line([Span("0123"), Span("4567", style: mark), Span("89ab")])
        let window = spans.window(from: 5, width: 5, marker: nil)
        #expect(window.spans == [Span("567", style: mark), Span("89")])
        #expect(spans.isWider(than: 11) && !spans.isWider(than: 12))
        #expect(CharacterWidth.columns(of: "plain text") == 10 && CharacterWidth.columns(of: "tab\there") == 7)
        #expect(SafeText.sanitized("plain") == "plain" && SafeText.sanitized("a\u{1b}b") == "a\\x1bb")
    }

    @Test func cutLinesShowTheMarkAndScrollSideways() {
        let source = ["short", "0123456789abcdefghij", "tail"]
        var view = TextView(source: source, top: 0, lineNumberStyle: nil)
        view.cutMarkStyle = mark
        let buffer = render(view, width: 10, height: 3)
        expectScreen(buffer, ["short", "012345678…", "tail"])
        #expect(buffer[9, 1].style == mark)
        view.column = 5
        // A line wholly left of the window shows only the mark: there is more to its left.
        expectScreen(render(view, width: 10, height: 3), ["…", "…6789abcd…", "…"])
        // Past the end of the longest line it stops there (as `less -S`): that line ends at the right edge.
        view.column = 12
        #expect(view.shownColumn(in: Rect(x: 0, y: 0, width: 10, height: 3)) == 10)
        expectScreen(render(view, width: 10, height: 3), ["…", "…bcdefghij", "…"])
        // Numbered: the gutter stays put while the text scrolls.
        var numbered = TextView(source: source, top: 0, minimumNumberDigits: 1)
        numbered.cutMarkStyle = mark
        numbered.column = 5
        expectScreen(render(numbered, width: 12, height: 2), ["1 …", "2 …6789abcd…"])
    }

    @Test func wrappedLinesTakeTheRowsTheyNeedAndKeepTheCursorInView() {
        let source = ["one", "a long line that wraps onto three rows", "two", "three"]
        var view = TextView(source: source, top: 0, cursorLine: 3, lineNumberStyle: nil)
        view.wraps = true
        view.cutMarkStyle = mark
        expectScreen(
            render(view, width: 16, height: 6), ["one", "a long line", "that wraps onto", "three rows", "two", "three"])
        // Four rows: whole lines above the cursor give way until it shows.
        expectScreen(render(view, width: 16, height: 4), ["two", "three"])
    }

    @Test func aHugeWrappedLineCostsAScreenAndSaysItGoesOn() {
        let huge = String(repeating: "x", count: 5_000_000)
        var view = TextView(source: [huge], top: 0, lineNumberStyle: nil)
        view.wraps = true
        view.cutMarkStyle = mark
        let buffer = render(view, width: 10, height: 3)
        expectScreen(buffer, ["xxxxxxxxxx", "xxxxxxxxxx", "xxxxxxxxx…"])
        #expect(buffer[9, 2].style == mark)
    }
}
