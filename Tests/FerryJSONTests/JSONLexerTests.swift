import FerryJSON
import Testing

/// FerryJSON's lexer: tokens for highlighting any fragment of JSON, never an error.
@Suite struct JSONLexerTests {
    func kinds(_ text: String) -> [JSONToken.Kind] { JSONLexer.tokens(in: Array(text.utf8)).map(\.kind) }

    @Test func aLineGivesKeysValuesAndPunctuation() {
        let text = #"  "id": 42, "name": "a \"quoted\" b", "ok": true, "none": null, "n": -1.5e3"#
        let tokens = JSONLexer.tokens(in: Array(text.utf8))
        #expect(
            tokens.map(\.kind) == [
                .key, .punctuation, .number, .punctuation, .key, .punctuation, .string, .punctuation, .key,
                .punctuation, .literal, .punctuation, .key, .punctuation, .literal, .punctuation, .key, .punctuation,
                .number,
            ])
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[tokens[6].range], as: UTF8.self) == #""a \"quoted\" b""#)
        #expect(String(decoding: bytes[tokens[18].range], as: UTF8.self) == "-1.5e3")
    }

    @Test func fragmentsAndNonJSONNeverFail() {
        #expect(kinds(#"{"open": "not closed"#) == [.punctuation, .key, .punctuation, .string])
        #expect(
            kinds("[1, nope, {}]") == [
                .punctuation, .number, .punctuation, .other, .punctuation, .punctuation,
                .punctuation, .punctuation,
            ])
        #expect(kinds("") == [])
        #expect(kinds(#""key"   :"#) == [.key, .punctuation])
        #expect(kinds(#""\"#) == [.string])
    }
}
