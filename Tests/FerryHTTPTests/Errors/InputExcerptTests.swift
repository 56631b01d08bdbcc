import FerryHTTP
import FerryTestSupport
import Testing

/// What error messages quote of someone's input: a short, one-line, printable excerpt.
@Suite(.offThePool) struct InputExcerptTests {
    @Test func shortTextIsQuotedWhole() {
        #expect(InputExcerpt("http://h/x").description == #""http://h/x""#)
        #expect(InputExcerpt("http://h/x").unquoted == "http://h/x")
    }

    @Test func longTextShowsItsOpeningAndLength() {
        let text = String(repeating: "a", count: 10_000_000)
        let excerpt = InputExcerpt(text)
        #expect(excerpt.description == "\"" + String(repeating: "a", count: 60) + "…\" (10000000 characters)")
        #expect(excerpt.unquoted == String(repeating: "a", count: 60) + "… (10000000 characters)")
        #expect(InputExcerpt(String(repeating: "a", count: 60)).isShortened == false)
    }

    @Test func controlCharactersAreEscapedSoTheMessageStaysOneLine() {
        let excerpt = InputExcerpt("a\r\nb\t\0\u{1B}[31m\u{202E}\u{2028}")
        #expect(excerpt.opening == #"a\r\nb\t\0\u{1B}[31m\u{202E}\u{2028}"#)
        #expect(!excerpt.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func charactersAreNamedForPeople() {
        #expect(InputExcerpt.name(of: "\n") == "a line break (LF)")
        #expect(InputExcerpt.name(of: "\r") == "a carriage return (CR)")
        #expect(InputExcerpt.name(of: "\0") == "a NUL character")
        #expect(InputExcerpt.name(of: " ") == "a space")
        #expect(InputExcerpt.name(of: "\u{1B}") == "a control character (U+001B)")
        #expect(InputExcerpt.name(of: "(") == #"the character "(""#)
    }
}
