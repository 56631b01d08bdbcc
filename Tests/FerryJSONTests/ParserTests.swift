import FerryJSON
import Foundation
import Testing

@Suite struct ParserTests {
    // MARK: - Values

    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONValue(parsing: #" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9\ud83d\ude00"]} "#)
        let expected: JSONValue = ["a": [1, .number(JSONNumber(text: "-2.5e3")!), true, false, nil, "x\né😀"]]
        #expect(value == expected)
    }

    @Test func keepsKeyOrderAndFlagsDuplicateKeys() throws {
        let value = try JSONValue(parsing: #"{"z": 1, "a": 2, "z": 3, "m": 4, "a": 5}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "z", "m", "a"])
        #expect(object.duplicateKeys == ["z", "a"])
        #expect(object["z"] == 3)
        #expect(try JSONValue(parsing: #"{"a":1,"b":2}"#).objectValue?.hasDuplicateKeys == false)
    }

    @Test func keepsNumberSpelling() throws {
        let value = try JSONValue(parsing: "[12345678901234567890123, 0.10000000000000000000001, 1E+2, -0]")
        #expect(value.formatted(.compact) == "[12345678901234567890123,0.10000000000000000000001,1E+2,-0]")
        #expect(value[0].value?.intValue == nil)
        #expect(value[0].value?.doubleValue == 1.2345678901234568e22)
        #expect(value[2].value?.intValue == 100)
        #expect(try value[3].int() == 0)
    }

    @Test func decodesSurrogatePairsAndReplacesLoneSurrogates() throws {
        #expect(try JSONValue(parsing: #""\uD834\uDD1E""#) == "𝄞")
        #expect(try JSONValue(parsing: #""a\uD800b""#) == "a\u{FFFD}b")
        #expect(try JSONValue(parsing: #""\uDC00\uD800""#) == "\u{FFFD}\u{FFFD}")
    }

    // MARK: - Errors

    @Test func errorsCarryOffsetLineColumnAndExcerpt() throws {
        let text = "{\n  \"name\": \"ferry\",\n  \"size\": 12 \"x\"\n}"
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        #expect(error.reason == .expectedCommaOrBrace)
        #expect(error.line == 3)
        #expect(error.column == 14)
        #expect(error.offset == Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))! - 1)
        #expect(error.excerpt == "    \"size\": 12 \"x\"\n               ^")
        #expect(error.description.hasPrefix("line 3, column 14: expected ',' or '}'"))
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: #"["é😀", x]"#) }
        #expect(error.column == 8)
        #expect(error.reason == .unexpectedCharacter)
    }

    @Test func longLinesAreShortenedAroundTheCaret() throws {
        let text = "[" + String(repeating: "1,", count: 100) + "oops]"
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        #expect(error.column == 202)
        let lines = error.excerpt.split(separator: "\n")
        #expect(lines[0].hasPrefix("  …") && lines[0].hasSuffix("oops]"))
        #expect(lines[1].count < 40 && lines[1].hasSuffix("^"))
        let caret = lines[1].count - 1
        #expect(Array(lines[0])[caret] == "o")
    }

    @Test(arguments: [
        ("", JSONParseError.Reason.unexpectedEndOfInput), ("[1,]", .trailingComma), ("01", .invalidNumber),
        ("1.", .invalidNumber), ("-", .invalidNumber), ("[tru]", .invalidLiteral), (#""\x""#, .invalidEscape),
        ("\"a\u{01}\"", .controlCharacterInString), (#""abc"#, .unterminatedString), ("{1:2}", .expectedKey),
        (#"{"a" 1}"#, .expectedColon), ("[1 2]", .expectedCommaOrBracket), ("1 2", .trailingCharacters),
        ("// c\n1", .unexpectedCharacter),
    ])
    func rejects(_ text: String, reason: JSONParseError.Reason) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        #expect((try? JSONValue(parsing: text)) == nil)
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.reason == reason, "\(text)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [
            [0x22, 0xC3, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xFF, 0x22],
        ] {
            #expect(throws: JSONParseError.self) { try JSONDocument(parsing: bytes) }
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: deep) }
        #expect(error.reason == .tooDeep(limit: 512))
        #expect(error.offset == 512)
        let limit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONDocument(parsing: limit).nodeCount == 512)
        #expect(throws: JSONParseError.self) {
            try JSONDocument(parsing: limit, options: JSONParseOptions(maximumDepth: 100))
        }
    }

    // MARK: - Lenient mode

    @Test func lenientModeAcceptsCommentsAndTrailingCommas() throws {
        let text = """
            {
              // the user's note
              "a": [1, 2, /* inline */ 3,],
              "b": {"c": true,},
            }
            """
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
        let value = try JSONValue(parsing: text, options: .lenient)
        #expect(value == ["a": [1, 2, 3], "b": ["c": true]])
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1 /* open", options: .lenient) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,,]", options: .lenient) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[,]", options: .lenient) }
    }

    // MARK: - Large input

    @Test func parsesLongStringsWithEveryByteClass() throws {
        // Exercises the eight-bytes-at-a-time scan across escapes and multi-byte scalars at every alignment.
        var expected = ""
        for index in 0..<500 {
            expected += String(repeating: "a", count: index % 11) + ["\"", "\\", "é", "😀", "\t", "x"][index % 6]
        }
        let text = JSONValue.string(expected).formatted(.compact)
        #expect(try JSONValue(parsing: text) == .string(expected))
    }
}
