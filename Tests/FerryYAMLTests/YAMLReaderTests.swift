import FerryJSON
import FerryYAML
import Testing

@Suite struct YAMLReaderTests {
    func read(_ text: String) throws -> JSONValue { try YAMLReader.read(text: text).value }

    func failure(_ text: String) -> YAMLError? {
        do {
            _ = try YAMLReader.read(text: text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Block collections

    @Test func readsBlockMappingsInOrder() throws {
        #expect(try read("b: 1\na: two\nc:\n") == ["b": 1, "a": "two", "c": nil])
        #expect(
            try read("outer:\n  inner:\n    deep: x\n  next: y\nlast: z\n")
                == ["outer": ["inner": ["deep": "x"], "next": "y"], "last": "z"])
    }

    @Test func readsBlockSequencesCompactEntriesAndUnindentedSequences() throws {
        #expect(try read("- a\n- b\n-\n- - c\n  - d\n") == ["a", "b", nil, ["c", "d"]])
        #expect(
            try read("items:\n- name: x\n  in: query\n- name: y\nafter: 1\n")
                == ["items": [["name": "x", "in": "query"], ["name": "y"]], "after": 1])
        #expect(try read("k:\n  - 1\n  -\n    nested: true\n") == ["k": [1, ["nested": true]]])
    }

    // MARK: - Scalars

    @Test func resolvesPlainScalarsByTheCoreSchema() throws {
        let value = try read(
            """
            n1: null
            n2: ~
            n3:
            t: True
            f: FALSE
            i: -42
            plus: +7
            zeros: 007
            hex: 0x1F
            oct: 0o17
            fl: 1.5e3
            dot: .5
            inf: -.inf
            nan: .NaN
            s1: yes
            s2: 1_000
            s3: 2021-03-05
            s4: 0x
            """)
        #expect(
            value == [
                "n1": nil, "n2": nil, "n3": nil, "t": true, "f": false, "i": -42, "plus": 7, "zeros": 7, "hex": 31,
                "oct": 15, "fl": .number(JSONNumber(text: "1.5e3")!), "dot": 0.5, "inf": "-.inf", "nan": ".nan",
                "s1": "yes", "s2": "1_000", "s3": "2021-03-05", "s4": "0x",
            ])
    }

    @Test func readsQuotedScalarsWithEscapesAndFolding() throws {
        #expect(try read(#"a: 'it''s # not a comment'"#) == ["a": "it's # not a comment"])
        #expect(try read(#"a: "tab\there \"q\" \u00e9 \x41 \\ \/""#) == ["a": "tab\there \"q\" é A \\ /"])
        #expect(try read("a: \"one\n  two\n\n  three\"\n") == ["a": "one two\nthree"])
        #expect(try read("a: \"join\\\n   ed\"\n") == ["a": "joined"])
        #expect(try read("a: '1'\nb: \"true\"\n") == ["a": "1", "b": "true"])
    }

    @Test func foldsMultiLinePlainScalars() throws {
        #expect(try read("a: one\n  two\n\n  three # c\nb: x\n") == ["a": "one two\nthree", "b": "x"])
        #expect(try read("- first\n  second\n- x\n") == ["first second", "x"])
    }

