import FerryTestSupport
import Foundation
import Testing

/// `import` and `run` lines through the real binary against httpbin: `ferry run` sends what they name with their
/// variables, `ferry send` finds an imported request by name, `ferry run` and `ferry list` refuse a cycle at its line.
@Suite struct RunCompositionCommandTests {
    /// A workspace with a `test` environment pointing at `base`.
    final class Fixture: TemporaryFolder {
        init(base: String, files: [String: String]) throws {
            try super.init(prefix: "ferry-composition")
            try write("http-client.env.json", #"{ "test": { "host": "\#(base)" } }"#)
            for (path, text) in files { try write(path, text) }
        }

        func ferry(_ arguments: [String]) async throws -> FerryProcess.Output {
            try await FerryProcess.run(arguments, environment: ["LC_ALL": "C"], currentDirectory: url)
        }
    }

    /// A login in its own file whose handler keeps the token httpbin echoes back, and a file that imports it,
    /// runs it with a user of its own and sends the token on.
    static let files = [
        "auth/auth.http": """
        ### login
        POST {{host}}/anything/login
        Content-Type: application/json

        {"token": "tok-{{user}}"}

        > {% client.global.set("token", response.body.json.token); %}
        """,
        "api/main.http": """
        import ../auth/auth.http

        run #login (@user=ada)

        ### me
        GET {{host}}/anything/me
        Authorization: Bearer {{token}}

        > {%
          client.test("the token of the run line's user", function () {
            client.assert(response.body.headers.Authorization === "Bearer tok-ada", response.body.headers.Authorization);
          });
        %}
        """,
    ]

    @Test func aRunLineSendsTheImportedRequestWithItsVariablesBeforeTheNext() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let fixture = try Fixture(base: httpbin, files: Self.files)
        let output = try await fixture.ferry(["run", "api/main.http", "--env", "test"])
        #expect(output.status == 0, "\(output.text)\(output.standardError)")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PASS auth/auth.http#login  (run at api/main.http:3)  200  ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("PASS api/main.http#me  200  ") == true)
        #expect(lines.contains("2 passed, 0 failed"))
        // The imported request is addressable by name from the importing file; without the run line's variable
        // it needs one of its own.
        let sent = try await fixture.ferry(["send", "api/main.http#login", "--env", "test", "--var", "user=bob"])
        #expect(sent.status == 0, "\(sent.standardError)")
        #expect(sent.text.contains(#""token": "tok-bob""#))
        let unresolved = try await fixture.ferry(["send", "api/main.http#login", "--env", "test"])
        #expect(unresolved.status == 2)
        #expect(unresolved.standardError.contains("user"))
    }

    @Test func aCycleIsRefusedAtItsLineAndTheRestRuns() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let fixture = try Fixture(
            base: httpbin,
            files: [
                "a.http": "run ./b.http\n\n### a\nGET {{host}}/anything/a\n",
                "b.http": "### b\nGET {{host}}/anything/b\n\n###\nrun ./a.http\n",
            ])
        let output = try await fixture.ferry(["run", "a.http", "--env", "test"])
        #expect(output.status == 2)
        #expect(
            output.standardError.contains("b.http:5:1: error: `run ./a.http` closes a cycle (a.http → b.http → a.http)")
        )
        #expect(output.text.contains("PASS b.http#b  (run at a.http:1)  200"))
        #expect(output.text.contains("PASS a.http#a  200"))
        let listed = try await fixture.ferry(["list"])
        #expect(listed.status == 2)
        #expect(listed.standardError.contains("b.http:5:1: error: `run ./a.http` closes a cycle"))
        #expect(
            listed.standardError.contains("a.http:1:1: error: `run ./b.http` closes a cycle (b.http → a.http → b.http)")
        )
    }
}
