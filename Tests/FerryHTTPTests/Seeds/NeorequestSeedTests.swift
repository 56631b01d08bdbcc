import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Neorequest's promises: `numberOfRetries` on any request, a POST with parameters decoded into a model, and
/// required headers checked on the response.
@Suite struct NeorequestSeedTests {
    let server: TestHTTPServer

    init() throws {
        server = try TestHTTPServer()
    }

    @Test func numberOfRetriesRetriesAnyFailedRequest() async throws {
        let attempts = Counter()
        server.route("/post") { _ in attempts.next() < 2 ? TestResponse(status: 500) : .json(#"{"name": "John Doe"}"#) }
        let client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        var request = HTTPRequest(.post, path: "/post", body: .form(["name": "John Doe"]))
        request.retryBehavior = .failures(count: 2)
        let name = try await client.value(for: request, parsing: .json { try $0["name"].string() })
        #expect(name == "John Doe" && server.requests.count == 3)
    }

    @Test func aPostWithParametersDecodesAndItsHeadersAreChecked() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(
            environment: Environment(baseURL: base), interceptors: [ResponseValidator.requiredHeaders(["Content-Type"])]
        )
        let posted = try await client.post(
            "/post", form: ["name": "John Doe", "age": 7], parsing: .decodable(Echo.self))
        #expect(posted.form == ["name": "John Doe", "age": "7"])
        client.interceptors = [ResponseValidator.requiredHeaders(["X-Neorequest"])]
        let missing = await failureReason { _ = try await client.get("/get") }
        #expect(missing == .malformedResponse("the response has no X-Neorequest header"))
    }
}
