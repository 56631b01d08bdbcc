import FerryTestSupport
import Foundation
import Testing

/// `ferry run --duration` as load against the loopback server: the closed model (`--concurrency`) and the
/// open one (`--rate`) count every request, errors by kind and latency percentiles in the table and the JSON
/// report, and the HTML report carries the histogram. Counts and structure only: never a timing.
@Suite struct RunLoadCommandTests {
    func fixture(_ server: TestHTTPServer) throws -> RunCommandTests.Fixture {
        server.route("/down", responding: .text("busy", status: 503))
        return try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "load.http":
                    "### up\nGET {{host}}/echo\n\n### down\nGET {{host}}/down\n\n### broken\nGET {{host}}/x\nno header\n"
            ])
    }

    @Test func closedLoadCountsEveryRequestAndItsErrors() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try fixture(server)
        let output = try await fixture.run([
            "load.http", "--env", "test", "--duration", "1s", "--concurrency", "2", "--report", "json",
        ])
        #expect(output.status == 2, "\(output.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any])
        let load = try #require(document["load"] as? [String: Any])
        #expect(load["model"] as? String == "closed")
        #expect(load["concurrency"] as? Int == 2)
        let requests = try #require(load["requests"] as? [[String: Any]])
        #expect(requests.map { $0["id"] as? String } == ["load.http#up", "load.http#down"])
        let counts = requests.compactMap { $0["count"] as? Int }
        let sent = server.requests.filter { $0.path == "/echo" || $0.path == "/down" }.count
        #expect(counts.reduce(0, +) == sent)
        #expect(load["count"] as? Int == sent)
        #expect(counts.allSatisfy { $0 >= 1 })
        // Each sender goes up, down, up…: the two counts differ by at most the number of senders.
        #expect(abs(counts[0] - counts[1]) <= 2)
        #expect(requests[0]["errors"] as? [String: Int] == [:])
        #expect(requests[1]["errors"] as? [String: Int] == ["status 503": counts[1]])
        let latency = try #require(requests[0]["latencyMs"] as? [String: Double])
        #expect(Set(latency.keys) == ["p50", "p90", "p99", "max"])
        #expect(
            latency["p50"]! <= latency["p90"]! && latency["p90"]! <= latency["p99"]!
                && latency["p99"]! <= latency["max"]!)
        let histogram = try #require(load["histogram"] as? [[String: Any]])
        #expect(histogram.compactMap { $0["count"] as? Int }.reduce(0, +) == sent)
        // The broken request is reported, not sent; the table went to standard error with the report on stdout.
        #expect(
            output.standardError.contains("FAIL load.http#broken  not sent: load.http:9:1: error: expected a header"))
        #expect(output.standardError.contains("load (closed: 2 senders for 1 s): \(sent) requests in "))
        // Piped, the live view is a plain line a second and one with the final figures.
        #expect(output.standardError.contains("load 1 s of 1 s: \(sent) requests, \(counts[1]) errors, "))
        let table = output.standardError.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(table.contains(["request", "count", "errors", "p50", "p90", "p99", "max", "req/s"]))
        #expect(
            table.contains { $0.prefix(3) == ["load.http#down", "\(counts[1])", "\(counts[1])"] && $0.count == 12 })
        #expect(table.contains { $0.prefix(3) == ["all", "\(sent)", "\(counts[1])"] })
        #expect(
            output.standardError.contains("errors of load.http#down: status 503 ×\(counts[1])\n1 passed, 2 failed\n"))
    }

    @Test func openLoadAndItsHTMLHistogram() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try fixture(server)
        let output = try await fixture.run([
            "load.http", "--env", "test", "--filter", "up", "--duration", "1s", "--rate", "50/s", "--report", "html",
            "--report-file", "load.html",
        ])
        #expect(output.status == 0, "\(output.text)")
        let sent = server.requests.filter { $0.path == "/echo" }.count
        // 50 a second for 1 s: exactly 50 were due, and every one was sent, however late.
        #expect(sent == 50)
        #expect(output.text.contains("load (open: 50 requests/s for 1 s): 50 requests in "))
        #expect(output.text.hasSuffix("1 passed, 0 failed\n"))
        let html = try String(contentsOf: fixture.url.appendingPathComponent("load.html"), encoding: .utf8)
        #expect(html.contains("<h3>Latency histogram</h3>"))
        #expect(html.contains("<td>load.http#up</td><td>50</td><td>0</td>"))
        // Usage errors: a rate or concurrency without a duration, a bad duration, load with data.
        for arguments in [
            ["--rate", "5/s"], ["--concurrency", "2"], ["--duration", "0s"], ["--duration", "soon"],
            ["--duration", "1s", "--repeat", "2"], ["--duration", "1s", "--rate", "0/s"],
            ["--duration", "1s", "--parallel", "2"],
        ] {
            #expect(try await fixture.run(["load.http"] + arguments).status == 2, "\(arguments)")
        }
    }

    @Test func onATerminalTheLiveViewDrawsAHistogramInPlace() async throws {
        // `script` is util-linux's (bsdutils, an essential package): missing only on an unusual system.
        guard let script = TestServers.executable(named: "script") else {
            if TestServers.serversRequired { Issue.record("script (bsdutils) is missing") }
            return
        }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try fixture(server)
        // `script` gives the run a terminal (a pty) and copies what it drew to its own output.
        let command = [
            FerryProcess.executableURL.path, "run", "load.http", "--env", "test", "--filter", "up",
            "--duration", "1s", "--rate", "20/s",
        ].joined(separator: " ")
        let result = try await Process.run(
            script, ["-qefc", "cd \(fixture.url.path) && TERM=xterm \(command)", "/dev/null"], mergingErrors: true)
        #expect(result.status == 0, "\(result.text)")
        // The final frame: a full progress bar, the totals, each histogram row ended by erasing the line's rest.
        #expect(result.text.contains("[####################]  load 1 s of 1 s: 20 requests, 0 errors, "))
        #expect(result.text.contains("█ "))
        #expect(result.text.contains("\u{1B}[K"))
        #expect(result.text.contains("load (open: 20 requests/s for 1 s): 20 requests in "))
    }

    /// Coordinated omission: 20 requests due in 1 s, one at a time, each answered after 100 ms. Timed from its
    /// send, each would look like 100 ms; timed from when it was due, the k-th waited for the k before it, so the
    /// last one's latency is at least 20 × 100 ms − 950 ms = 1,050 ms however fast the machine is.
    @Test func openModelCountsTheQueueASlowServerBuilds() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var slow = TestResponse.text("slow")
        slow.delayBeforeHeaders = .milliseconds(100)
        server.route("/slow", responding: slow)
        let fixture = try RunCommandTests.Fixture(base: server.baseURL, files: ["slow.http": "GET {{host}}/slow\n"])
        let output = try await fixture.run([
            "slow.http", "--env", "test", "--duration", "1s", "--rate", "20/s", "--concurrency", "1", "--report",
            "json",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any])
        let load = try #require(document["load"] as? [String: Any])
        #expect(load["count"] as? Int == 20)
        let latency = try #require(load["latencyMs"] as? [String: Double])
        #expect(try #require(latency["max"]) >= 1050)
        #expect(try #require(latency["p50"]) >= 100)
    }
}
