import FerryTestSupport
import Foundation

/// The loopback server the whole-app tests send to.
enum TestServerRoutes {
    /// A server with `/json`, `/echo`, `/text`, `/slow` (drips for seconds) and `/binary`.
    static func start() throws -> TestHTTPServer {
        let server = try TestHTTPServer()
        server.route("/json", responding: .json(#"{"user": {"name": "ada", "langs": ["swift", "c"]}, "count": 2}"#))
        server.route("/text", responding: .text("first line\nsecond line\nthird line\n"))
        server.route("/echo") { request in
            TestResponse.json(String(decoding: request.body, as: UTF8.self))
        }
        server.route(
            "/slow",
            responding: TestResponse.text(String(repeating: "x", count: 4000)).dripping(100, every: .milliseconds(100)))
        server.route(
            "/binary",
            responding: TestResponse(
                status: 200, headers: [("Content-Type", "application/octet-stream")], body: Data([0, 1, 2, 0xFF, 0x41]))
        )
        return server
    }

    /// Routes `path` on `server` to answer 503 asking for a retry after `seconds` on its first call, then
    /// `{"ok": true}`: a flaky endpoint for the retry tests.
    static func routeBusyOnce(_ path: String, on server: TestHTTPServer, retryAfter seconds: Int) {
        let counter = AttemptCounter()
        server.route(path) { _ in counter.next() == 0 ? .unavailable(retryAfter: seconds) : .json(#"{"ok": true}"#) }
    }
}
