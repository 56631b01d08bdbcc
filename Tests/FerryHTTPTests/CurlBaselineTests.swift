import FerryCurlBaseline
import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The raw-libcurl baselines the benchmarks measure CurlTransport against count only 2xx answers and put
/// the same request head on the wire as CurlTransport, so a benchmark compares like with like.
@Suite struct CurlBaselineTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        server.route("/missing", responding: .text("no", status: 404))
    }

    /// Three answered URLs and one 404, in that order.
    var urls: [String] { ["/ok?n=1", "/missing", "/ok?n=2", "/ok?n=3"].map { server.baseURL + $0 } }

    @Test func eachBaselineCountsTheTwoHundredsItFetched() {
        #expect(CurlBaseline.sequentialFetch(urls) == 3)
        #expect(CurlBaseline.loopFetch(urls) == 3)
        #expect(CurlBaseline.parallelFetch(urls, inFlight: 2) == 3)
        #expect(server.requests.count == 3 * urls.count)
        server.stop()
    }

    @Test func baselinesSendCurlTransportsRequestHead() async throws {
        let client = HTTPClient(transport: CurlTransport())
        _ = try await client.send(HTTPRequest(url: try #require(URL(string: server.baseURL + "/ok?n=0"))))
        let transportAgent = try #require(server.requests.first?.header("User-Agent"))
        _ = CurlBaseline.sequentialFetch(urls)
        _ = CurlBaseline.loopFetch(urls)
        _ = CurlBaseline.parallelFetch(urls, inFlight: 2)
        let baselineAgents = server.requests.dropFirst().map { $0.header("User-Agent") }
        #expect(baselineAgents.count == 3 * urls.count)
        #expect(baselineAgents.allSatisfy { $0 == transportAgent })
        server.stop()
    }
}
