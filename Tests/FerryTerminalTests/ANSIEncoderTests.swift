import FerryTerminal
import Testing

@Suite struct ANSIEncoderTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func movesOnlyWhenNeededAndStylesOnlyOnChange() {
        var encoder = ANSIEncoder()
        let changes = [
            CellChange(position: Position(x: 2, y: 0), cell: Cell("a")),
            CellChange(position: Position(x: 3, y: 0), cell: Cell("b")),
            CellChange(position: Position(x: 0, y: 4), cell: Cell("c", style: Style(fg: .red, modifiers: .bold))),
            CellChange(position: Position(x: 1, y: 4), cell: Cell("中", style: Style(fg: .red, modifiers: .bold))),
            CellChange(position: Position(x: 3, y: 4), cell: Cell("d", style: Style(bg: .rgb(1, 2, 3)))),
        ]
        #expect(
            text(encoder.encode(changes)) == "\u{1B}[1;3H\u{1B}[0ma" + "b" + "\u{1B}[5;1H\u{1B}[0;1;31mc中"
                + "\u{1B}[0;48;2;1;2;3md")
        #expect(
            text(
                encoder.encode([
                    CellChange(position: Position(x: 4, y: 4), cell: Cell("e", style: Style(bg: .rgb(1, 2, 3))))
                ])) == "e")
    }

    @Test func typingOneCharacterInATextFieldCostsAFewBytes() {
        var before = ScreenBuffer(width: 80, height: 24)
        before.set(string: "https://example.com/users", at: Position(x: 10, y: 3), style: Style(fg: .white))
        var after = before
        after.set(string: "s", at: Position(x: 35, y: 3), style: Style(fg: .white))
        var encoder = ANSIEncoder()
        let bytes = encoder.encode(after.changes(from: before))
        #expect(text(bytes) == "\u{1B}[4;36H\u{1B}[0;37ms")
    }
}
