import FerryImport
import FerryWorkbench
import Testing

@Suite struct ShellWordsTests {
    func words(_ text: String) throws -> [[String]] {
        try ShellWords.split(text, file: "t").commands.map { $0.words.map(\.text) }
    }

    @Test func quotesAndEscapes() throws {
        #expect(
            try words(#"curl 'a b' "c $ d" e\ f "g\"h" 'it'\''s'"#) == [
                ["curl", "a b", "c $ d", "e f", "g\"h", "it's"]
            ])
        #expect(try words(#"x "a\nb" 'a\nb' a\nb"#) == [["x", #"a\nb"#, #"a\nb"#, "anb"]])
        #expect(try words("x '' \"\"") == [["x", "", ""]])
    }

    @Test func ansiCQuoting() throws {
        #expect(try words(#"x $'a\r\nb\t\x41\u00e9\101\'q'"#) == [["x", "a\r\nb\tAéA'q"]])
    }

    @Test func continuationsPromptsAndComments() throws {
        #expect(
            try words("$ curl -X POST \\\n  https://a.test # note\n\n# comment\ncurl b") == [
                ["curl", "-X", "POST", "https://a.test"], ["curl", "b"],
            ])
        #expect(try words("curl ^\n  -d x ^\r\n  https://a.test") == [["curl", "-d", "x", "https://a.test"]])
        #expect(try words("curl `\n  https://a.test") == [["curl", "https://a.test"]])
        #expect(try words("curl a#b") == [["curl", "a#b"]])
    }

    @Test func backslashWithTrailingSpacesIsAContinuationWithAWarning() throws {
        let split = try ShellWords.split("curl -d a \\  \n -d b", file: "t")
        #expect(split.commands.map { $0.words.map(\.text) } == [["curl", "-d", "a", "-d", "b"]])
        #expect(split.warnings.count == 1)
        #expect(split.warnings.first?.location.line == 1)
        #expect(split.warnings.first?.severity == .warning)
    }

    @Test func multiLineQuotesKeepTheirLineBreaksAndLinesCount() throws {
        let split = try ShellWords.split("curl -d '{\n  \"a\": 1\n}' \\\n  https://x\ncurl y", file: "t")
        #expect(split.commands[0].words[2].text == "{\n  \"a\": 1\n}")
        #expect(split.commands[0].words[3].line == 4)
        #expect(split.commands[0].words[3].column == 3)
        #expect(split.commands[1].line == 5)
    }

    @Test func shellVariablesBecomeFerryVariablesOutsideSingleQuotes() throws {
        let split = try ShellWords.split(#"curl $URL/a "${TOKEN}" '$NOT' $1 $"#, file: "t")
        #expect(split.commands[0].words.map(\.text) == ["curl", "{{URL}}/a", "{{TOKEN}}", "$NOT", "$1", "$"])
        #expect(split.commands[0].words[1].variables == ["URL"])
    }

    @Test func separatorsEndCommands() throws {
        #expect(
            try words("curl a | jq . ; curl b && echo") == [["curl", "a"], ["jq", "."], ["curl", "b"], ["echo"]])
    }

    @Test(arguments: [
        ("curl -d 'abc", 1, 9, "single"), ("curl\n  -H \"x: y", 2, 6, "double"), ("x $'ab", 1, 3, "$'"),
    ])
    func unclosedQuotesAreLocatedAtTheirOpening(text: String, line: Int, column: Int, kind: String) {
        #expect {
            _ = try ShellWords.split(text, file: "in.sh")
        } throws: { error in
            guard let diagnostic = error as? Diagnostic else { return false }
            return diagnostic.location == FerryWorkbench.SourceLocation(file: "in.sh", line: line, column: column)
                && diagnostic.message.contains(kind) && diagnostic.severity == .error
        }
    }

    /// As a browser's "Copy as cURL (cmd)" writes it: `^` escapes for cmd.exe, `\"` for the C runtime,
    /// `^` + two line breaks for a line break inside an argument.
    @Test func windowsCommandLinesFromABrowser() throws {
        let text = """
            curl ^"https://a.test/api/items?q=a b&x=^%^41^" ^
              -H ^"accept: */*^" ^
              -H ^"user-agent: Mozilla/5.0 (it's ^\\^"quoted^\\^")^" ^
              --data-raw ^"^{^\\^"name^\\^":^\\^"Ann^\\^",^\\^"lines^\\^":^\\^"a^

            b^\\^",^\\^"pct^\\^":^\\^"100^%^\\^"^}^" ^
              --compressed
            curl ^"https://b.test/^"
            """
        let split = try ShellWords.split(text, file: "cmd.txt")
        #expect(
            split.commands.map { $0.words.map(\.text) } == [
                [
                    "curl", "https://a.test/api/items?q=a b&x=%41", "-H", "accept: */*", "-H",
                    #"user-agent: Mozilla/5.0 (it's "quoted")"#, "--data-raw",
                    "{\"name\":\"Ann\",\"lines\":\"a\nb\",\"pct\":\"100%\"}", "--compressed",
                ],
                ["curl", "https://b.test/"],
            ])
        #expect(split.commands[0].words[2].line == 2)
        #expect(split.commands[1].line == 8)
        #expect(
            try CurlCommandImporter.read(Array(text.utf8), fileName: "cmd.txt").files[0].requests[0].body
                == "{\"name\":\"Ann\",\"lines\":\"a\nb\",\"pct\":\"100%\"}")
        #expect(throws: Diagnostic.self) { _ = try ShellWords.split("curl ^\"https://a.test/", file: "x") }
    }
}
