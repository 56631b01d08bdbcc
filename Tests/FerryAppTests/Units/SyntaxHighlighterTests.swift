import FerryTerminal
import Testing

@testable import FerryApp

/// Highlighting one line of a body with the theme's roles.
@Suite struct SyntaxHighlighterTests {
    let theme = Theme.fallback

    func roles(_ line: String, _ language: SyntaxHighlighter.Language) -> [(String, Style)] {
        SyntaxHighlighter(language: language, theme: theme).spans(line, base: theme[.text]).map {
            ($0.content, $0.style)
        }
    }

    @Test func jsonLinesTakeTheJSONRoles() {
        let spans = roles(#"  "id": 7, "ok": false"#, .json)
        #expect(spans.map(\.0).joined() == #"  "id": 7, "ok": false"#, "nothing dropped")
        #expect(spans.first { $0.0 == #""id""# }?.1 == theme[.jsonKey])
        #expect(spans.first { $0.0 == "7" }?.1 == theme[.jsonNumber])
        #expect(spans.first { $0.0 == "false" }?.1 == theme[.jsonBoolean])
        #expect(spans.first { $0.0 == ":" }?.1 == theme[.punctuation])
        #expect(spans.first { $0.0 == "  " }?.1 == theme[.text])
    }

    @Test func markupTagsAttributesAndComments() {
        let line = #"<a href="/x" id=main>link</a> <!-- note --> <!DOCTYPE html>"#
        let spans = roles(line, .markup)
        #expect(spans.map(\.0).joined() == line)
        #expect(spans.first { $0.0 == "a" }?.1 == theme[.markupTag])
        #expect(spans.first { $0.0 == "href" }?.1 == theme[.markupAttribute])
        #expect(spans.first { $0.0 == #""/x""# }?.1 == theme[.jsonString])
        #expect(spans.first { $0.0 == "link" }?.1 == theme[.text])
        #expect(spans.first { $0.0 == "<!-- note -->" }?.1 == theme[.markupComment])
        #expect(spans.first { $0.0 == "<!DOCTYPE html>" }?.1 == theme[.markupComment])
        #expect(spans.first { $0.0 == "</" }?.1 == theme[.punctuation])
    }

    @Test func headersPlainTextAndTheLanguageOfAMediaType() {
        let spans = roles("Content-Type: text/html", .headers)
        #expect(spans.map(\.1) == [theme[.headerName], theme[.punctuation], theme[.headerValue]])
        #expect(roles("just text: here", .plain).map(\.1) == [theme[.text]])
        #expect(SyntaxHighlighter.Language(mediaType: "application/problem+json") == .json)
        #expect(SyntaxHighlighter.Language(mediaType: "text/html") == .markup)
        #expect(SyntaxHighlighter.Language(mediaType: "application/xml") == .markup)
        #expect(SyntaxHighlighter.Language(mediaType: "text/plain") == .plain)
        #expect(SyntaxHighlighter.Language(mediaType: nil) == .plain)
    }

    @Test func theEditorGetsAStylePerCharacter() {
        let characters = Array(#"{"é": 1}"#)
        let styles = SyntaxHighlighter(language: .json, theme: theme).styles(characters, base: theme[.text])
        #expect(styles.count == characters.count)
        #expect(styles[0] == theme[.punctuation] && styles[2] == theme[.jsonKey] && styles[6] == theme[.jsonNumber])
    }
}
