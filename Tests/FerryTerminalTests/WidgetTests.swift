import FerryTerminal
import Testing

@Suite struct WidgetTests {
    @Test func blockDrawsBordersAndTitle() {
        var buffer = ScreenBuffer(width: 12, height: 4)
        let block = Block(title: "Body")
        block.render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["┌Body──────┐", "│          │", "│          │", "└──────────┘"])
        #expect(block.inner(buffer.area) == Rect(x: 1, y: 1, width: 10, height: 2))
    }

    @Test func focusedBlockUsesTheFocusedBorder() {
        var buffer = ScreenBuffer(width: 6, height: 3)
        Block(title: "Hi", isFocused: true).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["┏Hi━━┓", "┃    ┃", "┗━━━━┛"])
        #expect(buffer[0, 0].style.modifiers.contains(.bold))
    }

    @Test func longTitlesAreCutWithAMarkInsideTheCorners() {
        var buffer = ScreenBuffer(width: 8, height: 2)
        Block(title: "A very long title", borders: [.top, .left, .right]).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["┌A ver…┐", "│      │"])
    }

    @Test func aLineWiderThanItsAreaEndsInACutMarkInTheStyleItReplaces() {
        var buffer = ScreenBuffer(width: 6, height: 2)
        let line = Line([Span("GET ", style: Style(fg: .green)), Span("/users/1", style: Style(fg: .blue))])
        #expect(line.render(into: &buffer, area: Rect(x: 0, y: 0, width: 6, height: 1), alignment: .left) == 6)
        Line("fits").render(into: &buffer, area: Rect(x: 0, y: 1, width: 4, height: 1))
        expectScreen(buffer, ["GET /…", "fits  "])
        #expect(buffer[5, 0].style == Style(fg: .blue))
        var right = ScreenBuffer(width: 4, height: 1)
        Line("abcdef", alignment: .right).render(into: &right, area: right.area)
        expectScreen(right, ["abc…"])
    }

    @Test func paragraphWrapsAtWordsAndScrolls() {
        var buffer = ScreenBuffer(width: 10, height: 3)
        let paragraph = Paragraph("the quick brown fox jumps over", wrap: true)
        paragraph.render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["the quick", "brown fox", "jumps over"])
        var scrolled = ScreenBuffer(width: 10, height: 3)
        Paragraph(text: Text("one\ntwo\nthree\nfour"), scroll: 2).render(into: &scrolled, area: scrolled.area)
        expectScreen(scrolled, ["three", "four", ""])
    }

    @Test func paragraphStylesSpansAndAligns() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        let text = Text([
            Line([Span("200", style: Style(fg: .green)), " OK"]),
            Line("right", alignment: .right),
        ])
        Paragraph(text: text).render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["200 OK", "     right"])
        #expect(buffer[0, 0].style.fg == .green)
        #expect(buffer[4, 0].style.fg == .default)
    }

    @Test func paragraphMakesBodyTextSafe() {
        var buffer = ScreenBuffer(width: 20, height: 2)
        Paragraph("evil\u{1B}]0;title\u{7}\r\nnext").render(into: &buffer, area: buffer.area)
        expectScreen(buffer, ["evil\\x1b]0;title^G", "next"])
    }
}
