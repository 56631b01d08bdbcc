import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// ``HTTPRequest/idleTimeout`` over curl: a transfer that goes the limit without a byte fails as a timeout
/// naming the phase it stalled in, at about the limit; one whose bytes keep coming (however slowly) or
/// whose streamed reader is the slow side does not.
///
/// The servers answer (or go on) only after 30 s and no other limit is set, so a timeout proves the idle
/// check fired before then; only the lower bound of the elapsed time is asserted (it must not fire early),
/// since a busy machine can hold the test threads for many seconds (alone, each fails after about 1.2 s).
@Suite struct CurlIdleTimeoutTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
    }

    func request(_ path: String, idle: Duration) -> HTTPRequest {
        var request = HTTPRequest(path: path)
        request.idleTimeout = idle
        return request
    }

    /// The reason `request` failed with and how long it took.
    func failure(of request: HTTPRequest) async -> (reason: HTTPClientError.Reason?, elapsed: Duration) {
        let started = ContinuousClock.now
        do {
            _ = try await client.send(request)
            return (nil, ContinuousClock.now - started)
        } catch {
            return (error.reason, ContinuousClock.now - started)
        }
    }

    @Test func aServerThatAcceptsAndNeverAnswersTimesOutWaiting() async {
        server.route("/silent", responding: TestResponse.text("late").delayed(by: .seconds(30)))
        let (reason, elapsed) = await failure(of: request("/silent", idle: .seconds(1)))
        #expect(reason == .timedOut(.waitingForResponse))
        #expect(elapsed >= .seconds(1), "fired early: \(elapsed)")
    }

    /// libcurl's progress callback, where the limit is checked, runs for a send that asked for no progress too.
    @Test func theLimitHoldsForASendNobodyHearsProgressOf() async {
        server.route("/silent", responding: TestResponse.text("late").delayed(by: .seconds(30)))
        let end = await client.transferEnd(of: request("/silent", idle: .seconds(1)))
        #expect(end.error?.reason == .timedOut(.waitingForResponse))
    }

    @Test func aBodyThatStallsAfterTheHeadTimesOutReceiving() async {
        // The head and 10 bytes at once, the next 10 bytes 30 s later.
        server.route("/stall", responding: TestResponse(body: Data(count: 20)).dripping(10, every: .seconds(30)))
        let (reason, elapsed) = await failure(of: request("/stall", idle: .seconds(1)))
        #expect(reason == .timedOut(.receivingBody))
        #expect(elapsed >= .seconds(1), "fired early: \(elapsed)")
    }

    @Test func aSlowButSteadyBodyIsNotIdle() async throws {
        // 2 s in all, never 1 s without a byte.
        server.route(
            "/steady", responding: TestResponse(body: Data(count: 100)).dripping(10, every: .milliseconds(200)))
        let response = try await client.send(request("/steady", idle: .seconds(1)))
        #expect(response.body.count == 100)
    }

    @Test func aStreamedBodyWhoseReaderIsSlowIsNotIdle() async throws {
        let size = 4 * 1024 * 1024
        server.route("/large", responding: TestResponse(body: Data(count: size)))
        let response = try await client.stream(request("/large", idle: .seconds(1)), bufferLimit: 64 * 1024)
        var received = 0
        for try await chunk in response.body {
            if received == 0 {
                // The reader under test is slow: it holds the first chunk twice the idle limit while the
                // transfer is paused for it.
                try await Task.sleep(for: .seconds(2))
            }
            received += chunk.count
        }
        #expect(received == size)
        #expect(response.body.pauseCount > 0)
    }
}
