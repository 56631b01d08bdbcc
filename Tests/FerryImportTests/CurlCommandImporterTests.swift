import FerryImport
import FerryTestSupport
import FerryWorkbench
import Testing

@Suite struct CurlCommandImporterTests {
    /// The `.http` text of the import of `command`, checked to read back the same.
    func http(_ command: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let collection = try CurlCommandImporter.read(Array(command.utf8), fileName: "pasted.sh")
        ImportReparsing.expectReparses(collection, sourceLocation: sourceLocation)
        return collection.files.map(\.text).joined()
    }

    func warnings(_ command: String) throws -> [String] {
        try CurlCommandImporter.read(Array(command.utf8), fileName: "pasted.sh").diagnostics.map(\.description)
    }

    // MARK: - Method, URL, headers

    @Test func plainGetWithoutLocationDoesNotFollowRedirects() throws {
        #expect(
            try http("curl https://api.test/v1/users")
                == "### get-users\n# @no-redirect\nGET https://api.test/v1/users\n\n")
        #expect(try http("curl -L https://api.test/") == "### get-api.test\nGET https://api.test/\n\n")
    }

    @Test func methodsHeadersAndCombinedShortFlags() throws {
        #expect(
            try http("curl -sSL -XPUT -HX-A:1 --header 'Accept: text/plain' --url=https://a.test/items/7")
                == "### put-7\nPUT https://a.test/items/7\nX-A: 1\nAccept: text/plain\n\n")
        #expect(try http("curl -I -L https://a.test/x") == "### head-x\nHEAD https://a.test/x\n\n")
        #expect(try http("curl --request=DELETE -L https://a.test/x") == "### delete-x\nDELETE https://a.test/x\n\n")
        #expect(try http("curl -L -H 'X-Empty;' https://a.test/x") == "### get-x\nGET https://a.test/x\nX-Empty: \n\n")
    }

    // MARK: - Bodies

    @Test func dataJoinsWithAmpersandAndDefaultsToAForm() throws {
        #expect(
            try http("curl -L -d a=1 --data b=2 --data-raw '@c' https://a.test/f")
                == """
                ### post-f
                POST https://a.test/f
                Content-Type: application/x-www-form-urlencoded

                a=1&b=2&@c


                """)
    }

    @Test func dataFromAFileIsAnInclude() throws {
        #expect(
            try http("curl -L -H 'Content-Type: application/json' --data-binary @body.json https://a.test/f")
                == "### post-f\nPOST https://a.test/f\nContent-Type: application/json\n\n< ./body.json\n\n")
        #expect(
            try http("curl -L -d a=1 -d @rest.txt -d z=9 https://a.test/f").contains(
                "\n\na=1&\n< ./rest.txt\n&z=9\n"))
    }

    @Test func dataURLEncodeForms() throws {
        let text = try http(
            "curl -L --data-urlencode 'q=a b&c' --data-urlencode '=x y' --data-urlencode 'plain text' https://a.test/s")
        #expect(text.contains("\n\nq=a%20b%26c&x%20y&plain%20text\n"))
        let file = try CurlCommandImporter.read(
            Array("curl -L --data-urlencode name@notes.txt https://a.test/s".utf8), fileName: "p")
        #expect(file.files[0].requests[0].body == "name=\n< ./notes.txt")
        #expect(file.diagnostics.contains { $0.message.contains("cannot be URL-encoded") })
    }

    @Test func jsonSetsBothHeadersUnlessGiven() throws {
        #expect(
            try http(#"curl -L --json '{"a":1}' https://a.test/j"#)
                == "### post-j\nPOST https://a.test/j\nContent-Type: application/json\nAccept: application/json\n\n{\"a\":1}\n\n"
        )
        #expect(
            try http(#"curl -L -H 'accept: */*' --json '{"a":1}' https://a.test/j"#)
                == "### post-j\nPOST https://a.test/j\naccept: */*\nContent-Type: application/json\n\n{\"a\":1}\n\n")
    }

    @Test func getPutsDataIntoTheQuery() throws {
        #expect(
            try http("curl -L -G -d a=1 --data-urlencode 'b=x y' 'https://a.test/s?z=0'")
                == "### get-s\nGET https://a.test/s?z=0&a=1&b=x%20y\n\n")
        #expect(try http("curl -L -G -I -d a=1 https://a.test/s") == "### head-s\nHEAD https://a.test/s?a=1\n\n")
    }

    @Test func formsBecomeAMultipartBodyAsFerryWritesOne() throws {
        #expect(
            try http(
                "curl -L -F 'title=Hello;type=text/plain' -F 'up=@data/p.json;filename=x.json' --form-string 'raw=@no' https://a.test/u"
            )
                == """
                ### post-u
                POST https://a.test/u
                Content-Type: multipart/form-data; boundary=WebAppBoundary

                --WebAppBoundary
                Content-Disposition: form-data; name="title"
                Content-Type: text/plain

                Hello
                --WebAppBoundary
                Content-Disposition: form-data; name="up"; filename="x.json"
                Content-Type: application/json

                < ./data/p.json
                --WebAppBoundary
                Content-Disposition: form-data; name="raw"

                @no
                --WebAppBoundary--


                """)
    }

    @Test func standardInputDataIsLeftOutWithAWarning() throws {
        let collection = try CurlCommandImporter.read(
            Array("curl -L -d @- -d a=1 https://a.test/x".utf8), fileName: "p")
        #expect(collection.files[0].requests[0].body == "a=1")
        #expect(
            collection.diagnostics.map(\.description) == [
                "p:1:9: warning: --data @-: standard input cannot be imported; left out"
            ])
    }

    @Test func uploadFileIsAPutOfTheFile() throws {
        #expect(try http("curl -L -T big.bin https://a.test/b") == "### put-b\nPUT https://a.test/b\n\n< ./big.bin\n\n")
    }

    @Test func crlfBodiesAreWrittenWithLineBreaks() throws {
        let text = try http(#"curl -L -H 'Content-Type: text/plain' --data-raw $'a\r\nb\r\n' https://a.test/t"#)
        #expect(text.hasSuffix("\n\na\nb\n\n"))
    }

    // MARK: - Auth and other headers

    @Test func userBecomesBasicInFerrysDialect() throws {
        #expect(try http("curl -L -u ann:s3cret https://a.test/").contains("Authorization: Basic ann s3cret\n"))
        #expect(
            try http("curl -L --digest -u ann:s3cret https://a.test/").contains("Authorization: Digest ann s3cret\n"))
        // Words with spaces cannot be written as two words: the header is encoded.
        #expect(try http("curl -L -u 'a b:c d' https://a.test/").contains("Authorization: Basic YSBiOmMgZA==\n"))
        #expect(try http("curl -L -u ann https://a.test/").contains("Authorization: Basic ann {{password}}\n"))
        #expect(
            try http("curl -L -u ann:x -H 'Authorization: Token t' https://a.test/").contains(
                "Authorization: Token t\n"))
        #expect(try http("curl -L --oauth2-bearer tok https://a.test/").contains("Authorization: Bearer tok\n"))
    }

    @Test func agentRefererCookieRange() throws {
        let text = try http("curl -L -A 'Agent/1' -e 'https://r.test/;auto' -b 'a=1; b=2' -r 0-99 https://a.test/")
        #expect(text.contains("User-Agent: Agent/1\nReferer: https://r.test/\nCookie: a=1; b=2\nRange: bytes=0-99\n"))
        let file = try CurlCommandImporter.read(Array("curl -b jar.txt https://a.test/".utf8), fileName: "p")
        #expect(file.files[0].requests[0].header("Cookie") == nil)
        #expect(file.diagnostics.map(\.message).contains { $0.contains("cookie files are not read") })
    }

    // MARK: - Directives and ignored options

    @Test func directives() throws {
        #expect(
            try http("curl -k -m 12.5 --connect-timeout 3 --retry 20 https://a.test/")
                == "### get-a.test\n# @no-redirect\n# @insecure\n# @timeout 12.5\n# @connection-timeout 3\n# @retries 10\nGET https://a.test/\n\n"
        )
    }

    @Test func outputOptionsAreSilentAndUnknownOnesWarnAtTheirWord() throws {
        let collection = try CurlCommandImporter.read(
            Array(
                "curl -sS -v -i -o out.txt -O -w '%{http_code}' -f --fail --compressed \\\n  --frobnicate -x http://p:1 https://a.test/"
                    .utf8),
            fileName: "cmd.sh")
        #expect(collection.requestCount == 1)
        #expect(
            collection.diagnostics.map(\.description) == [
                "cmd.sh:2:3: warning: unknown curl option --frobnicate; ignored",
                "cmd.sh:2:16: warning: --proxy: a proxy per request is not supported; set it in the environment (http_proxy) instead",
            ])
    }

    // MARK: - Files of commands

    @Test func severalCommandsGetUniqueTitlesInAFileNamedAfterTheSource() throws {
        let text = """
            # list them
            curl https://a.test/items

            $ curl https://b.test/items
            curl -X POST https://a.test/items | jq .
            """
        let collection = try CurlCommandImporter.read(Array(text.utf8), fileName: "docs/api.txt")
        #expect(collection.files.map(\.path) == ["api.http"])
        #expect(collection.files[0].requests.map(\.title) == ["get-items", "get-items-2", "post-items"])
        #expect(collection.diagnostics == [])
    }

    @Test func recognizesOnlyCurlCommands() {
        #expect(CurlCommandImporter.recognizes(Array("# x\n\n$ curl https://a".utf8), fileName: "a"))
        #expect(CurlCommandImporter.recognizes(Array("curl\\\n -d x https://a".utf8), fileName: "a"))
        #expect(!CurlCommandImporter.recognizes(Array("{\"curl\": 1}".utf8), fileName: "a.json"))
        #expect(!CurlCommandImporter.recognizes(Array("curly https://a".utf8), fileName: "a"))
        #expect(!CurlCommandImporter.recognizes(Array("GET https://a\n".utf8), fileName: "a.http"))
    }

    @Test func nothingImportableThrowsALocatedError() {
        #expect(throws: Diagnostic.self) {
            _ = try CurlCommandImporter.read(Array("curl -d 'oops".utf8), fileName: "x.sh")
        }
        #expect {
            _ = try CurlCommandImporter.read(Array("curl -s\n".utf8), fileName: "x.sh")
        } throws: { error in
            (error as? Diagnostic)?.description == "x.sh:1:1: error: curl command without a URL; skipped"
        }
    }
}

@Suite struct ImportCheckingTests {
    @Test func aBodyTheDialectWouldMisreadGoesToAFileOfItsOwn() throws {
        let command = "curl -L -H 'Content-Type: text/plain' --data-raw $'first\\n### not a separator' https://a.test/x"
        let collection = try CurlCommandImporter.read(Array(command.utf8), fileName: "p.sh")
        #expect(
            collection.diagnostics.map(\.description) == [
                "p.http:1:1: warning: request 'post-x': its body holds lines .http text reads as syntax (a separator, "
                    + "an output, an include or a handler), so it is written to p.bodies/1.txt and included"
            ])
        let folder = try TemporaryFolder(prefix: "ferry-import-body")
        let report = try collection.write(into: folder.url)
        #expect(report.files.map(\.requestCount) == [1])
        #expect(try folder.read("p.bodies/1.txt") == "first\n### not a separator")
        let reread = try Workspace.load(at: folder.url)
        #expect(reread.requests.map(\.request.body) == ["< ./p.bodies/1.txt"])
        let fine = try CurlCommandImporter.read(Array("curl -L -d a=1 https://a.test/x".utf8), fileName: "p.sh")
        #expect(fine.diagnostics == [])
    }
}
