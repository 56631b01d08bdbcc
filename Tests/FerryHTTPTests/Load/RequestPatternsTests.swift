import FerryHTTP
import FerryHTTPLoad
import FerryTestSupport
import Foundation
import Testing

/// The benchmarks' request patterns send every request exactly once and return only when all are done. They
/// block their thread, so each runs on a thread of its own, never on the tests' shared threads.
@Suite struct RequestPatternsTests {
    let server: TestHTTPServer
    let transport = CurlTransport()
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        server.route("/item", responding: .text("ok"))
        client = HTTPClient(transport: transport)
    }

    /// Closes the client's connections before the server goes, so none lingers into other tests.
    func finish() {
        transport.shutdown()
        server.stop()
    }

    func requests(_ count: Int) throws -> [HTTPRequest] {
        try (0..<count).map { HTTPRequest(url: try #require(URL(string: "\(server.baseURL)/item?n=\($0)"))) }
    }

    func sentIndexes() -> [String] { server.requests.map(\.target).sorted() }

    @Test(arguments: [1, 3, 50])
    func chainsSendEveryRequestOnce(width: Int) async throws {
        defer { finish() }
        let (client, sent) = (client, try requests(20))
        try await DedicatedThread.run { RequestPatterns.chained(client, sent, width: width) }
        #expect(sentIndexes() == (0..<20).map { "/item?n=\($0)" }.sorted())
    }

    @Test func gatedAndBlockingSendEveryRequestOnce() async throws {
        defer { finish() }
        let (client, sent) = (client, try requests(12))
        try await DedicatedThread.run {
            RequestPatterns.gated(client, sent, inFlight: 4)
            RequestPatterns.blocking(client, sent)
        }
        #expect(server.requests.count == 24)
        #expect(Set(server.requests.map(\.target)).count == 12)
    }
}
