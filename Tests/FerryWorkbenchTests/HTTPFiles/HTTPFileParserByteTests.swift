import FerryWorkbench
import Testing

/// The parser reads ASCII lines on their bytes and cuts a file into sections on its bytes: what it reads must be
/// what reading characters read, where a combining mark turns a marker's last character into another one.
@Suite struct HTTPFileParserByteTests {
    func parse(_ text: String) -> HTTPFile { HTTPFileParser.parse(text: text, path: "t.http") }

    @Test func aMarkerWhoseLastCharacterACombiningMarkChangesIsNoMarker() throws {
        // `###` then U+0301: the third character is `#́`, so the line starts no section (it is a comment before the
        // body: its first character is `#`).
        let joined = parse("GET http://a/1\n\n###\u{0301} not a separator\nGET http://a/2\n")
        #expect(joined.requests.count == 1)
        #expect(joined.requests[0].bodyComments == ["###\u{0301} not a separator"])
        #expect(joined.requests[0].body == "GET http://a/2")
        let separated = parse("GET http://a/1\n\n### separator\nGET http://a/2\n")
        #expect(separated.requests.map(\.url) == ["http://a/1", "http://a/2"])
        #expect(separated.requests[1].sourceMap?.requestLine == 4)
        // `#́` starts no comment either: the line is the request line.
        let uncommented = parse("#\u{0301}x\n")
        #expect(uncommented.requests.first?.url.isEmpty == false)
        #expect(parse("# x\nGET http://a/1\n").requests.map(\.url) == ["http://a/1"])
    }

    @Test func aHeaderLineWithOtherCharactersIsReadCharacterByCharacter() throws {
        let file = parse("GET http://a/1\nX-Naïve: café\nAccept: text/plain\n")
        #expect(file.requests[0].headers.map(\.name) == ["X-Naïve", "Accept"])
        #expect(file.requests[0].header("x-naïve") == "café")
        #expect(file.diagnostics.isEmpty)
    }

    @Test func sectionsKeepTheirBytesAndLinesAcrossLineEndings() throws {
        let text = "@a = 1\r\n### one\r\nGET http://a/1\r\n\r\n### two\r\n\r\nPOST http://a/2\r\n\r\nbody\r\n"
        let file = parse(text)
        #expect(file.lineEnding == "\r\n")
        #expect(file.requests.map(\.url) == ["http://a/1", "http://a/2"])
        #expect(file.requests[1].sourceMap?.requestLine == 7)
        #expect(file.requests[1].body == "body")
        #expect(file.bytes() == Array(text.utf8))
        #expect(parse("").requests.isEmpty && parse("").bytes().isEmpty)
        #expect(parse("GET http://a/1").lineEnding == "\n")
        #expect(parse("###\n###\n").sections.count == 2)
    }
}
