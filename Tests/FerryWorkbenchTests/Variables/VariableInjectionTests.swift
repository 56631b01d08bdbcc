import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// A variable's value may not break a line of the request head: the URL, a header, a multipart part's header.
/// Each source of values is refused the same way, naming the variable, where its value comes from and where
/// it is used, and never showing the value.
@Suite struct VariableInjectionTests {
    static let injected = "abc\r\nX-Admin: 1"

    func request(_ text: String) -> SavedRequest {
        HTTPFileParser.parse(text: text, path: "api/v.http").requests[0]
    }

    /// The error resolving `text` with `context` into an ``HTTPRequest`` throws, or `nil`.
    func error(_ text: String, _ context: VariableContext) -> VariableError? {
        do {
            _ = try request(text).resolved(with: context)
            return nil
        } catch {
            return error as? VariableError
        }
    }

    func environment(public publicText: String, private privateText: String? = nil) -> [EnvironmentVariable] {
        EnvironmentFiles.parse(public: Array(publicText.utf8), private: privateText.map { Array($0.utf8) })
            .variables(for: "dev")
    }

    @Test func aValueFromTheEnvironmentFileIsRefusedInAHeader() throws {
        let env = environment(public: #"{ "dev": { "token": "abc\r\nX-Admin: 1" } }"#)
        let found = try #require(
            error("GET http://h/x\nAccept: */*\nX-Token: {{token}}\n", VariableContext(environment: env)))
        #expect(
            found.reason == .breaksLine(variable: "token", origin: "http-client.env.json:1", character: "\r", column: 4)
        )
        #expect(found.part == "header X-Token")
        #expect(
            found.description
                == "api/v.http:3: the value of {{token}} (from http-client.env.json:1) holds a carriage return (CR) at "
                + "character 4, which header X-Token cannot hold: it would end the line and let the rest of the value "
                + "add headers or a second request; not sent")
    }

    @Test func aSecretFromThePrivateEnvironmentIsRefusedWithoutShowingIt() throws {
        let env = environment(
            public: #"{ "dev": {} }"#, private: "{\n  \"dev\": {\n    \"password\": \"s3cret\\nX-Admin: 1\"\n  }\n}")
        let found = try #require(
            error("GET http://h/x\nAuthorization: Bearer {{password}}\n", VariableContext(environment: env)))
        #expect(
            found.reason
                == .breaksLine(
                    variable: "password", origin: "http-client.private.env.json:3", character: "\n", column: 7))
        #expect(!found.description.contains("s3cret"))
        #expect(found.description.hasPrefix("api/v.http:2: "))
    }

    @Test func aCommandLineValueIsRefusedInTheURL() {
        let found = error("GET http://h/users/{{id}}\n", VariableContext(overrides: ["id": "1 HTTP/1.1\r\nX-Admin: 1"]))
        #expect(found?.reason == .breaksLine(variable: "id", origin: "--var", character: "\r", column: 11))
        #expect(found?.part == "the URL")
        #expect(found?.description.hasPrefix("api/v.http:1: the value of {{id}} (from --var)") == true)
    }

    @Test func aCapturedResponseValueIsRefused() {
        let reference = "login.response.body.$.token"
        let found = error(
            "GET http://h/me\nX-Token: {{\(reference)}}\n", VariableContext(captured: [reference: Self.injected]))
        #expect(
            found?.reason == .breaksLine(variable: reference, origin: "a captured response", character: "\r", column: 4)
        )
    }

    @Test func aCapturedValueIsTheServersDataNotATemplate() throws {
        // Expanded, this would send the process environment's secret back to the server that chose it.
        let reference = "login.response.body.$.token"
        let context = VariableContext(
            captured: [reference: "{{$processEnv AWS_SECRET}}"], processEnvironment: ["AWS_SECRET": "k3y"])
        let prepared = try request("GET http://h/me\nX-Token: {{\(reference)}}\n").prepared(with: context)
        #expect(prepared.header("X-Token")?.value == "{{$processEnv AWS_SECRET}}")
    }

    @Test func aNameFromAValueIsShownWithItsControlCharactersEscaped() {
        let found = error("GET http://h/x\nX-A: {{v}}\n", VariableContext(overrides: ["v": "{{\u{1B}[2J}}"]))
        #expect(found?.reason == .unresolved("\u{1B}[2J"))
        #expect(found?.description.contains("{{\\u{1B}[2J}}") == true)
        #expect(found?.description.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
    }

    @Test func aFileVariableAndANestedOneAreNamedWhereTheLineBreakIs() {
        let file = HTTPFileParser.parse(
            text: "@inner = a\\nb\n@outer = x-{{inner}}\nGET http://h/x\nX-A: {{outer}}\n", path: "v.http")
        // `\n` in a file variable is two characters, not a line break: nothing to refuse.
        #expect(throws: Never.self) {
            try file.requests[0].prepared(with: VariableContext(fileVariables: file.fileVariables(forRequestAt: 0)))
        }
        let nested = error(
            "GET http://h/x\nX-A: {{outer}}\n",
            VariableContext(fileVariables: ["outer": "x-{{inner}}", "inner": "a\nb"]))
        #expect(
            nested?.reason == .breaksLine(variable: "inner", origin: "the file's @inner", character: "\n", column: 2))
    }

    @Test func processEnvironmentValuesAreRefusedToo() {
        let found = error(
            "GET http://h/x\nX-Key: {{$processEnv API_KEY}}\n",
            VariableContext(processEnvironment: ["API_KEY": "k\0ey"]))
        #expect(
            found?.reason
                == .breaksLine(
                    variable: "$processEnv API_KEY", origin: "the process environment", character: "\0", column: 2))
    }

    @Test func basicAndDigestCredentialsAreCheckedBeforeEncoding() {
        let context = VariableContext(overrides: ["user": "ada", "password": "pw\r\nX-Admin: 1"])
        let basic = error("GET http://h/x\nAuthorization: Basic {{user}} {{password}}\n", context)
        #expect(basic?.reason == .breaksLine(variable: "password", origin: "--var", character: "\r", column: 3))
        let digest = error("GET http://h/x\nAuthorization: Digest {{user}} {{password}}\n", context)
        #expect(digest?.part == "header Authorization")
    }

    @Test func aBodyMayHoldLineBreaksButAMultipartPartHeaderMayNot() throws {
        let context = VariableContext(overrides: ["text": "line 1\r\nline 2", "name": "a\"\r\nX-Injected: 1"])
        let json = try request("POST http://h/x\nContent-Type: application/json\n\n{\"t\": \"{{text}}\"}\n").prepared(
            with: context)
        #expect(json.body == Data("{\"t\": \"line 1\r\nline 2\"}".utf8))
        let multipart = """
            POST http://h/x
            Content-Type: multipart/form-data; boundary=B

            --B
            Content-Disposition: form-data; name="{{name}}"

            {{text}}
            --B--

            """
        let found = error(multipart, context)
        #expect(found?.reason == .breaksLine(variable: "name", origin: "--var", character: "\r", column: 3))
        #expect(found?.part == "a part header of the body")
        // The part's content may hold them.
        let fine = VariableContext(overrides: ["text": "line 1\r\nline 2", "name": "doc"])
        #expect(try request(multipart).prepared(with: fine).body?.count ?? 0 > 0)
    }

    @Test func aHeaderAsWrittenThatCannotGoOnTheWireIsLocated() {
        // A lone CR inside a line stays in the text: the parser only splits at LF.
        let carriageReturn = error("GET http://h/x\nX-A: a\rX-Admin: 1\n", VariableContext())
        #expect(carriageReturn?.reason == .unsendable(WireViolation(.headerValue("X-A"), .character("\r", column: 2))))
        #expect(
            carriageReturn?.description.hasPrefix("api/v.http:2: header X-A holds a carriage return (CR) at column 2")
                == true)
        let name = error("GET http://h/x\nX(A): 1\n", VariableContext())
        guard case .unsendable(let violation)? = name?.reason else {
            return #expect(Bool(false), "got \(String(describing: name))")
        }
        #expect(violation.part == .headerName("X(A)"))
    }

    @Test func theHostHeaderThatCompletesAPathMustBeAHost() {
        let moved = error("GET /x\nHost: {{h}}\n", VariableContext(overrides: ["h": "good.example@evil.example"]))
        #expect(moved?.reason == .invalidHost("good.example@evil.example"))
        let broken = error("GET /x\nHost: {{h}}\n", VariableContext(overrides: ["h": "h\r\nX-Admin: 1"]))
        #expect(broken?.reason == .breaksLine(variable: "h", origin: "--var", character: "\r", column: 2))
        #expect(throws: Never.self) {
            try request("GET /x\nHost: {{h}}\n").prepared(with: VariableContext(overrides: ["h": "127.0.0.1:8080"]))
        }
        // A URL that does not need the Host header leaves it alone.
        #expect(throws: Never.self) {
            try request("GET example.com/x\nHost: {{h}}\n").prepared(with: VariableContext(overrides: ["h": "a/b"]))
        }
    }

    @Test func aURLWithASchemeStaysAsItIsAndOthersAreCompleted() throws {
        let context = VariableContext(overrides: ["h": "127.0.0.1:8080"])
        #expect(try request("GET /x\nHost: {{h}}\n").prepared(with: context).url == "http://127.0.0.1:8080/x")
        #expect(try request("GET https://a.example/x\n").prepared(with: context).url == "https://a.example/x")
        #expect(try request("GET a.example/x?to=:/\n").prepared(with: context).url == "http://a.example/x?to=:/")
        #expect(SavedRequest.namesScheme("a://") && SavedRequest.namesScheme("://"))
        #expect(!SavedRequest.namesScheme(":/") && !SavedRequest.namesScheme("") && !SavedRequest.namesScheme("a:/b/"))
    }

    @Test func aHugeURLIsRefusedAtOnceWithAnExcerpt() async {
        await offThePool {
            let huge = String(repeating: "a", count: 10_000_000)
            let found = error("GET http://h/{{p}}\n", VariableContext(overrides: ["p": huge]))
            let violation = WireViolation(
                .url, .tooLong(length: huge.count + 9, limit: 65_536), excerpt: InputExcerpt("http://h/" + huge))
            #expect(found?.reason == .unsendable(violation))
            #expect((found?.description.count ?? .max) < 250)
        }
    }

    @Test func anInvalidURLIsQuotedAsAnExcerpt() throws {
        let found = error("GET ftp://" + String(repeating: "x", count: 5_000) + "\n", VariableContext())
        #expect((found?.description.count ?? .max) < 200)
        #expect(found?.description.contains("(5006 characters)") == true)
    }

    @Test func exportingToAnHTTPFileRefusesTheSameValues() {
        let exporter = HTTPFileExporter(resolves: true)
        #expect(throws: VariableError.self) {
            try exporter.exported(
                request("GET http://h/x\nX-A: {{v}}\n"), context: VariableContext(overrides: ["v": Self.injected]))
        }
    }
}
