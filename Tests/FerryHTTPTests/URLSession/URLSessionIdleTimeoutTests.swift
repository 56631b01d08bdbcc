import FerryHTTP
import FerryTestSupport
import FerryURLSession
import Foundation
import Testing

/// ``HTTPRequest/idleTimeout`` holds over the URLSession transport too (its `timeoutInterval` is an idle
/// limit). The server would answer after 30 s and no other limit is set, so a timeout proves it held.
@Suite struct URLSessionIdleTimeoutTests {
    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/silent", responding: TestResponse.text("late").delayed(by: .seconds(30)))
        let client = HTTPClient(
            transport: URLSessionTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
        var request = HTTPRequest(path: "/silent")
        request.idleTimeout = .seconds(1)
        do {
            _ = try await client.send(request)
            Issue.record("expected a timeout")
        } catch {
            #expect(error.reason == .timedOut(.waitingForResponse))
        }
    }
}
