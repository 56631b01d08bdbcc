import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// Requests to a host with no connection yet: plain HTTP/1.1 ones open their own connections at once, since
/// they can never share one; only requests that may end up on HTTP/2 wait for the first connection
/// (`CURLOPT_PIPEWAIT`).
@Suite struct CurlPipeWaitTests {
    @Test func aSecondHTTP1RequestToANewHostDoesNotWaitForTheFirstResponse() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        // The gate holds far longer than the test waits for the second request, so with libcurl waiting the
        // wait ends first, whatever the load (generous deadlines: a loaded full run delays the first request).
        let gate = TestGate(safetyTimeout: .seconds(900))
        defer { gate.open() }
        server.route("/first", responding: TestResponse.text("first").held(until: gate))
        server.route("/second", responding: .text("second"))
        let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        async let first = client.send(HTTPRequest(path: "/first"))
        #expect(await eventually(timeout: FailureBound.event) { gate.waiting == 1 })
        async let second = client.send(HTTPRequest(path: "/second"))
        // The first response is held before its status line until the second request reached the server:
        // with libcurl waiting for the first connection, it never would (until the gate's safety timeout).
        let secondArrived = await eventually(timeout: FailureBound.event) {
            server.requests.contains { $0.path == "/second" }
        }
        #expect(secondArrived)
        if secondArrived { #expect(try await second.text == "second") }
        gate.open()
        _ = try await second
        #expect(try await first.text == "first")
        #expect(server.acceptedConnections == 2)
    }

    @Test func onlyRequestsThatMayMultiplexWaitForAConnection() {
        #expect(!CurlOptions.mayMultiplex(scheme: "http", version: .automatic))
        #expect(!CurlOptions.mayMultiplex(scheme: "https", version: .http1_1))
        #expect(CurlOptions.mayMultiplex(scheme: "HTTPS", version: .automatic))
        #expect(CurlOptions.mayMultiplex(scheme: "http", version: .http2PriorKnowledge))
        #expect(CurlOptions.mayMultiplex(scheme: "http", version: .http2))
    }
}
