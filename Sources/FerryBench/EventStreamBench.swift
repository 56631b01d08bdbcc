import FerryHTTP
import FerryTestSupport
import Foundation

/// Server-sent events: how fast ``EventStreamParser`` splits a stream in memory, and how many events per
/// second reach a reader of ``HTTPClient/events(for:options:)`` from the loopback server, and how many the
/// workbench shows per second beside `ferry send --events` and `curl -N` on the same stream
/// (``workbenchRows(server:path:)``).
enum EventStreamBench: BenchSuite {
    static let name = "sse"

    /// Events in the stream measured.
    static let count = 200_000

    static func run() throws -> [BenchRow] {
        let stream = Data(
            (1...count).map { "event: tick\nid: \($0)\ndata: {\"n\":\($0),\"text\":\"a token of an LLM stream\"}\n\n" }
                .joined().utf8)
        let parsing = try bestOf(3) { () throws(EventStreamParser.Overflow) -> Int in
            var parser = EventStreamParser()
            var events = 0
            var offset = 0
            while offset < stream.count {
                let end = min(offset + 16_384, stream.count)
                events += try parser.parse(stream[offset..<end]).count
                offset = end
            }
            return events
        }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(
            "/sse",
            responding: TestResponse(
                headers: [("Content-Type", "text/event-stream")], body: stream, framing: .chunked()))
        let client = HTTPClient(transport: CurlTransport())
        let request = HTTPRequest(url: URL(string: server.baseURL + "/sse")!)
        let http = try bestOf(3) { () throws(EventStreamError) -> Int in try receive(client.events(for: request)) }
        let megabytes = Double(stream.count) / 1e6
        let shown = try workbenchRows(server: server, path: "/sse")
        return [
            BenchRow(
                suite: name, name: "parse \(count / 1000)k events (EventStreamParser, 16 KiB chunks)",
                value: "\(Int(parsing.rate)) events/s",
                comparison: String(format: "%.0f MB/s", megabytes / parsing.seconds), meetsTarget: nil),
            BenchRow(
                suite: name, name: "\(count / 1000)k events from loopback (client.events)",
                value: "\(Int(http.rate)) events/s",
                comparison: String(
                    format: "%.0f MB/s, %.0f%% of parsing alone", megabytes / http.seconds,
                    http.rate / parsing.rate * 100), meetsTarget: nil),
        ] + shown
    }

    /// The best of `runs` runs of `body`, which returns how many events it saw (each must see ``count``).
    private static func bestOf<E: Error>(_ runs: Int, _ body: () throws(E) -> Int) throws -> (
        rate: Double, seconds: Double
    ) {
        var best = Double.infinity
        for _ in 0..<runs {
            var seen = 0
            let seconds = try measureSeconds { seen = try body() }
            guard seen == count else { throw BenchFailure("saw \(seen) of \(count) events") }
            best = min(best, seconds)
        }
        return (Double(count) / best, best)
    }

    /// Reads `events` to the end on a task of its own; returns how many arrived.
    private static func receive(_ events: ServerSentEvents) throws(EventStreamError) -> Int {
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Result<Int, EventStreamError>>(.success(0))
        Task {
            var seen = 0
            do throws(EventStreamError) {
                for try await _ in events { seen += 1 }
                result.withLock { $0 = .success(seen) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0 }.get()
    }

    /// A measurement that did not see what it should have.
    struct BenchFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
