import FerryHTTP
import Foundation
import Testing

@testable import FerryWorkbench

@Suite struct VariableTests {
    func request(_ text: String) -> SavedRequest {
        HTTPFileParser.parse(text: text, path: "v.http").requests[0]
    }

    let secretPassword = EnvironmentVariable(
        name: "password", value: "s3cret-pw", isSecret: true, location: SourceLocation(file: "p", line: 1))

    @Test func precedenceFileEnvironmentPrivateCapturedOverride() throws {
        let env = [
            EnvironmentVariable(name: "a", value: "env", isSecret: false, location: SourceLocation(file: "e", line: 1)),
            EnvironmentVariable(name: "b", value: "env", isSecret: false, location: SourceLocation(file: "e", line: 2)),
            EnvironmentVariable(
                name: "b", value: "private", isSecret: true, location: SourceLocation(file: "p", line: 1)),
            EnvironmentVariable(name: "c", value: "env", isSecret: false, location: SourceLocation(file: "e", line: 3)),
            EnvironmentVariable(name: "d", value: "env", isSecret: false, location: SourceLocation(file: "e", line: 4)),
        ]
        let context = VariableContext(
            fileVariables: ["a": "file", "f": "file", "b": "file"], environment: env,
            captured: ["c": "captured", "d": "captured"],
            overrides: ["d": "override"])
        let prepared = try request("GET http://h/{{f}}/{{a}}/{{b}}/{{c}}/{{d}}\n").prepared(with: context)
        #expect(prepared.url == "http://h/file/env/private/captured/override")
        #expect(prepared.maskedURL == "http://h/file/env/\(Secrets.mask)/captured/override")
    }

    @Test func substitutesInURLHeadersAndBodyAndNestedValues() throws {
        let file = HTTPFileParser.parse(
            text:
                "@host = http://{{ name }}:80\n@name = example\nPOST {{host}}/x?q={{ q }}\nX-Q: {{q}}\n\n{\"q\": \"{{q}}\"}\n",
            path: "v.http")
        let context = VariableContext(fileVariables: file.fileVariables(forRequestAt: 0), overrides: ["q": "1"])
        let prepared = try file.requests[0].prepared(with: context)
        #expect(prepared.url == "http://example:80/x?q=1")
        #expect(prepared.header("x-q")?.value == "1")
        #expect(prepared.body == Data(#"{"q": "1"}"#.utf8))
    }

