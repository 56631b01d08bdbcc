import FerryTestSupport
import Foundation
import Testing

/// `ferry send` on streaming bodies, as the real binary against the loopback server: `--events` prints one
/// JSON line per server-sent event, and a stream that never ends prints what arrived before Ctrl-C (exit 130).
@Suite struct SendEventStreamTests {
    static func eventStream(_ text: String) -> TestResponse {
        TestResponse(
            headers: [("Content-Type", "text/event-stream")], body: Data(text.utf8), framing: .chunked(chunkSize: 5))
    }

    /// A body that does not end for minutes: `line` repeated, dripped a line every 10 ms.
    static func endless(_ line: String, type: String) -> TestResponse {
        TestResponse(
            headers: [("Content-Type", type)], body: Data(String(repeating: line, count: 50_000).utf8),
            framing: .closeDelimited
        ).dripping(line.utf8.count, every: .milliseconds(10))
    }

    @Test func eventsPrintsOneJSONLinePerEvent() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/sse",
            responding: Self.eventStream(
                ": hello\nevent: add\nid: 7\ndata: {\"n\":1}\ndata: two\n\ndata: \u{1B}[31mred\n\ndata: dropped"))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/sse\n"])
        let output = try await fixture.send(["a.http#1", "--env", "test", "--events"])
        #expect(output.status == 0, "\(output.standardError)")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"event":"add","id":"7","data":"{\"n\":1}\ntwo"}"#,
                #"{"event":"message","id":"7","data":"\u001b[31mred"}"#,
            ])
    }

    @Test func withoutEventsTheStreamIsPrintedAsItIs() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let text = "data: a\n\nid: 2\ndata: b\n\n"
        server.route("/sse", responding: Self.eventStream(text))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/sse\n"])
        let output = try await fixture.send(["a.http#1", "--env", "test", "-i"])
        #expect(output.status == 0)
        #expect(output.text.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(output.text.hasSuffix("\n\n" + text))
    }

    @Test func eventsOnAnotherTypeWarnsAndPrintsTheBody() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/json", responding: .json(#"{"a":1}"#))
        server.route("/sse", responding: Self.eventStream("data: x\n\n"))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/json\n\n###\nGET {{host}}/sse\n"])
        let output = try await fixture.send(["a.http#1", "--env", "test", "--events"])
        #expect(output.status == 0)
        #expect(output.text == #"{"a":1}"#)
        #expect(output.standardError.contains("--events: the response is \"application/json\", not text/event-stream"))
        // Another type written to a file with --events -o is kept as it is, with the warning.
        let target = fixture.root.appendingPathComponent("body.json")
        let saved = try await fixture.send(["a.http#1", "--env", "test", "--events", "-o", target.path])
        #expect(saved.status == 0 && saved.text.isEmpty && saved.standardError.contains("not text/event-stream"))
        #expect(try String(contentsOf: target, encoding: .utf8) == #"{"a":1}"#)
    }

    @Test func ctrlCOnAnEndlessEventStreamKeepsTheEventsPrinted() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/ticks", responding: Self.endless("data: tick\n\n", type: "text/event-stream"))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/ticks\n"])
        let running = try FerryProcess.start(
            ["send", "a.http#1", "--env", "test", "--events"], currentDirectory: fixture.root)
        await eventually(timeout: .seconds(60)) { server.responseBodyBytesWritten > 12 * 100 }
        running.interrupt()
        let output = await running.wait()
        #expect(output.status == 130, "\(output.standardError)")
        #expect(output.standardError.contains("canceled"))
        let lines = output.text.split(separator: "\n")
        #expect(lines.count >= 3, "\(output.text)")
        #expect(lines.allSatisfy { $0 == #"{"event":"message","id":"","data":"tick"}"# })
    }

    @Test func ctrlCOnAnEndlessNDJSONBodyKeepsTheLinesPrinted() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/ndjson", responding: Self.endless("{\"n\":1}\n", type: "application/x-ndjson"))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/ndjson\n"])
        let running = try FerryProcess.start(["send", "a.http#1", "--env", "test"], currentDirectory: fixture.root)
        await eventually(timeout: .seconds(60)) { server.responseBodyBytesWritten > 8 * 100 }
        running.interrupt()
        let output = await running.wait()
        #expect(output.status == 130)
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count >= 3, "\(output.text)")
        #expect(lines.allSatisfy { $0 == #"{"n":1}"# })
    }

    @Test func aTooLargeEventEndsTheSendWithAClearError() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let huge = "data: " + String(repeating: "x", count: 10 * 1024 * 1024) + "\n\n"
        server.route("/huge", responding: Self.eventStream("data: first\n\n" + huge).framed(.chunked(chunkSize: 65536)))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/huge\n"])
        let output = try await fixture.send(["a.http#1", "--env", "test", "--events"])
        #expect(output.status == 3)
        #expect(output.text == #"{"event":"message","id":"","data":"first"}"# + "\n")
        #expect(output.standardError.contains("1048576-byte limit"), "\(output.standardError)")
    }
}

extension TestResponse {
    /// This response with another framing.
    fileprivate func framed(_ framing: Framing) -> TestResponse {
        var copy = self
        copy.framing = framing
        return copy
    }
}
