import FerryTerminal
import Testing

/// Byte sequences recorded from xterm, tmux (TERM=tmux-256color) and the Linux console.
@Suite struct KeyDecoderTests {
    func decode(_ text: String) -> [InputEvent] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers: modifiers)) }

    @Test func arrowsInCSIAndSS3Form() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [key(.up), key(.down), key(.right), key(.left)])
        #expect(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [key(.up), key(.down), key(.right), key(.left)])
    }

    @Test func modifiedArrows() {
        #expect(decode("\u{1B}[1;5C") == [key(.right, .control)])
        #expect(decode("\u{1B}[1;2A") == [key(.up, .shift)])
        #expect(decode("\u{1B}[1;3D") == [key(.left, .alt)])
        #expect(decode("\u{1B}[1;6B") == [key(.down, [.shift, .control])])
    }

    @Test func navigationKeys() {
        #expect(
            decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF") == [
                key(.home), key(.end), key(.home), key(.end), key(.home), key(.end),
            ])
        #expect(
            decode("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~") == [
                key(.pageUp), key(.pageDown), key(.insert), key(.delete),
            ])
        #expect(decode("\u{1B}[3;5~") == [key(.delete, .control)])
    }

    @Test func functionKeysOneToTwelve() {
        let recorded =
            "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
        #expect(decode(recorded) == (1...12).map { key(.function($0)) })
        #expect(decode("\u{1B}[11~\u{1B}[12~") == [key(.function(1)), key(.function(2))])
        #expect(decode("\u{1B}[1;2P\u{1B}[15;5~") == [key(.function(1), .shift), key(.function(5), .control)])
    }

    @Test func controlLettersAndSpecialBytes() {
        #expect(
            decode("\u{01}\u{13}\u{1A}") == [
                key(.character("a"), .control), key(.character("s"), .control), key(.character("z"), .control),
            ])
        #expect(
            decode("\r\n\t\u{7F}\u{08}") == [key(.enter), key(.enter), key(.tab), key(.backspace), key(.backspace)])
        #expect(decode("\u{0}") == [key(.character(" "), .control)])
    }

    @Test func altLettersArriveAsEscapeThenTheKey() {
        #expect(decode("\u{1B}x\u{1B}X") == [key(.character("x"), .alt), key(.character("X"), .alt)])
        #expect(decode("\u{1B}\u{7F}") == [key(.backspace, .alt)])
        #expect(decode("\u{1B}\u{04}") == [key(.character("d"), [.alt, .control])])
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decode("\u{1B}\u{1B}") == [key(.escape), key(.escape)])
    }

    @Test func shiftTab() {
        #expect(decode("\u{1B}[Z") == [key(.tab, .shift)])
    }

    @Test func sequencesSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.decode([UInt8(ascii: "1"), UInt8(ascii: ";")]).isEmpty)
        #expect(decoder.decode(Array("5Aq".utf8)) == [key(.up, .control), .character("q")])
        let snowman = Array("☃".utf8)
        #expect(decoder.decode(snowman.prefix(2)).isEmpty)
        #expect(decoder.decode(snowman.suffix(1)) == [.character("☃")])
    }

    @Test func utf8MultiByteCharacters() {
        #expect(decode("é中😀") == [.character("é"), .character("中"), .character("😀")])
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x41]) == [.character("\u{FFFD}"), .character("A")])
        #expect(decoder.decode([0xE4, 0xB8]).isEmpty)
        #expect(decoder.flush() == [.character("\u{FFFD}")])
    }

    @Test func bracketedPasteIsOneEventEvenWithEscapesInside() {
        let pasted = decode("a\u{1B}[200~line one\r\nline\u{1B}[Atwo\u{1B}[201~b")
        #expect(pasted == [.character("a"), .paste("line one\nline\u{1B}[Atwo"), .character("b")])
    }

    @Test func pasteSplitAcrossReadsAndAtTheEndMarker() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~hel".utf8)).isEmpty)
        #expect(decoder.decode(Array("lo\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.decode(Array("1~".utf8)) == [.paste("hello")])
        #expect(!decoder.hasPending)
    }

    @Test func sgrMouseReports() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press(.left), at: Position(x: 9, y: 4)))])
        #expect(decode("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(.release(.left), at: Position(x: 9, y: 4)))])
        #expect(decode("\u{1B}[<2;1;1M") == [.mouse(MouseEvent(.press(.right), at: Position(x: 0, y: 0)))])
        #expect(
            decode("\u{1B}[<64;3;4M\u{1B}[<65;3;4M") == [
                .mouse(MouseEvent(.scrollUp, at: Position(x: 2, y: 3))),
                .mouse(MouseEvent(.scrollDown, at: Position(x: 2, y: 3))),
            ])
        #expect(
            decode("\u{1B}[<16;2;2M") == [
                .mouse(MouseEvent(.press(.left), at: Position(x: 1, y: 1), modifiers: .control))
            ])
    }

    @Test func legacyMouseReports() {
        let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 33 + 4, 33 + 2, 0x1B, 0x5B, 0x4D, 35, 33 + 4, 33 + 2]
        var decoder = KeyDecoder()
        #expect(
            decoder.decode(bytes) == [
                .mouse(MouseEvent(.press(.left), at: Position(x: 4, y: 2))),
                .mouse(MouseEvent(.release(.left), at: Position(x: 4, y: 2))),
            ])
    }

    @Test func unknownSequencesAreDroppedNotTyped() {
        #expect(decode("\u{1B}[?62;c\u{1B}[99zq") == [.character("q")])
    }
}
