import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// BothamNetworking's promises: interceptors given when the client is made, and its `RetryInterceptor`
/// sending a `POST` again on a status, now a retry behavior rather than a hand-written interceptor.
@Suite struct BothamNetworkingSeedTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
    }

    @Test func interceptorsGoInTheInitializer() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let apiClient = HTTPClient(environment: Environment(baseURL: base), interceptors: [JSONHeadersInterceptor()])
        let echoed = try await apiClient.get("/headers", parsing: .json)
        #expect(try echoed["headers"]["Accept"].string() == "application/json")
        let deleted = try await apiClient.send(.delete, "/delete", json: ["id": 1], parsing: .json)
        #expect(try deleted["json"]["id"].int() == 1)
    }

    @Test func aPostIsRetriedOnAStatus() async throws {
        let attempts = Counter()
        server.route("/orders") { _ in attempts.next() == 0 ? TestResponse(status: 401) : .json(#"{"id": 9}"#) }
        let apiClient = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        apiClient.defaultRetryBehavior = .onStatus([401], methods: [.post])
        let order = try await apiClient.post("/orders", json: ["item": 7], parsing: .json { try $0["id"].int() })
        #expect(order == 9 && server.requests.map(\.method) == ["POST", "POST"])
        #expect(server.requests.allSatisfy { $0.bodyText == #"{"item":7}"# })
    }
}
