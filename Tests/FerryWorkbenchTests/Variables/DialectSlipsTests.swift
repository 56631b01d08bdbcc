import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// The dialect's smaller slips (issue #35): an env value `null`, `{{$.variable.path}}`, a body variable's line, an
/// env file inside a `.http/` folder.
@Suite struct DialectSlipsTests {
    /// The first request of `text` prepared with `context`.
    func prepare(_ text: String, _ context: VariableContext) throws -> PreparedRequest {
        let file = HTTPFileParser.parse(text: text, path: "t.http")
        return try file.requests[0].prepared(with: context)
    }

    @Test func aNullEnvironmentValueIsDeclaredWithoutAValueAndAnotherLayerGivesIt() throws {
        let folder = try TemporaryFolder(prefix: "ferry-null")
        try folder.write(
            "http-client.env.json", "{\n  \"dev\": {\n    \"user\": \"ada\",\n    \"password\": null\n  }\n}\n")
        try folder.write("t.http", "GET https://example.com/{{user}}/{{password}}\n")
        var workspace = try Workspace.load(at: folder.url)
        let request = try workspace.request("t.http")
        let context = try workspace.context(for: request, environment: "dev")
        #expect(throws: VariableError.self) { try request.request.prepared(with: context) }
        do {
            _ = try request.request.prepared(with: context)
        } catch {
            #expect(
                "\(error)"
                    == "t.http:1: variable {{password}} in the URL is null in http-client.env.json:4: give it a value "
                    + "(in the private environment file, the file or with --var password=VALUE)")
        }
        try folder.write("http-client.private.env.json", #"{ "dev": { "password": "pw" } }"#)
        workspace = try Workspace.load(at: folder.url)
        let secret = try workspace.context(for: request, environment: "dev")
        #expect(try request.request.prepared(with: secret).url == "https://example.com/ada/pw")
        #expect(secret.secretValues == ["pw"])
    }

    @Test func jsonPathOverAVariableHoldingJSON() throws {
        var context = VariableContext(
            fileVariables: [
                "clients": #"[{"id": 1, "name": "ada"}, {"id": 2, "name": "bob"}]"#,
                "api.config": #"{"region": "eu-1"}"#,
                "plain": "not json",
            ])
        context.overrides["token"] = #"{"value": "t-1"}"#
        let prepared = try prepare(
            """
            POST https://example.com/{{$.clients[1].name}}/{{$.api.config.region}}?t={{$.token.value}}

            {"ids": {{$.clients..id}}, "first": "{{$.clients[0]['name']}}", "all": {{$.clients[*].id}}}
            """, context)
        #expect(prepared.url == "https://example.com/bob/eu-1?t=t-1")
        // RFC 9535 filters: a filter can match several, so its matches are a JSON array.
        let filtered = try prepare("GET https://example.com/?q={{$.clients[?@.id==2].name}}", context)
        #expect(filtered.url == #"https://example.com/?q=["bob"]"#)
        #expect(
            prepared.body.map { String(decoding: $0, as: UTF8.self) }
                == #"{"ids": [1,2], "first": "ada", "all": [1,2]}"#)
        for (expression, message) in [
            ("{{$.nobody.id}}", "unresolved variable {{nobody}}"),
            ("{{$.plain.a}}", "the value of {{plain}} is not JSON"),
            ("{{$.clients[5].id}}", "the path matches nothing in {{clients}}"),
            ("{{$.clients[?@.id=2]}}", "column 16: expected ',' or ']', found '='"),
        ] {
            #expect {
                try prepare("GET https://example.com/\(expression)", context)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test func aBodyVariableErrorPointsAtItsOwnLine() throws {
        let text =
            "POST https://example.com\nContent-Type: application/json\n\n{\n  \"a\": 1,\n  \"b\": \"{{missing}}\"\n}\n"
        #expect {
            try prepare(text, VariableContext())
        } throws: { error in
            (error as? VariableError)?.location?.line == 6
        }
        let multipart = """
            POST https://example.com
            Content-Type: multipart/form-data; boundary=XX

            --XX
            Content-Disposition: form-data; name="{{field}}"

            value
            --XX--
            """
        #expect {
            try prepare(multipart, VariableContext())
        } throws: { error in
            (error as? VariableError)?.location?.line == 5
        }
    }

    @Test func anEnvironmentFileInsideADotHTTPFolderServesTheRequestsThere() throws {
        let folder = try TemporaryFolder(prefix: "ferry-dot-http")
        try folder.write("http-client.env.json", #"{ "dev": { "host": "https://root.example.com" } }"#)
        try folder.write(".http/http-client.env.json", #"{ "dev": { "host": "https://inner.example.com" } }"#)
        try folder.write(".http/api.http", "GET {{host}}/inner\n")
        try folder.write("root.http", "GET {{host}}/root\n")
        let workspace = try Workspace.load(at: folder.url)
        let inner = try workspace.request(".http/api.http")
        let outer = try workspace.request("root.http")
        let environments = workspace.environments()
        let innerContext = try workspace.context(for: inner, environment: "dev", environments: environments)
        #expect(try inner.request.prepared(with: innerContext).url == "https://inner.example.com/inner")
        let outerContext = try workspace.context(for: outer, environment: "dev", environments: environments)
        #expect(try outer.request.prepared(with: outerContext).url == "https://root.example.com/root")
        #expect(workspace.environments(forFileAt: ".http/api.http").contains("dev"))
    }
}
