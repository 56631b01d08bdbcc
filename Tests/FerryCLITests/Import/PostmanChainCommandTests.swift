import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// A Postman collection whose scripts chain a token (login → token → authorized request), imported with
/// `ferry import` and run with `ferry run` against httpbin: the translated handlers keep the chain and its tests.
@Suite struct PostmanChainCommandTests {
    /// The collection, with httpbin at `host`.
    static func collection(host: String) -> String {
        func lines(_ lines: [String]) -> String { JSONValue.array(lines.map { .string($0) }).formatted(.compact) }
        let login = lines([
            "var jsonData = pm.response.json();",
            "pm.environment.set(\"token\", jsonData.json.token);",
            "pm.test(\"login answers\", function () {",
            "    pm.response.to.have.status(200);",
            "    pm.expect(jsonData.json.token).to.eql(\"tok-1\");",
            "});",
        ])
        let me = lines([
            "tests[\"the token was sent\"] = JSON.parse(responseBody).headers.Authorization === \"Bearer tok-1\";",
            "pm.test(\"and seen\", function () { pm.expect(pm.response.json().headers).to.be.ok; });",
        ])
        return """
            {"info": {"name": "Chain", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [
              {"name": "login", "event": [{"listen": "test", "script": {"exec": \(login)}}],
               "request": {"method": "POST", "url": "{{host}}/anything/login",
                "header": [{"key": "Content-Type", "value": "application/json"}],
                "body": {"mode": "raw", "raw": "{\\"token\\": \\"tok-1\\"}"}}},
              {"name": "me", "event": [{"listen": "test", "script": {"exec": \(me)}}],
               "request": {"method": "GET", "url": "{{host}}/anything/me",
                "header": [{"key": "Authorization", "value": "Bearer {{token}}"}]}}
             ],
             "variable": [{"key": "host", "value": "\(host)"}]}
            """
    }

    @Test func anImportedCollectionChainsItsTokenAndRunsItsTests() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryFolder(prefix: "ferry-postman-chain")
        try folder.write("chain.postman_collection.json", Self.collection(host: httpbin))
        let imported = try await FerryProcess.run(
            ["import", "chain.postman_collection.json", "--into", "ws"], currentDirectory: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        // The one line with no JetBrains counterpart (a `pm.expect` inside a one-line `pm.test`) is named.
        #expect(
            imported.standardError.contains(
                "warning: 'me': 1 line of its test script kept as comments (Postman's API with no JetBrains counterpart"
            ))
        let run = try await FerryProcess.run(["run", "ws"], environment: ["LC_ALL": "C"], currentDirectory: folder.url)
        #expect(run.status == 0, "\(run.text)\(run.standardError)")
        #expect(run.text.contains("PASS Chain.http#login  200"))
        #expect(run.text.contains("PASS Chain.http#me  200"))
        #expect(run.text.contains("2 passed, 0 failed"))
        // The handlers' tests ran: a wrong token fails the second request's test.
        let wrong = try await FerryProcess.run(
            ["run", "ws", "--var", "token=other"], environment: ["LC_ALL": "C"], currentDirectory: folder.url)
        #expect(wrong.status == 1)
        #expect(wrong.text.contains("the token was sent"))
    }
}
