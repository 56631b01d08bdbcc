import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// What a client sets for all its requests (a timeout, interceptors from any initializer) and the body helpers
/// for every method, against the loopback server.
@Suite struct ClientDefaultsTests {
    let server: TestHTTPServer
    let base: Environment

    init() throws {
        server = try TestHTTPServer()
        base = Environment(baseURL: URL(string: server.baseURL)!)
        server.route("/echo", responding: .json(#"{"ok": true}"#))
    }

    /// Adds `X-Client: ferry` to every attempt.
    struct TagInterceptor: HTTPInterceptor {
        func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
            var request = request
            request.headers["X-Client"] = "ferry"
            return request
        }
    }

    @Test func theDefaultTimeoutBoundsRequestsWithoutTheirOwn() async throws {
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(30)))
        let client = HTTPClient(environment: base, defaultTimeout: .milliseconds(200))
        let reason = await failureReason { _ = try await client.get("/slow") }
        guard case .timedOut? = reason else {
            Issue.record("expected a timeout, got \(String(describing: reason))")
            return
        }
        var own = HTTPRequest(path: "/echo")
        own.timeout = .seconds(20)
        let response = try await client.send(own)
        #expect(response.status == 200)
        client.defaultTimeout = nil
        #expect(client.defaultTimeout == nil)
    }

    @Test func everyInitializerTakesInterceptors() async throws {
        let curl = HTTPClient(environment: base, interceptors: [TagInterceptor()])
        let explicit = HTTPClient(transport: CurlTransport(), environment: base, interceptors: [TagInterceptor()])
        for client in [curl, explicit] {
            _ = try await client.get("/echo")
            #expect(server.requests.last?.header("X-Client") == "ferry")
        }
    }

    @Test func bodyHelpersWorkForEveryMethod() async throws {
        let client = HTTPClient(environment: base)
        let replaced = try await client.send(.put, "/echo", json: ["name": "Ada"], parsing: .json)
        #expect(try replaced["ok"].bool())
        #expect(server.requests.last?.method == "PUT" && server.requests.last?.bodyText == #"{"name":"Ada"}"#)
        _ = try await client.send(.patch, "/echo", form: ["name": "Bo"])
        #expect(server.requests.last?.method == "PATCH" && server.requests.last?.bodyText == "name=Bo")
        var form = MultipartForm(boundary: "b0undary")
        form.append("file", "contents")
        _ = try await client.send(.delete, "/echo", parameters: ["id": 3, "tags": ["a", "b"]], multipart: form)
        let sent = try #require(server.requests.last)
        #expect(sent.method == "DELETE" && sent.header("Content-Type") == "multipart/form-data; boundary=b0undary")
        let fields = sent.bodyText.components(separatedBy: "name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(fields == ["id", "tags", "tags", "file"], "the parameters come first, as PMHTTP sends them")
        _ = try await client.post("/echo", parameters: ["id": 4], multipart: form)
        #expect(server.requests.last?.bodyText.contains("name=\"id\"\r\n\r\n4\r\n") == true)
    }
}
