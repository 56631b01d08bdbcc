import FerryTerminal
import Testing

@Suite struct ScreenBufferTests {
    @Test func drawsTextClippedToAnArea() {
        var buffer = ScreenBuffer(width: 12, height: 2)
        let end = buffer.set(
            string: "hello, world", at: Position(x: 2, y: 1), clippedTo: Rect(x: 0, y: 0, width: 8, height: 2))
        #expect(end == 8)
        expectScreen(buffer, ["", "  hello,"])
    }

    @Test func textOutsideTheAreaRowIsNotDrawn() {
        var buffer = ScreenBuffer(width: 5, height: 3)
        buffer.set(string: "xx", at: Position(x: 0, y: 2), clippedTo: Rect(x: 0, y: 0, width: 5, height: 2))
        expectScreen(buffer, ["", "", ""])
    }

    @Test func wideCharactersTakeTwoCellsWithAContinuation() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        let end = buffer.set(string: "a中b😀", at: .zero)
        #expect(end == 6)
        #expect(buffer[1, 0].character == "中")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].character == "b")
        #expect(buffer[5, 0].isContinuation)
        expectScreen(buffer, ["a中b😀"])
    }

    @Test func wideCharacterAtTheClipEdgeBecomesABlank() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.set(string: "ab日本", at: .zero, clippedTo: Rect(x: 0, y: 0, width: 5, height: 1))
        #expect(buffer.lines == ["ab日  "])
        #expect(!buffer[4, 0].isContinuation)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.set(string: "中文", at: .zero)
        buffer.set(string: "x", at: Position(x: 1, y: 0))
        #expect(buffer.lines == [" x文  "])
        buffer.set(string: "y", at: Position(x: 2, y: 0))
        #expect(buffer.lines == [" xy   "])
        #expect(!buffer[3, 0].isContinuation)
    }

    @Test func controlCharactersAreDrawnAsVisibleEscapes() {
        var buffer = ScreenBuffer(width: 40, height: 1)
        buffer.set(string: "a\u{1B}[2Jb\rc\u{7F}\u{9B}d\u{202E}e\u{0}", at: .zero)
        #expect(buffer.lines[0].hasPrefix("a\\x1b[2Jb^Mc^?\\x9bd<U+202E>e^@"))
        #expect(!buffer.lines[0].unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
    }

    @Test func tabsAdvanceToTheNextStop() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.set(string: "ab\tc\td", at: Position(x: 1, y: 0))
        #expect(buffer.lines == [" ab  c   d  "])
    }

    @Test func emojiSequencesStayOneGraphemeOfTwoColumns() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        let end = buffer.set(string: "👩‍💻🇫🇷", at: .zero)
        #expect(end == 4)
        #expect(buffer[0, 0].character == "👩‍💻")
        #expect(buffer[2, 0].character == "🇫🇷")
    }

    @Test func fillAndStylePatchKeepCharacters() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        buffer.set(string: "ab", at: .zero, style: Style(fg: .red))
        buffer.setStyle(Style(bg: .blue, modifiers: .bold), in: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(buffer[0, 0].style == Style(fg: .red, bg: .blue, modifiers: .bold))
        #expect(buffer[1, 0].style == Style(fg: .red))
        buffer.fill(Rect(x: 1, y: 0, width: 3, height: 2), with: Cell("#"))
        expectScreen(buffer, ["a###", " ###"])
    }

    @Test func aBaseStyleFillsOnlyTheDefaultColours() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        buffer.set(string: "a", at: .zero, style: Style(fg: .red))
        buffer.set(string: "b", at: Position(x: 1, y: 0), style: Style(fg: .green, bg: .yellow))
        buffer.setBaseStyle(Style(fg: .white, bg: .blue), in: buffer.area)
        #expect(buffer[0, 0].style == Style(fg: .red, bg: .blue))
        #expect(buffer[1, 0].style == Style(fg: .green, bg: .yellow))
        #expect(buffer[2, 0].style == Style(fg: .white, bg: .blue))
        expectScreen(buffer, ["ab "])
    }

    @Test func characterWidths() {
        #expect(CharacterWidth.columns(of: "a" as Character) == 1)
        #expect(CharacterWidth.columns(of: "é" as Character) == 1)
        #expect(CharacterWidth.columns(of: "한" as Character) == 2)
        #expect(CharacterWidth.columns(of: "ｱ" as Character) == 1)
        #expect(CharacterWidth.columns(of: "Ａ" as Character) == 2)
        #expect(CharacterWidth.columns(of: "❤️" as Character) == 2)
        #expect(CharacterWidth.columns(of: "日本語 ok") == 9)
    }
}
