import FerryTestSupport
import Foundation
import Testing

/// Ctrl-C in `ferry run`, with the real binary: the transfer in flight is canceled, `canceled` is printed,
/// the report so far is written and the exit status is 130.
@Suite struct RunInterruptCommandTests {
    @Test func ctrlCCancelsTheRunWritesTheReportSoFarAndExits130() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // Slower than the test can take to see it (the request's own timeout is longer still): only the
        // interrupt ends it.
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(600)))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http":
                    "### fast\nGET {{host}}/echo\n\n### slow\n# @timeout 600 s\nGET {{host}}/slow\n\n### after\nGET {{host}}/after\n"
            ])
        let clock = ContinuousClock()
        let started = clock.now
        let running = try FerryProcess.start(
            ["run", "a.http", "--env", "test", "--report", "json", "--report-file", "report.json"],
            environment: ["LC_ALL": "C"], currentDirectory: fixture.url)
        while !server.requests.contains(where: { $0.path == "/slow" }), clock.now - started < FailureBound.event {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.requests.map(\.path) == ["/echo", "/slow"])
        let interrupted = clock.now
        running.interrupt()
        let output = await running.wait()
        #expect(output.status == 130)
        // The slow answer would take 600 s: ending in half of it means the transfer was canceled.
        #expect(clock.now - interrupted < .seconds(300), "the slow transfer was canceled, not waited for")
        #expect(output.standardError.hasSuffix("canceled\n"), "\(output.standardError)")
        #expect(output.text.hasPrefix("PASS a.http#fast  200  "), "\(output.text)")
        #expect(!output.text.contains("a.http#after"))
        #expect(server.requests.map(\.path) == ["/echo", "/slow"])
        let report = try JSONSerialization.jsonObject(with: Data(try fixture.read("report.json").utf8))
        let text = try fixture.read("report.json")
        #expect(report is [String: Any])
        #expect(text.contains("a.http#fast"))
        #expect(!text.contains("a.http#after"))
    }
}