    @Test func unresolvedVariableNamesItselfAndWhereItWasUsed() {
        let saved = request("GET http://h/\nX-A: 1\nX-B: {{missing}}\n")
        #expect {
            try saved.prepared(with: VariableContext())
        } throws: { error in
            (error as? VariableError)?.description.hasPrefix("v.http:3: unresolved variable {{missing}} in header X-B")
                == true
        }
        #expect(throws: VariableError.self) { try request("GET {{nope}}/x\n").prepared(with: VariableContext()) }
        #expect(throws: VariableError.self) {
            try request("GET http://h/{{$nonsense}}\n").prepared(with: VariableContext())
        }
        let loop = VariableContext(fileVariables: ["a": "{{b}}", "b": "{{a}}"])
        #expect(throws: VariableError.self) { try request("GET http://h/{{a}}\n").prepared(with: loop) }
    }

    @Test func dynamicVariables() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000.25)
        let context = VariableContext(processEnvironment: ["HOME_X": "/home/x"], dotenv: ["TOKEN": "abc"], now: now)
        let prepared = try request(
            "GET http://h/{{$uuid}}/{{$timestamp}}/{{$isoTimestamp}}/{{$randomInt}}\nX-Env: {{$processEnv HOME_X}}\nX-Dot: {{$dotenv TOKEN}}\n"
        ).prepared(with: context)
        let parts = prepared.url.split(separator: "/")
        #expect(UUID(uuidString: String(parts[2])) != nil)
        #expect(parts[3] == "1700000000")
        #expect(parts[4] == "2023-11-14T22:13:20.250Z")
        #expect(Int(parts[5]).map { (0..<1000).contains($0) } == true)
        #expect(prepared.header("X-Env")?.value == "/home/x")
        #expect(prepared.header("X-Dot")?.value == "abc")
        #expect(throws: VariableError.self) {
            try request("GET http://h/{{$processEnv NOPE_NOT_SET}}\n").prepared(with: context)
        }
    }

    @Test func basicAuthIsEncodedAsJetBrainsDoesAndMaskedWhenSecret() throws {
        let context = VariableContext(environment: [secretPassword], overrides: ["user": "ferry"])
        let prepared = try request("GET http://h/\nAuthorization: Basic {{user}} {{password}}\n").prepared(
            with: context)
        #expect(
            prepared.header("Authorization")?.value == "Basic " + Data("ferry:s3cret-pw".utf8).base64EncodedString())
        #expect(prepared.header("Authorization")?.maskedValue == "Basic " + Secrets.mask)
        let plain = try request("GET http://h/\nAuthorization: Basic dXNlcjpwdw==\n").prepared(with: context)
        #expect(plain.header("Authorization")?.value == "Basic dXNlcjpwdw==")
    }

    @Test func fileIncludesMultipartAndFormBodies() throws {
        let multipart = request(
            "POST http://h/\nContent-Type: multipart/form-data; boundary=b\n\n--b\nContent-Disposition: form-data; name=\"f\"\n\n< ./{{name}}.txt\n--b--\n"
        )
        var context = VariableContext(overrides: ["name": "data"])
        #expect(multipart.includedFilePaths(with: context) == ["./data.txt"])
        #expect(throws: VariableError.self) { try multipart.prepared(with: context) }
        context.includedFiles["./data.txt"] = Data("file {{name}} bytes".utf8)
        let prepared = try multipart.prepared(with: context)
        #expect(
            prepared.body
                == Data("--b\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nfile {{name}} bytes\r\n--b--".utf8))
        let form = try request(
            "POST http://h/\nContent-Type: application/x-www-form-urlencoded\n\na=1&\n  b={{name}}\n"
        )
        .prepared(with: context)
        #expect(form.body == Data("a=1&b=data".utf8))
    }

    @Test func directivesAndRelativeTargets() throws {
        let prepared = try request(
            "# @no-redirect\n# @timeout 2 s\n# @connection-timeout 300 ms\nGET /api/x\nHost: localhost:8080\n"
        )
        .prepared(with: VariableContext())
        #expect(prepared.url == "http://localhost:8080/api/x")
        #expect(!prepared.followsRedirects)
        #expect(prepared.timeout == 2)
        #expect(prepared.connectionTimeout == 0.3)
    }
}

@Suite struct ResolvingTests {
    @Test func resolvesToFerryHTTPRequest() throws {
        let file = HTTPFileParser.parse(
            text: "# @no-redirect\n# @timeout 1.5 s\nPOST {{host}}/post\nContent-Type: text/plain\n\nhi {{who}}\n",
            path: "r.http")
        let request = try file.requests[0].resolved(
            with: VariableContext(overrides: ["host": "http://127.0.0.1:9", "who": "you"]))
        #expect(request.method == .post)
        #expect(request.targetDescription == "http://127.0.0.1:9/post")
        #expect(request.headers["Content-Type"] == "text/plain")
        #expect(request.body == .data(Data("hi you".utf8), contentType: nil))
        #expect(request.timeout == .milliseconds(1500))
        #expect(request.redirectPolicy == .none)
        #expect(request.httpVersion == .automatic)
        let http2 = HTTPFileParser.parse(text: "GET http://h/ HTTP/2\n", path: "r.http").requests[0]
        #expect(try http2.resolved(with: VariableContext()).httpVersion == .http2)
        #expect {
            try file.requests[0].resolved(with: VariableContext(overrides: ["host": "ftp://x", "who": "y"]))
        } throws: { ($0 as? VariableError)?.description == "r.http:3: 'ftp://x/post' is not a valid http(s) URL" }
    }
}

@Suite struct ProcessEnvironmentSecretTests {
    @Test func processEnvAndDotenvValuesAreTreatedAsSecrets() throws {
        let request = HTTPFileParser.parse(
            text: "GET http://h/?k={{$dotenv KEY}}\nAuthorization: Bearer {{$processEnv TOKEN_X}}\n", path: "p.http"
        ).requests[0]
        let context = VariableContext(
            processEnvironment: ["TOKEN_X": "tok-from-env"], dotenv: ["KEY": "key-from-dotenv"])
        let prepared = try request.prepared(with: context)
        #expect(prepared.url == "http://h/?k=key-from-dotenv")
        #expect(prepared.maskedURL == "http://h/?k=\(Secrets.mask)")
        #expect(prepared.header("Authorization")?.maskedValue == "Bearer \(Secrets.mask)")
        #expect(prepared.secrets == ["key-from-dotenv", "tok-from-env"])
    }
}
