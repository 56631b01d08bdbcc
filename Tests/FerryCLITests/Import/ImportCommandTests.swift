import FerryTestSupport
import Foundation
import Testing

@Suite struct ImportCommandTests {
    @Test func importsCurlCommandsThenListShowsThem() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "in/api.sh",
            "curl -X POST https://a.test/items -H 'X-A: 1' -d a=1\n\ncurl -L https://a.test/items --frobnicate\n")
        let output = try await FerryProcess.run([
            "import", folder.url.appendingPathComponent("in/api.sh").path, "--into",
            folder.url.appendingPathComponent("ws").path,
        ])
        #expect(output.status == 0)
        #expect(output.text == "wrote \(folder.url.path)/ws/api.http (2 requests)\n")
        #expect(
            output.standardError
                == "\(folder.url.path)/in/api.sh:3:30: warning: unknown curl option --frobnicate; ignored\n")
        let list = try await FerryProcess.run(["list", folder.url.appendingPathComponent("ws").path])
        #expect(list.status == 0)
        #expect(
            list.text
                == "api.http#post-items  POST  https://a.test/items\napi.http#get-items   GET   https://a.test/items\n")
    }

    @Test func readsStandardInputAndNeverOverwrites() async throws {
        let folder = try TemporaryFolder()
        let input = Data("$ curl https://a.test/ping\n".utf8)
        let first = try await FerryProcess.run(["import", "-"], input: input, currentDirectory: folder.url)
        #expect(first.status == 0)
        #expect(first.text == "wrote stdin.http (1 request)\n")
        let second = try await FerryProcess.run(
            ["import", "-", "--format", "curl"], input: input, currentDirectory: folder.url)
        #expect(second.status == 0)
        #expect(second.text == "wrote stdin-2.http (1 request)\n")
        #expect(second.standardError.contains("stdin.http exists and was left as it is"))
        #expect(try folder.read("stdin.http") == "### get-ping\n# @no-redirect\nGET https://a.test/ping\n\n")
    }

    @Test func dryRunPrintsAndWritesNothing() async throws {
        let folder = try TemporaryFolder()
        let output = try await FerryProcess.run(
            ["import", "-", "--dry-run"], input: Data("curl -L https://a.test/x\n".utf8), currentDirectory: folder.url)
        #expect(output.status == 0)
        #expect(output.text == "# stdin.http (1 request)\n### get-x\nGET https://a.test/x\n\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    @Test func usageAndUnimportableInputExitWithTwo() async throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.txt", "hello\n")
        try folder.write("broken.sh", "curl -d 'open\n")
        let none = try await FerryProcess.run(["import"])
        #expect(none.status == 2)
        #expect(none.standardError.contains("usage: ferry import"))
        let format = try await FerryProcess.run(["import", "x", "--format", "nope"])
        #expect(format.status == 2)
        #expect(format.standardError.contains(#"unknown format "nope""#))
        let unknown = try await FerryProcess.run(["import", "notes.txt"], currentDirectory: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("notes.txt: cannot tell the format; give --format"))
        let broken = try await FerryProcess.run(["import", "broken.sh"], currentDirectory: folder.url)
        #expect(broken.status == 2)
        #expect(broken.standardError == "broken.sh:1:9: error: unclosed single quote (') opened here\n")
        let missing = try await FerryProcess.run(["import", "absent.sh"], currentDirectory: folder.url)
        #expect(missing.status == 2)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["broken.sh", "notes.txt"])
        let help = try await FerryProcess.run(["import", "--help"])
        #expect(help.status == 0)
        #expect(help.text.contains("--dry-run"))
    }

    @Test func importsAPostmanCollectionAndEnvironmentThenListAndEnvShowThem() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "shop.postman_collection.json",
            """
            {"info": {"name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "variable": [{"key": "host", "value": "https://shop.test"}],
             "item": [{"name": "ping", "request": {"method": "HEAD", "url": "{{host}}/ping"}},
                      {"name": "Orders", "item": [{"name": "list", "request": {"url": "{{host}}/orders"},
                        "event": [{"listen": "prerequest", "script": {"exec": ["x()"]}}]}]}]}
            """)
        try folder.write(
            "dev.json",
            #"{"name": "dev", "values": [{"key": "token", "value": "tok-1", "enabled": true}], "_postman_variable_scope": "environment"}"#
        )
        let output = try await FerryProcess.run(
            ["import", "shop.postman_collection.json", "dev.json", "--into", "ws"], currentDirectory: folder.url)
        #expect(output.status == 0)
        #expect(
            output.text == """
                wrote ws/Shop.http (1 request)
                wrote ws/Orders.http (1 request)
                updated \(folder.url.path)/ws/http-client.env.json
                added 1 environment variable
                updated \(folder.url.path)/ws/http-client.private.env.json
                added 1 environment variable

                """)
        // The pre-request script `x()` uses nothing of Postman's: it is kept as a JetBrains one, with no warning.
        #expect(output.standardError == "")
        #expect(try folder.read("ws/Orders.http").contains("< {%\n  x()\n%}\n"))
        let list = try await FerryProcess.run(["list", "ws"], currentDirectory: folder.url)
        #expect(
            list.text
                == "Orders.http#list  GET   {{host}}/orders\nShop.http#ping    HEAD  {{host}}/ping\n")
        let env = try await FerryProcess.run(["env", "ws"], currentDirectory: folder.url)
        #expect(env.status == 0)
        #expect(env.text.contains("host"))
        #expect(env.text.contains("token = ••••••"))
        #expect(try folder.read("ws/.gitignore") == "http-client.private.env.json\n")
    }

    /// A curl command imported, then sent with `ferry send` to httpbin's echo: what arrives is what curl sends.
    @Test func importedCurlCommandSendsTheSameRequest() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryFolder()
        let command = """
            curl -X PATCH '\(httpbin)/anything/items/7?x=1' \\
              -H 'X-Trace: abc 123' \\
              -H "Content-Type: application/json" \\
              -A 'Importer/1.0' \\
              -u ann:s3cret \\
              -d '{"name": "Ann", "tags": ["a", "b"]}'
            """
        let imported = try await FerryProcess.run(
            ["import", "-"], input: Data(command.utf8), currentDirectory: folder.url)
        #expect(imported.status == 0)
        #expect(imported.standardError == "")
        let sent = try await FerryProcess.run(["send", "stdin.http#patch-7"], currentDirectory: folder.url)
        #expect(sent.status == 0, "\(sent.standardError)")
        let echo = try #require(try JSONSerialization.jsonObject(with: sent.standardOutput) as? [String: Any])
        #expect(echo["method"] as? String == "PATCH")
        #expect((echo["url"] as? String)?.hasSuffix("/anything/items/7?x=1") == true)
        let headers = try #require(echo["headers"] as? [String: Any])
        #expect(headers["X-Trace"] as? String == "abc 123")
        #expect(headers["Content-Type"] as? String == "application/json")
        #expect(headers["User-Agent"] as? String == "Importer/1.0")
        #expect(headers["Authorization"] as? String == "Basic " + Data("ann:s3cret".utf8).base64EncodedString())
        #expect(echo["data"] as? String == #"{"name": "Ann", "tags": ["a", "b"]}"#)
        let json = try #require(echo["json"] as? [String: Any])
        #expect(json["name"] as? String == "Ann")
        #expect(json["tags"] as? [String] == ["a", "b"])
    }

    /// A Postman collection imported, then sent: collection auth, a query API key and a urlencoded body
    /// arrive at httpbin's echo as Postman would send them.
    @Test func importedPostmanRequestSendsTheSameRequest() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryFolder()
        try folder.write(
            "c.postman_collection.json",
            """
            {"info": {"name": "Echo", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "auth": {"type": "basic", "basic": [{"key": "username", "value": "ann"}, {"key": "password", "value": "{{password}}"}]},
             "variable": [{"key": "host", "value": "\(httpbin)"}, {"key": "password", "value": "s3cret"}],
             "item": [{"name": "Make", "request": {"method": "PUT",
               "header": [{"key": "X-On", "value": "1"}, {"key": "X-Off", "value": "0", "disabled": true}],
               "url": {"raw": "{{host}}/anything/:kind?a=1&b=2", "query": [{"key": "a", "value": "1"},
                 {"key": "b", "value": "2", "disabled": true}], "variable": [{"key": "kind", "value": "orders"}]},
               "body": {"mode": "urlencoded", "urlencoded": [{"key": "name", "value": "Ann Lee"},
                 {"key": "skip", "value": "x", "disabled": true}]}}}]}
            """)
        let imported = try await FerryProcess.run(
            ["import", "c.postman_collection.json"], currentDirectory: folder.url)
        #expect(imported.status == 0)
        #expect(imported.standardError == "")
        #expect(try folder.read("http-client.private.env.json").contains("\"password\": \"s3cret\""))
        let sent = try await FerryProcess.run(["send", "Echo.http#Make"], currentDirectory: folder.url)
        #expect(sent.status == 0, "\(sent.standardError)")
        let echo = try #require(try JSONSerialization.jsonObject(with: sent.standardOutput) as? [String: Any])
        #expect(echo["method"] as? String == "PUT")
        #expect((echo["url"] as? String)?.hasSuffix("/anything/orders?a=1") == true)
        let headers = try #require(echo["headers"] as? [String: Any])
        #expect(headers["X-On"] as? String == "1")
        #expect(headers["X-Off"] == nil)
        #expect(headers["Authorization"] as? String == "Basic " + Data("ann:s3cret".utf8).base64EncodedString())
        #expect(headers["Content-Type"] as? String == "application/x-www-form-urlencoded")
        #expect(echo["form"] as? [String: String] == ["name": "Ann Lee"])
    }

    /// The whole corpus in one `ferry import` (formats recognized from the contents), then `ferry list`.
    @Test func importsTheWholeCorpusInOneRun() async throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let postman = corpus.appendingPathComponent("postman")
        let inputs =
            [corpus.appendingPathComponent("curl/commands.txt").path]
            + (try FileManager.default.contentsOfDirectory(atPath: postman.path)).filter { $0.hasSuffix(".json") }
            .sorted()
            .map { postman.appendingPathComponent($0).path }
        #expect(inputs.count == 13)
        let folder = try TemporaryFolder()
        let output = try await FerryProcess.run(["import"] + inputs + ["--into", folder.url.path])
        #expect(output.status == 0)
        #expect(!output.standardError.contains(": error:"))
        let written = output.text.split(separator: "\n").filter { $0.hasPrefix("wrote ") }
        let counted = written.compactMap { line -> Int? in
            guard let open = line.lastIndex(of: "("), let space = line[open...].firstIndex(of: " ") else { return nil }
            return Int(line[line.index(after: open)..<space])
        }
        #expect(counted.reduce(0, +) == 52 + 267)
        let list = try await FerryProcess.run(["list", folder.url.path])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.text.split(separator: "\n").count == 52 + 267)
        let env = try await FerryProcess.run(["env", folder.url.path])
        #expect(env.status == 0)
        for name in ["Sandbox", "Salesforce Template Environment", "disabled-and-duplicates"] {
            #expect(env.text.contains(name), "\(name)")
        }
    }
}
