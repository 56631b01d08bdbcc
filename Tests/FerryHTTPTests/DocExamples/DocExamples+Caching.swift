import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

// The catalog's Caching article and the lifecycle, interceptor-list, default-retry and one-request-mock
// sections of "Auth and interceptors" and "Testing with mocks", run against the loopback server.

/// An OAuth-style token grant, as the examples' token endpoint answers it.
struct Grant: Decodable {
    var accessToken: String
    var expiresIn: Int
}

/// Adds an `X-Request-ID` to requests for one origin (so that, global, it leaves other tests' requests alone).
struct RequestIDInterceptor: HTTPInterceptor {
    let origin: URL

    init(for origin: URL) { self.origin = origin }

    var interceptorID: InterceptorID? { "doc-request-id" }

    func adapt(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPRequest {
        guard request.url?.port == origin.port else { return request }
        var request = request
        request.headers["X-Request-ID"] = UUID().uuidString
        return request
    }
}

extension DocExamples {
    // MARK: - Caching

    @Test func caching() async throws {
        var stored = TestResponse.text("stored")
        stored.headers.append(("Cache-Control", "max-age=600"))
        server.route("/cached", responding: stored)
        let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-doc-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cacheFolder) }

        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        client.cache = HTTPCache(directory: cacheFolder)  // memory + disk
        let first = try await client.send(HTTPRequest(path: "/cached"))
        let second = try await client.send(HTTPRequest(path: "/cached"))
        print(second.timing?.cacheStatus == .hit)  // true: nothing was sent
        var fresh = HTTPRequest(path: "/cached")
        fresh.usesCache = false  // this one goes to the server
        let third = try await client.send(fresh)

        client.cache?.flush()
        #expect(first.timing?.cacheStatus == .miss && second.text == "stored" && third.text == "stored")
        #expect(server.requests.filter { $0.path == "/cached" }.count == 2)
        #expect(FileManager.default.fileExists(atPath: cacheFolder.path))
    }

    // MARK: - Auth and interceptors

    @Test func bearerLifecycle() async throws {
        let issued = Recorder<String>()
        server.route("/token") { _ in
            issued.append("t\(issued.values.count + 1)")
            return .json(#"{"accessToken": "\#(issued.values.last ?? "")", "expiresIn": 3600}"#)
        }
        server.route("/whoami") { request in .text(request.header("Authorization") ?? "") }
        let plain = HTTPClient(environment: Environment(baseURL: baseURL))
        @Sendable func login() async throws -> Grant {
            try await plain.post("/token", form: ["grant_type": "client_credentials"], parsing: .decodable(Grant.self))
        }
        let saved = "outside"
        let savedExpiry = Date().addingTimeInterval(3600)

        let auth = BearerTokenAuth(refreshMargin: .seconds(60), refreshStatuses: [401, 403]) {
            let grant = try await login()  // your token endpoint
            return BearerToken(grant.accessToken, expiresIn: .seconds(grant.expiresIn))
        }
        auth.setToken(BearerToken(saved, expiresAt: savedExpiry))  // a token from outside
        let client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: baseURL), interceptors: [auth])
        let before = try await client.get("/whoami")
        try await auth.refresh()  // forced refresh
        let after = try await client.get("/whoami")

        #expect(before.text == "Bearer outside" && after.text == "Bearer t1")
        #expect(issued.values == ["t1"] && auth.expiresAt.map { $0 > Date() } == true)
    }

    @Test func interceptorLists() async throws {
        server.route("/health", responding: .json(#"{"ok": true}"#))
        server.route("/plain", responding: .text("not json"))
        let auth = BearerTokenAuth(token: "secret") { "secret" }
        let client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: baseURL), interceptors: [auth])
        defer { HTTPClient.globalInterceptors.removeAll { $0.interceptorID == "doc-request-id" } }

        HTTPClient.globalInterceptors.append(RequestIDInterceptor(for: baseURL))  // every client in the process
        client.interceptors.append(ResponseValidator.successfulStatus)  // changes apply to later attempts
        var request = HTTPRequest(path: "/health")
        request.interceptors.added = [ResponseValidator.contentType(["application/json"])]
        request.interceptors.excluded = [.auth]  // this one without the client's auth

        _ = try await client.send(request)
        let sent = try #require(server.requests.last)
        #expect(sent.header("Authorization") == nil && sent.header("X-Request-ID") != nil)
        var plain = HTTPRequest(path: "/plain")
        plain.interceptors = request.interceptors
        let refused = await client.task(for: plain).result
        #expect((try? refused.get()) == nil)
        _ = try await client.get("/health")
        #expect(server.requests.last?.header("Authorization") == "Bearer secret")
    }

    @Test func defaultRetryPolicy() async throws {
        server.route("/down", responding: .text("busy", status: 503))
        let client = HTTPClient(environment: Environment(baseURL: baseURL))

        client.defaultRetryPolicy = RetryPolicy(maximumRetries: 2, initialDelay: .milliseconds(10))
        var once = HTTPRequest(path: "/down")
        once.retryPolicy = .none  // this one is not retried

        let retried = try await client.send(HTTPRequest(path: "/down"))
        #expect(retried.status == 503 && server.requests.count == 3)
        _ = try await client.send(once)
        #expect(server.requests.count == 4)
    }

    // MARK: - Testing with mocks

    @Test func mockingOneRequest() async throws {
        server.route("/users/7", responding: .text("", status: 204))
        let client = HTTPClient(transport: CurlTransport(), environment: Environment(baseURL: baseURL))
        client.mock(.get, baseURL.absoluteString + "/feature-flags", with: .json(#"{"beta": true}"#))
        client.mock(matching: { $0.method == .delete }, times: 1) { _ in .status(204) }
        let flags = try await client.get("/feature-flags", parsing: .json)  // from the mock
        let ada = try await client.get("/users/1", parsing: .decodable(User.self))  // from the server
        client.removeMocks()

        #expect(try flags["beta"].bool() && ada.name == "Ada")
        #expect(server.requests.map(\.path) == ["/users/1"])  // the flags never reached the server
        let deleted = try await client.send(.delete, "/users/7")
        #expect(deleted.status == 204 && server.requests.count == 2)
    }
}
