import FerryTestSupport
import Foundation
import Testing

/// `ferry send` streams without a memory cap, as the real binary against the loopback server: a body past
/// the in-memory limit (64 MiB) is printed whole and saved whole by a `>>` redirect (FerryHTTP spills it to
/// disk), and `--events -o FILE` writes the events into FILE, put in place only when the send ends well.
@Suite struct SendStreamOutputTests {
    /// The request's in-memory body limit (``HTTPRequest/responseBody``'s default), which used to end the send.
    static let memoryLimit = 64 << 20

    @Test func aBodyPastTheMemoryLimitIsPrintedAndSavedWhole() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let size = Self.memoryLimit + 3 * 1024 * 1024 + 17
        let line = Data("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n".utf8)
        var body = Data(capacity: size)
        while body.count + line.count <= size { body.append(line) }
        body.append(Data(repeating: UInt8(ascii: "z"), count: size - body.count))
        server.route(
            "/big",
            responding: TestResponse(
                headers: [("Content-Type", "text/plain")], body: body, framing: .chunked(chunkSize: 1 << 20)))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/big\n\n>> saved.txt\n"])
        let output = try await fixture.send(["a.http#1", "--env", "test"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.count == size)
        #expect(output.standardOutput == body)
        let saved = fixture.root.appendingPathComponent("saved.txt")
        #expect(try Data(contentsOf: saved) == body)
        #expect(try fixture.history().contains(#""responseSize":\#(size)"#))
    }

    @Test func eventsGoToTheOutputFileAsJSONLines() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/sse",
            responding: SendEventStreamTests.eventStream("event: add\nid: 7\ndata: one\n\ndata: \u{1B}[31mtwo\n\n"))
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/sse\n"])
        let target = fixture.root.appendingPathComponent("events.jsonl")
        let output = try await fixture.send(["a.http#1", "--env", "test", "--events", "-o", target.path, "-i"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.text.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(!output.text.contains(#""event":"#))
        #expect(
            try String(contentsOf: target, encoding: .utf8)
                == #"{"event":"add","id":"7","data":"one"}"# + "\n"
                + #"{"event":"message","id":"7","data":"\u001b[31mtwo"}"# + "\n")
    }

    @Test func aBrokenEventStreamLeavesTheOutputFileAsItWas() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let events = String(repeating: "data: tick\n\n", count: 100)
        server.route(
            "/sse",
            responding: SendEventStreamTests.eventStream(events).aborted(.resetAfter(bodyBytes: events.utf8.count / 2)))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "GET {{host}}/sse\n", "events.jsonl": "before\n"])
        let target = fixture.root.appendingPathComponent("events.jsonl")
        let output = try await fixture.send(["a.http#1", "--env", "test", "--events", "-o", target.path])
        #expect(output.status == 3, "\(output.standardError)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "before\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path)
        #expect(!left.contains { $0.contains(".ferry-") }, "\(left)")
    }
}
