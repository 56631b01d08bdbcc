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
