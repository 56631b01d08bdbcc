import FerryHTTP
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// The runner against the loopback server: order, verdicts, chaining within a run, filter, fail-fast,
/// located input errors and masked secrets.
@Suite struct CollectionRunnerTests {
    /// A workspace whose `test` environment points at `base`.
    func workspace(base: String, files: [String: String], secrets: String? = nil) throws -> (TemporaryFolder, Workspace)
    {
        let folder = try TemporaryFolder(prefix: "ferry-run")
        try folder.write("http-client.env.json", #"{ "test": { "host": "\#(base)" } }"#)
        if let secrets { try folder.write("http-client.private.env.json", secrets) }
        for (path, text) in files { try folder.write(path, text) }
        return (folder, try Workspace.load(at: folder.url))
    }

    /// Runs `run` to the end through a real curl client.
    func report(of run: CollectionRun) async -> RunReport {
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let runner = CollectionRunner(sender: RequestSender(client: HTTPClient(transport: transport)))
        var report = RunReport()
        for await event in runner.events(of: run) { report.add(event) }
        return report
    }

    func testRun(_ workspace: Workspace, paths: [String] = [""]) -> CollectionRun {
        var run = CollectionRun(workspace: workspace, paths: paths)
        run.environment = "test"
        return run
    }

    @Test func runsFilesByPathAndRequestsByPositionAndJudgesByStatus() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/missing", responding: .text("no", status: 404))
        let (folder, workspace) = try workspace(
            base: server.baseURL,
            files: [
                "b.http": "GET {{host}}/b1\n\n###\nGET {{host}}/b2\n",
                "a/z.http": "GET {{host}}/az\n",
                "a.http": "### first\nGET {{host}}/echo?n=1\n\n### second\nGET {{host}}/missing\n",
                "other/skip.http": "GET {{host}}/not-selected\n",
            ])
        _ = folder
        let report = await report(of: testRun(workspace, paths: ["b.http", "a.http", "a"]))
        #expect(
            report.results.map(\.id.description) == [
                "a.http#first", "a.http#second", "a/z.http#1", "b.http#1", "b.http#2",
            ])
        #expect(server.requests.map(\.path) == ["/echo", "/missing", "/az", "/b1", "/b2"])
        #expect(report.results.map(\.outcome) == [.passed, .failed, .failed, .failed, .failed])
        #expect(report.results[0].status == 200)
        #expect(report.results[1].message == "status 404 Not Found")
        #expect(report.results[1].location == SourceLocation(file: "a.http", line: 5))
        #expect(report.results[0].duration > .zero)
        #expect(report.summary == "1 passed, 4 failed")
        #expect(report.latency?.count == 5)
    }

    @Test func aRunReportedInTheCallingTaskStopsReportingWhenCanceled() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // 50 s in all: only the cancel ends it.
        server.route("/slow") { _ in
            TestResponse(body: Data(repeating: UInt8(ascii: "z"), count: 100_000)).dripping(
                1000, every: .milliseconds(500))
        }
        let (folder, workspace) = try workspace(
            base: server.baseURL,
            files: [
                "a.http":
                    "### fast\nGET {{host}}/echo\n\n### slow\nGET {{host}}/slow\n\n### after\nGET {{host}}/after\n"
            ])
        let transport = CurlTransport()
        defer { transport.shutdown() }
        let runner = CollectionRunner(sender: RequestSender(client: HTTPClient(transport: transport)))
        let reported = Locked<[RunEvent]>([])
        let run = testRun(workspace)
        let running = Task { await runner.run(run) { event in reported.withLock { $0.append(event) } } }
        #expect(await eventually { server.requests.contains { $0.path == "/slow" } })
        running.cancel()
        await running.value
        var report = RunReport()
        for event in reported.withLock({ $0 }) { report.add(event) }
        #expect(report.results.map(\.id.description) == ["a.http#fast"])
        #expect(report.results.first?.outcome == .passed)
        #expect(server.requests.map(\.path) == ["/echo", "/slow"])
        // Each send was recorded in the history, the canceled one too, by the time the run returned.
        let history = HistoryLog(stateFolder: folder.url.appendingPathComponent(".ferry")).entries()
        #expect(history.count == 2)
        #expect(await eventually { transport.activeTransferCount == 0 })
    }

    @Test func capturedValuesChainWithinARunEvenWhenNotLogged() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let token = "tok-\(UUID().uuidString)"
        server.route("/login", responding: .json(#"{"token":"\#(token)","user":{"id":7}}"#))
        server.route("/me") { request in
            request.header("Authorization") == "Bearer \(token)" ? .text("me") : .text("who?", status: 401)
        }
        let (folder, workspace) = try workspace(
            base: server.baseURL,
            files: [
                "1-login.http": "# @name login\n# @no-log\nPOST {{host}}/login\n",
                "2-me.http":
                    "# @name me\nGET {{host}}/me?user={{login.response.body.$.user.id}}\n"
                    + "Authorization: Bearer {{login.response.body.$.token}}\n",
            ])
        let report = await report(of: testRun(workspace))
        #expect(report.results.map(\.outcome) == [.passed, .passed])
        #expect(server.requests.last?.target == "/me?user=7")
        // The login was never recorded: the value came from the run's own responses.
        let history = (try? folder.read(".ferry/history.jsonl")) ?? ""
        #expect(!history.contains("/login"))
        #expect(history.contains("/me?user=7"))
    }

    @Test func everySendOfARunIsRecordedUnderItsStableIDAssignedOnceAtTheStart() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let requests = (1...30).map { "### item \($0)\nGET {{host}}/echo?n=\($0)\n" }.joined(separator: "\n")
        let (folder, workspace) = try workspace(
            base: server.baseURL,
            files: ["a.http": "@unused = 1\n" + requests + "\n### late\n@late = 2\nGET {{host}}/echo?late={{late}}\n"])
        _ = folder
        let report = await report(of: testRun(workspace))
        #expect(report.results.count == 31)
        #expect(report.results.allSatisfy { $0.outcome == .passed })
        #expect(server.requests.last?.target == "/echo?late=2")
        // The ids the run recorded are those of .ferry/ids.json, one per request, each line under its own.
        let ids = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
        let entries = HistoryLog(stateFolder: workspace.stateFolder).entries()
        #expect(entries.count == 31)
        #expect(Set(entries.map(\.requestID)) == Set(ids.values))
        #expect(entries.map(\.requestID) == workspace.requests.compactMap { ids[$0.id] })
        #expect(FileManager.default.fileExists(atPath: workspace.stateFolder.appendingPathComponent(".gitignore").path))
    }

    @Test func filterAndFailFastSkipWhatTheyLeaveOut() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/bad", responding: .text("bad", status: 500))
        let (folder, workspace) = try workspace(
            base: server.baseURL,
            files: [
                "a.http":
                    "### users-list\nGET {{host}}/echo\n\n### orders\nGET {{host}}/echo\n\n### USERS-bad\nGET {{host}}/bad\n",
                "b.http": "### users-after\nGET {{host}}/echo\n",
            ])
        _ = folder
        var filtered = testRun(workspace)
        filtered.filter = "users"
        let kept = await report(of: filtered)
        #expect(kept.results.map(\.outcome) == [.passed, .skipped, .failed, .passed])
        #expect(kept.results[1].message == "filtered out")
        #expect(kept.summary == "2 passed, 1 failed, 1 skipped")

        var failFast = testRun(workspace)
        failFast.stopsAtFirstFailure = true
        let before = server.requests.count
        let stopped = await report(of: failFast)
        #expect(stopped.results.map(\.outcome) == [.passed, .passed, .failed, .skipped])
        #expect(server.requests.count - before == 3)
    }

    @Test func brokenRequestsAreLocatedAndTheRestRun() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let (folder, workspace) = try workspace(
            base: server.baseURL,
            files: [
                "a.http":
                    "### one\nGET {{host}}/{{missing}}\n\n### two\nGET {{host}}/x\nbroken header line\n\n### three\nGET {{host}}/echo\n"
            ])
        _ = folder
        let report = await report(of: testRun(workspace))
        #expect(report.results.map(\.outcome) == [.invalid, .invalid, .passed])
        #expect(report.results[0].message?.contains("a.http:2: unresolved variable {{missing}}") == true)
        #expect(report.results[1].message?.contains("a.http:6:1: error: expected a header") == true)
        #expect(report.hasInputErrors)
        #expect(server.requests.map(\.path) == ["/echo"])
    }

    @Test func transportErrorsAndSecretsAreMasked() async throws {
        let base = "http://127.0.0.1:\(try LoopbackPort.refusing())"
        let secret = "s3cret-\(UUID().uuidString.prefix(8))"
        let (folder, workspace) = try workspace(
            base: base, files: ["a.http": "GET {{host}}/x?key={{key}}\n"],
            secrets: #"{ "test": { "key": "\#(secret)" } }"#)
        _ = folder
        let report = await report(of: testRun(workspace))
        #expect(report.results.map(\.outcome) == [.transportError])
        let result = try #require(report.results.first)
        #expect(result.maskedURL.contains("key=••••••"))
        #expect(!(result.message ?? "").contains(secret))
        #expect(!JUnitReport(report).xml.contains(secret))
        #expect(!String(decoding: JSONRunReport(report).bytes, as: UTF8.self).contains(secret))
    }
}
