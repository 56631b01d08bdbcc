import FerryTerminal
import Testing

/// ``SafeTextStream``: bytes bound for a terminal get SafeText's escapes, invalid UTF-8 shows as `\xNN`,
/// and a character split across chunks comes out whole.
@Suite struct SafeTextStreamTests {
    func safe(_ bytes: [UInt8], keepingLineBreaks: Bool = true) -> String {
        String(decoding: SafeTextStream.sanitized(bytes, keepingLineBreaks: keepingLineBreaks), as: UTF8.self)
    }

    @Test func controlSequencesAreShownNotSent() {
        let osc0 = Array("\u{1B}]0;PWNED\u{07}".utf8)
        #expect(safe(osc0) == "\\x1b]0;PWNED^G")
        #expect(safe(Array("\u{1B}]52;c;cHduZWQ=\u{07}".utf8)) == "\\x1b]52;c;cHduZWQ=^G")
        #expect(safe(Array("\u{1B}[2J".utf8)) == "\\x1b[2J")
        #expect(safe([0x7F, 0x00, 0x0D]) == "^?^@^M")
    }

    @Test func bareC1BytesAndInvalidUTF8AreEscapedByteByByte() {
        // A bare 0x9B is the one-byte CSI; 0x9D the one-byte OSC.
        #expect(safe([0x9B, 0x33, 0x31, 0x6D]) == "\\x9b31m")
        #expect(safe([0x9D]) == "\\x9d")
        // Overlong `/`, a UTF-16 surrogate, past U+10FFFF, a lone lead byte, 0xFF.
        #expect(safe([0xC0, 0xAF]) == "\\xc0\\xaf")
        #expect(safe([0xED, 0xA0, 0x80]) == "\\xed\\xa0\\x80")
        #expect(safe([0xF4, 0x90, 0x80, 0x80]) == "\\xf4\\x90\\x80\\x80")
        #expect(safe([0xE2, 0x41]) == "\\xe2A")
        #expect(safe([0xFF]) == "\\xff")
        // A sequence cut off at the very end.
        #expect(safe([0x41, 0xE2, 0x82]) == "A\\xe2\\x82")
    }

    @Test func unicodeC1AndFormatCharactersGetSafeTextsEscapes() {
        // U+009B encoded in UTF-8, a right-to-left override, a zero-width space.
        #expect(safe(Array("a\u{9B}b\u{202E}c\u{200B}d".utf8)) == "a\\x9bb<U+202E>c<U+200B>d")
        #expect(safe(Array("line\u{2028}next".utf8)) == "line<U+2028>next")
    }

    @Test func textPassesByteForByte() {
        let text = "Zoë 日本語 😀 👩‍💻 e\u{301} {\"a\": [1, 2]}\n\tindented\n"
        #expect(safe(Array(text.utf8)) == text)
    }

    @Test func lineBreaksCanBeEscapedToo() {
        #expect(safe(Array("a\nb\tc".utf8)) == "a\nb\tc")
        #expect(safe(Array("a\nb\tc".utf8), keepingLineBreaks: false) == "a^Jb^Ic")
    }

    @Test func aCharacterSplitAcrossChunksComesOutWhole() {
        let bytes = Array("é日😀".utf8) + [0x9B]
        // Every way of cutting the bytes in two, and one byte at a time.
        for cut in 0...bytes.count {
            var stream = SafeTextStream()
            let output = stream.sanitize(bytes[..<cut]) + stream.sanitize(bytes[cut...]) + stream.finish()
            #expect(String(decoding: output, as: UTF8.self) == "é日😀\\x9b", "cut at \(cut)")
        }
        var stream = SafeTextStream()
        var output: [UInt8] = []
        for byte in bytes { output += stream.sanitize([byte]) }
        output += stream.finish()
        #expect(String(decoding: output, as: UTF8.self) == "é日😀\\x9b")
    }

    @Test func aHeldSequenceThatTurnsOutInvalidIsEscaped() {
        var stream = SafeTextStream()
        let first = stream.sanitize([0x41, 0xF0, 0x9F])
        #expect(first == [0x41])
        let second = stream.sanitize([0x41])
        #expect(String(decoding: second, as: UTF8.self) == "\\xf0\\x9fA")
        #expect(stream.finish().isEmpty)
    }
}
