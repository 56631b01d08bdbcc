import FerryTestSupport
import FerryWorkbench
import Testing

@Suite struct HTTPFileParserTests {
    func parse(_ text: String) -> HTTPFile { HTTPFileParser.parse(text: text, path: "t.http") }

    @Test func readsTitlesNamesMethodsHeadersAndBodies() throws {
        let file = parse(
            """
            @host = http://localhost
            ### First one
            # @name first
            // a comment
            POST {{host}}/post HTTP/1.1
            Content-Type : application/json
            # between headers
            Accept: */*

            {"a": 1}


            ###Second
            https://example.com/get
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.requests.count == 2)
        let first = file.requests[0]
        #expect(first.title == "First one")
        #expect(first.name == "first")
        #expect(first.method == "POST")
        #expect(first.url == "{{host}}/post")
        #expect(first.httpVersion == "HTTP/1.1")
        #expect(first.headers.map(\.name) == ["Content-Type", "Accept"])
        #expect(first.header("content-type") == "application/json")
        #expect(first.body == #"{"a": 1}"#)
        #expect(file.fileVariables(forRequestAt: 0) == ["host": "http://localhost"])
        let second = file.requests[1]
        #expect(second.explicitMethod == nil)
        #expect(second.method == "GET")
        #expect(second.name == "Second")
        #expect(second.url == "https://example.com/get")
        #expect(second.body == nil)
    }

    @Test func aHandlerBeforeTheRequestLineIsKeptWarnedAndNotARequest() throws {
        let file = parse("### login\n> {%\n  client.global.set(\"t\", response.body.token);\n%}\nPOST http://h/login\n")
        let request = try #require(file.requests.first)
        #expect(file.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url == "http://h/login")
        #expect(request.preRequestScripts.isEmpty && request.responseHandlerScripts.isEmpty)
        let warning = try #require(file.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 2)
        #expect(warning.message.contains("handles nothing"))
    }

    @Test func joinsIndentedQueryContinuationLines() {
        let file = parse("GET http://example.com:8080\n    /api\n    /get\n    ?id=123\n    &value=content\n")
        #expect(file.requests.first?.fullURL == "http://example.com:8080/api/get?id=123&value=content")
    }

    @Test func readsDirectives() {
        let file = parse(
            "# @no-redirect\n# @no-cookie-jar\n# @timeout 10 s\n# @connection-timeout 500 ms\n# @prompt token\nGET /x\n"
        )
        let directives = file.requests[0].directives
        #expect(directives.noRedirect)
        #expect(directives.noCookieJar)
        #expect(directives.timeout == 10)
        #expect(directives.connectionTimeout == 0.5)
        #expect(directives.prompts == [PromptVariable(name: "token")])
    }

    @Test func keepsHandlersAndScriptsVerbatimWithoutRunningThem() {
        let file = parse(
            """
            < {%
              request.variables.set("a", "b")
            %}
            POST /post

            body

            > {%
              client.global.set("x", response.body.x)
            %}
            >> out.json
            """)
        let request = file.requests[0]
        #expect(file.diagnostics.isEmpty)
        #expect(request.body == "body")
        #expect(request.responseHandlers.first == "> {%")
        #expect(request.responseHandlers.last == ">> out.json")
        #expect(request.preamble.first?.kind == .script)
    }

    @Test func readsFileIncludesAndMultipartAsBodyLines() {
        let file = parse(
            """
            POST /upload
            Content-Type: multipart/form-data; boundary=b

            --b
            Content-Disposition: form-data; name="f"; filename="a.txt"

            < ./a.txt
            --b--
            """)
        #expect(file.requests[0].body?.contains("< ./a.txt") == true)
        #expect(file.requests[0].body?.hasSuffix("--b--") == true)
    }

    @Test func reportsEachProblemWithItsLocationAndKeepsLoading() {
        let file = parse(
            """
            ### broken header
            GET /a
            no colon here
            X-Ok: yes

            ### missing url
            POST

            ### bad timeout
            # @timeout soon
            GET /c

            ### bad variable
            @novalue
            GET /d?x={{open

            ### fine
            GET /e
            """)
        let messages = file.diagnostics.map(\.description)
        #expect(messages.count == 5)
        #expect(messages[0] == "t.http:3:1: error: expected a header `Name: value` or a blank line before the body")
        #expect(messages[1] == "t.http:7:5: error: expected a URL after POST")
        #expect(messages[2].hasPrefix("t.http:10:12: error: expected a duration"))
        #expect(messages[3] == "t.http:14:9: error: expected `=` after the variable name 'novalue'")
        #expect(messages[4] == "t.http:15:10: error: expected `}}` to close the variable")
        #expect(file.requests.count == 5)
        #expect(file.requests[0].header("X-Ok") == "yes")
        #expect(file.requests[4].url == "/e")
    }

    @Test func unclosedScriptIsLocated() {
        let file = parse("GET /a\n\n> {%\nclient.log(1)\n")
        #expect(
            file.diagnostics.map(\.description) == ["t.http:3:3: error: expected `%}` to close the script opened here"])
    }

    @Test func warnsWhenAHeaderFollowsABlankLine() {
        let file = parse("GET /a\n\nAuthorization: Bearer x\n")
        #expect(file.diagnostics.count == 1)
        #expect(file.diagnostics.first?.severity == .warning)
        #expect(file.diagnostics.first?.location.line == 3)
    }
}

@Suite struct HTTPFileParserWarningTests {
    @Test func spacesInsideVariablesAreFineButNotOutside() {
        let fine = HTTPFileParser.parse(text: "GET http://h/{{ id }}?q={{ q }}\n", path: "s.http")
        #expect(fine.diagnostics.isEmpty)
        let spaced = HTTPFileParser.parse(text: "GET http://h/a b HTTP/1.1\n", path: "s.http")
        #expect(
            spaced.diagnostics.map(\.description) == [
                "s.http:1:15: warning: expected `METHOD URL [HTTP/version]`: the URL contains a space (encode it as %20)"
            ])
    }
}

@Suite(.offThePool) struct HTTPFileParserFuzzFindingsTests {
    /// Inputs the fuzzer found where an edited (re-rendered) file did not parse back to the same requests.
    @Test(arguments: ["\r\t", "   \u{FEFF}@Cao crypI_GET {{_t", "@\r\r\nrm-cn = https://x### y"])
    func renderedRequestsParseBack(_ text: String) throws {
        let file = HTTPFileParser.parse(text: text, path: "f.http")
        #expect(file.bytes() == Array(text.utf8))
        var edited = file
        for (position, request) in file.requests.enumerated() { try edited.replaceRequest(at: position, with: request) }
        #expect(HTTPFileParser.parse(edited.bytes(), path: "f.http").requests == file.requests)
    }
}
