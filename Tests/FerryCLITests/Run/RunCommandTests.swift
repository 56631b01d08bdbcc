import FerryTestSupport
import Foundation
import Testing

/// `ferry run` as the real binary against the loopback server (and httpbin when `make test` starts it).
@Suite struct RunCommandTests {
    /// A workspace folder with a `test` environment pointing at `base`.
    final class Fixture: TemporaryFolder {
        init(base: String, files: [String: String]) throws {
            try super.init(prefix: "ferry-run")
            try write("http-client.env.json", #"{ "test": { "host": "\#(base)" } }"#)
            for (path, text) in files { try write(path, text) }
        }

        func run(_ arguments: [String], locale: String = "C") async throws -> FerryProcess.Output {
            try await FerryProcess.run(
                ["run"] + arguments, environment: ["LC_ALL": locale], currentDirectory: url)
        }
    }

    @Test func printsALinePerRequestInOrderAndTheSummary() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/missing", responding: .text("no", status: 404))
        let fixture = try Fixture(
            base: server.baseURL,
            files: [
                "b.http": "### last\nGET {{host}}/echo\n",
                "a.http": "### one\nGET {{host}}/echo\n\n### two\nGET {{host}}/missing\n",
            ])
        let output = try await fixture.run(["b.http", "a.http", "--env", "test"])
        #expect(output.status == 1)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("PASS a.http#one  200  "))
        #expect(lines[1].hasPrefix("FAIL a.http#two  404  "))
        #expect(lines[2] == "    status 404 Not Found  a.http:5")
        #expect(lines[3].hasPrefix("PASS b.http#last  200  "))
        #expect(lines[4] == "2 passed, 1 failed")
        #expect(lines[5].hasPrefix("latency: min "))
        let unicode = try await fixture.run(["a.http", "--env", "test", "--filter", "one"], locale: "C.UTF-8")
        #expect(unicode.status == 0)
        #expect(unicode.text.hasPrefix("✓ a.http#one  200  "))
        #expect(unicode.text.contains("- a.http#two  skipped (filtered out)\n1 passed, 0 failed, 1 skipped\n"))
    }

    @Test func exitCodesSayWhatWentWrong() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try Fixture(
            base: server.baseURL,
            files: [
                "ok.http": "GET {{host}}/echo\n",
                "bad-status.http": "GET {{host}}/nowhere\n",
                "malformed.http": "### broken\nGET {{host}}/echo\nnot a header\n\n### fine\nGET {{host}}/echo?fine\n",
                "down.http": "GET http://127.0.0.1:9/x\n",
            ])
        #expect(try await fixture.run(["ok.http", "--env", "test"]).status == 0)
        #expect(try await fixture.run(["bad-status.http", "--env", "test"]).status == 1)
        let down = try await fixture.run(["down.http", "bad-status.http", "--env", "test"])
        #expect(down.status == 3)
        #expect(down.text.contains("FAIL down.http#1  "))
        let malformed = try await fixture.run(["malformed.http", "ok.http", "--env", "test"])
        #expect(malformed.status == 2)
        #expect(
            malformed.text.contains(
                "FAIL malformed.http#broken  not sent: malformed.http:3:1: error: expected a header"))
        #expect(malformed.text.contains("PASS malformed.http#fine  200"))
        #expect(malformed.text.contains("PASS ok.http#1  200"))
        #expect(server.requests.contains { $0.target == "/echo?fine" })
        // Usage errors: nothing to run, a missing path, an unknown environment, a bad option.
        #expect(try await fixture.run([]).status == 2)
        let missing = try await fixture.run(["nope.http"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no such file or folder: \"nope.http\""))
        let unknownEnvironment = try await fixture.run(["ok.http", "--env", "prod"])
        #expect(unknownEnvironment.status == 2)
        #expect(unknownEnvironment.standardError.contains("no environment 'prod' (known: test)"))
        #expect(try await fixture.run(["ok.http", "--parallel", "0"]).status == 2)
        #expect(server.requests.allSatisfy { $0.path != "/x" })
    }

    @Test func failFastStopsAtTheFirstFailure() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try Fixture(
            base: server.baseURL,
            files: ["a.http": "GET {{host}}/echo?1\n\n###\nGET {{host}}/gone\n\n###\nGET {{host}}/echo?3\n"])
        let output = try await fixture.run(["a.http", "--env", "test", "--fail-fast"])
        #expect(output.status == 1)
        #expect(output.text.contains("SKIP a.http#3  skipped (not run: an earlier request failed)"))
        #expect(output.text.contains("1 passed, 1 failed, 1 skipped"))
        #expect(server.requests.map(\.target) == ["/echo?1", "/gone"])
    }

    @Test func parallelFilesOverlapAndKeepTheirBlocksWhole() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(2)))
        let fixture = try Fixture(
            base: server.baseURL,
            files: [
                "a.http": "GET {{host}}/slow?a1\n\n###\nGET {{host}}/echo?a2\n",
                "b.http": "GET {{host}}/slow?b1\n\n###\nGET {{host}}/echo?b2\n",
            ])
        let output = try await fixture.run([".", "--env", "test", "--parallel", "2", "--report", "json"])
        #expect(output.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        let requests = files.flatMap { ($0["requests"] as? [[String: Any]]) ?? [] }
        #expect(requests.count == 4)
        #expect(summary["passed"] as? Int == 4)
        // Overlap as the server saw it, not as a clock measured it: both files' first (slow) requests arrived
        // before either file's second one, which only starts once its slow one has answered.
        let targets = server.requests.map(\.target)
        let slow = ["/slow?a1", "/slow?b1"].compactMap { targets.firstIndex(of: $0) }
        let echo = ["/echo?a2", "/echo?b2"].compactMap { targets.firstIndex(of: $0) }
        #expect(slow.count == 2 && echo.count == 2)
        #expect(slow.allSatisfy { index in echo.allSatisfy { index < $0 } }, "\(targets)")
        // Within each file the order holds, and each file's lines are one block.
        let lines = output.standardError.split(separator: "\n").map(String.init)
        let ids = lines.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
        #expect(Set(ids.prefix(4)) == ["a.http#1", "a.http#2", "b.http#1", "b.http#2"])
        let aFirst = ids.firstIndex(of: "a.http#1") ?? 0
        #expect(ids[aFirst + 1] == "a.http#2")
        let bFirst = ids.firstIndex(of: "b.http#1") ?? 0
        #expect(ids[bFirst + 1] == "b.http#2")
        let second = try #require(server.requests.firstIndex { $0.target == "/echo?a2" })
        let first = try #require(server.requests.firstIndex { $0.target == "/slow?a1" })
        #expect(second > first)
    }
}