    @Test func readsLiteralAndFoldedBlockScalars() throws {
        #expect(
            try read("a: |\n  line 1\n    indented\n  line 3\n\nb: 1\n") == [
                "a": "line 1\n  indented\nline 3\n", "b": 1,
            ])
        #expect(try read("a: |-\n  x\n\n") == ["a": "x"])
        #expect(try read("a: |+\n  x\n\n\nb: 1\n") == ["a": "x\n\n\n", "b": 1])
        #expect(
            try read("a: >\n  one\n  two\n\n  three\n    more\n  four\n") == ["a": "one two\nthree\n  more\nfour\n"])
        #expect(try read("a: >-\n  folded\n  text\n") == ["a": "folded text"])
        #expect(try read("a: |2\n    four\n   three\n") == ["a": "  four\n three\n"])
        #expect(try read("- |\n  in a list\n- next\n") == ["in a list\n", "next"])
    }

    // MARK: - Flow collections

    @Test func readsNestedFlowCollections() throws {
        #expect(
            try read("a: {x: 1, y: [p, 'q', \"r\"], z: {}}\nb: []\n") == [
                "a": ["x": 1, "y": ["p", "q", "r"], "z": [:]], "b": [],
            ])
        #expect(try read("a: [one,\n  two, {k: v,\n  w}]\n") == ["a": ["one", "two", ["k": "v", "w": nil]]])
        #expect(
            try read(#"{"json": "style", "n":1, "url": http://x/y}"#) == ["json": "style", "n": 1, "url": "http://x/y"])
        #expect(try read("[a: 1, b]") == [["a": 1], "b"])
    }

    // MARK: - Documents, comments, anchors, tags

    @Test func readsTheFirstDocumentAndSkipsComments() throws {
        #expect(try read("%YAML 1.2\n---\n# comment\na: 1 # trailing\n...\nignored: true\n") == ["a": 1])
        #expect(try read("--- \na: 1\n---\nb: 2\n") == ["a": 1])
        #expect(try read("") == nil)
        #expect(try read("# only a comment\n") == nil)
        #expect(try read("--- plain text\n") == "plain text")
    }

    @Test func expandsAnchorsAliasesAndMergeKeys() throws {
        let value = try read(
            """
            base: &base
              a: 1
              b: 2
            list: &l [x, y]
            copy: *base
            uses: *l
            merged:
              <<: *base
              b: 3
              c: 4
            multi:
              <<: [*base, {d: 5, a: 9}]
            """)
        #expect(value["copy"].value == ["a": 1, "b": 2])
        #expect(value["uses"].value == ["x", "y"])
        #expect(value["merged"].value == ["a": 1, "b": 3, "c": 4])
        #expect(value["multi"].value == ["a": 1, "b": 2, "d": 5])
    }

    @Test func appliesExplicitTags() throws {
        #expect(
            try read("a: !!str 123\nb: !!int \"7\"\nc: !custom text\nd: !!float 1\n") == [
                "a": "123", "b": 7, "c": "text", "d": 1,
            ])
    }

    @Test func isLenientWherePyYAMLIsStrictOnPurpose() throws {
        #expect(try read("x: !!binary aGVsbG8=\n") == ["x": "aGVsbG8="])
        #expect(try read("a: !custom\n  b: 1\n") == ["a": ["b": 1]])
        #expect(try read("a: x\n\t\nb: +.5\n") == ["a": "x", "b": 0.5])
    }

    @Test func convertsNonStringKeysToStrings() throws {
        #expect(
            try read("200: ok\n1.5: x\ntrue: y\n~: z\n0x10: h\n") == [
                "200": "ok", "1.5": "x", "true": "y", "null": "z", "16": "h",
            ])
        #expect(try read("? complex\n: value\n") == ["complex": "value"])
    }

    @Test func reportsDuplicateKeysAsWarningsAndKeepsTheLast() throws {
        let document = try YAMLReader.read(text: "a: 1\nb: 2\na: 3\n")
        #expect(document.value["a"].value == 3)
        #expect(document.warnings == [YAMLError("duplicate key 'a'", line: 3, column: 1)])
    }

    @Test func recordsWhereNodesStart() throws {
        let document = try YAMLReader.read(text: "paths:\n  /pets:\n    get:\n      x: 1\nlist:\n  - a\n  - b\n")
        #expect(document.position(ofPointer: "/paths/~1pets/get")! == (3, 5))
        #expect(document.position(ofPointer: "/list/1")! == (7, 3))
        #expect(document.position(ofPointer: "/paths/~1pets/get/missing")! == (3, 5))
    }

    // MARK: - Errors

    @Test func reportsErrorsAtLineAndColumn() {
        #expect(failure("a:\n\tb: 1\n")?.description == "2:1: a tab character is not allowed in indentation")
        #expect(failure("a: 'open\nb: 1\n")?.description == "1:4: unclosed single-quoted string")
        #expect(failure("a: \"open\n")?.description == "1:4: unclosed double-quoted string")
        #expect(failure("a: [1, 2\n")?.description == "1:4: unclosed '['")
        #expect(failure("a: {x: 1\n")?.description == "1:4: unclosed '{'")
        #expect(failure("a: 1\n  b: 2\n")?.description == "2:4: unexpected ':' (a mapping value is not allowed here)")
        #expect(failure("a:\n    b: 1\n  c: 2\n")?.description == "3:3: bad indentation: expected a key at column 1")
        #expect(failure("a: *nothing\n")?.description == "1:4: unknown alias '*nothing'")
        #expect(failure("a: \"\\q\"\n")?.description == "1:5: unknown escape '\\q'")
        #expect(failure("a: b: c\n")?.description == "1:5: unexpected ':' (a mapping value is not allowed here)")
        #expect(failure("key\nother: 1\n") != nil)
    }

    @Test func hostileInputsFailCleanly() {
        let deepFlow = String(repeating: "[", count: 100_000)
        #expect(failure(deepFlow)?.message == "nesting deeper than 150 levels")
        var deepBlock = ""
        for level in 0..<400 { deepBlock += String(repeating: " ", count: level) + "k:\n" }
        #expect(failure(deepBlock)?.message == "nesting deeper than 150 levels")
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<12 {
            let items = Array(repeating: "*\(Character(Unicode.Scalar(UInt8(96 + level))))", count: 10)
            bomb +=
                "\(Character(Unicode.Scalar(UInt8(97 + level)))): &\(Character(Unicode.Scalar(UInt8(97 + level)))) [\(items.joined(separator: ", "))]\n"
        }
        #expect(failure(bomb)?.message.contains("expands to more than") == true)
        for junk in ["- [", "{", "\"", "'", "a: |", "? ", "&", "*", "!", ": ", "- - - -", "a: >9\n", "\u{FEFF}a: 1"] {
            _ = failure(junk)
        }
    }
}
