import FerryTestSupport
import Foundation
import Testing

/// `response.body.onEachLine` in a handler of a streamed response, as JetBrains writes it, through the real
/// binary against the loopback server: each event's data (a JSON object parsed) for an event stream, each
/// line for NDJSON, until the callback unsubscribes; `onFinish` after.
@Suite struct SendStreamHandlerTests {
    static let handler = """
        > {%
          const seen = [];
          response.body.onEachLine((line, unsubscribe) => {
            seen.push(typeof line === "object" ? "n=" + line.n : line);
            if (seen.length === 3) unsubscribe();
          }, () => client.test("three lines", () => client.assert(seen.join() === "n=1,two,n=3", seen.join())));
        %}
        """

    /// The same three values as an event stream (comments, event names, a fourth event after the unsubscribe)
    /// and as NDJSON (a blank line, a fourth line).
    static let streams = [
        ("text/event-stream", ": hi\ndata: {\"n\":1}\n\nevent: x\ndata: two\n\ndata: {\"n\":3}\n\ndata: four\n\n"),
        ("application/x-ndjson", "{\"n\":1}\ntwo\n\n{\"n\":3}\n{\"n\":4}\n"),
    ]

    @Test(arguments: streams)
    func eachValueReachesTheCallback(_ type: String, _ body: String) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/stream",
            responding: TestResponse(
                headers: [("Content-Type", type)], body: Data(body.utf8), framing: .chunked(chunkSize: 7)))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/stream\n\n" + Self.handler + "\n"])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.contains("test passed: three lines"), "\(output.standardError)")
    }

    /// Any other body stays what it was: a string (or parsed JSON), without `onEachLine`.
    @Test func aPlainBodyIsAString() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/t", responding: .text("a\nb\n"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "a.http":
                    "GET {{host}}/t\n\n> {% client.log(typeof response.body, typeof response.body.onEachLine); %}\n"
            ])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.standardError.contains("string undefined"), "\(output.standardError)")
    }

    /// A stream that never ends: Ctrl-C ends it, and the handler reads what arrived.
    @Test func ctrlCOnAnEndlessStreamRunsTheHandlerOverWhatArrived() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/ticks", responding: SendEventStreamTests.endless("data: tick\n\n", type: "text/event-stream"))
        let handler = """
            > {%
              let ticks = 0;
              response.body.onEachLine((line) => { if (line === "tick") ticks += 1; },
                                       () => client.log("ticks seen: " + (ticks >= 3 ? "3 or more" : ticks)));
            %}
            """
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/ticks\n\n" + handler + "\n"])
        let running = try FerryProcess.start(["send", "a.http", "--env", "test"], currentDirectory: fixture.root)
        await eventually(timeout: .seconds(60)) { server.responseBodyBytesWritten > 12 * 100 }
        running.interrupt()
        let output = await running.wait()
        #expect(output.status == 130, "\(output.standardError)")
        #expect(output.standardError.contains("ticks seen: 3 or more"), "\(output.standardError)")
    }
}
