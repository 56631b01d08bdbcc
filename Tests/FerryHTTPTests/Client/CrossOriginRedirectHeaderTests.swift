import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// Sensitive headers on followed redirects, over ``CurlTransport`` (which ``HTTPClient`` follows hop by hop
/// for them): `Authorization`, `Proxy-Authorization`, `Cookie` and every header marked
/// ``HTTPRequest/sensitiveHeaders`` reach every hop of the request's origin and none of another. Two loopback
/// servers are two origins (another port); what each saw is checked on the wire.
@Suite struct CrossOriginRedirectHeaderTests {
    let home: TestHTTPServer
    let away: TestHTTPServer
    let jar = CookieJar()
    let client: HTTPClient

    init() throws {
        home = try TestHTTPServer()
        away = try TestHTTPServer()
        client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
        for server in [home, away] {
            server.route("/echo") { request in TestResponse(status: 200, body: request.echoJSON) }
        }
    }

    func stop() {
        home.stop()
        away.stop()
    }

    func request(_ path: String, headers: HTTPHeaders, marking sensitive: Set<String> = []) throws -> HTTPRequest {
        var request = HTTPRequest(url: try #require(URL(string: home.baseURL + path)), headers: headers)
        request.sensitiveHeaders = sensitive
        request.recordsSentHead = true
        return request
    }

    func last(_ server: TestHTTPServer, _ path: String) throws -> RecordedRequest {
        try #require(server.requests.last { $0.path == path }, "\(path) got no request")
    }

    // MARK: - Each kind of sensitive header

    @Test(arguments: [
        ("X-Api-Key", "k-123", true), ("Proxy-Authorization", "Basic cHg6cHc=", false),
        ("Authorization", "Bearer t0k", true), ("Authorization", "Bearer t0k", false),
        ("Cookie", "session=s3cr3t", true),
    ])
    func aSensitiveHeaderReachesItsOriginOnlyOnEveryHop(name: String, value: String, isMarked: Bool) async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: "/same"))
        home.route("/same", responding: .redirect(to: away.baseURL + "/echo"))
        let request = try request(
            "/start", headers: [name: value, "X-Plain": "1"], marking: isMarked ? [name] : [])
        let response = try await client.send(request)

        #expect(response.status == 200)
        #expect(response.redirects.count == 2)
        #expect(try last(home, "/start").header(name) == value)
        #expect(try last(home, "/same").header(name) == value)
        let elsewhere = try last(away, "/echo")
        #expect(elsewhere.header(name) == nil, "\(name) went to the other origin")
        #expect(elsewhere.header("X-Plain") == "1")
    }

    /// An unmarked `Cookie` header with the jar in use goes through libcurl's cookie engine, whose cookies (as
    /// cookies do) ignore the port; without the jar it is a header line, which libcurl drops per origin.
    @Test func anUnmarkedCookieHeaderWithoutAJarStaysHome() async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: away.baseURL + "/echo"))
        let request = try request("/start", headers: ["Cookie": "session=s3cr3t"])
        _ = try await HTTPClient(transport: CurlTransport()).send(request)
        #expect(try last(home, "/start").header("Cookie") == "session=s3cr3t")
        #expect(try last(away, "/echo").header("Cookie") == nil)
    }

    @Test func theHopRecordsWhatItDroppedAndWhy() async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: away.baseURL + "/echo"))
        let request = try request(
            "/start", headers: ["X-Api-Key": "k-123", "Proxy-Authorization": "Basic cHg6cHc=", "Accept": "*/*"],
            marking: ["x-api-key"])
        let response = try await client.send(request)

        #expect(response.sentHeads.map(\.target) == ["/start", "/echo"])
        #expect(response.sentHeads.first?.droppedHeaders == nil)
        let dropped = try #require(response.sentHeads.last?.droppedHeaders)
        #expect(dropped.names == ["X-Api-Key", "Proxy-Authorization"])
        #expect(
            dropped.summary
                == "X-Api-Key, Proxy-Authorization dropped: the redirect left \(home.baseURL) for \(away.baseURL)")
        #expect(response.sentHeads.last?.headers["X-Api-Key"] == nil)
    }

    @Test func aHeaderDroppedOnceStaysDroppedWhenTheChainComesBack() async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: away.baseURL + "/bounce"))
        away.route("/bounce", responding: .redirect(to: home.baseURL + "/echo"))
        _ = try await client.send(try request("/start", headers: ["X-Api-Key": "k-123"], marking: ["X-Api-Key"]))
        #expect(try last(away, "/bounce").header("X-Api-Key") == nil)
        #expect(try last(home, "/echo").header("X-Api-Key") == nil)
    }

    // MARK: - Following hop by hop keeps what libcurl did

    @Test(arguments: [(301, "GET", ""), (302, "GET", ""), (303, "GET", ""), (307, "POST", "a=1"), (308, "POST", "a=1")])
    func methodsAndBodiesFollowTheRedirectRules(status: Int, method: String, body: String) async throws {
        defer { stop() }
        home.route("/form", responding: .redirect(to: "/echo", status: status))
        var request = try request("/form", headers: ["X-Api-Key": "k-123"], marking: ["X-Api-Key"])
        request.method = .post
        request.body = .data(Data("a=1".utf8), contentType: "application/x-www-form-urlencoded")
        let response = try await client.send(request)

        #expect(response.status == 200)
        let landed = try last(home, "/echo")
        #expect(landed.method == method)
        #expect(landed.bodyText == body)
        #expect((landed.header("Content-Type") != nil) == !body.isEmpty)
        #expect(landed.header("X-Api-Key") == "k-123")
    }

    @Test func theRedirectLimitHolds() async throws {
        defer { stop() }
        home.route("/loop", responding: .redirect(to: "/loop"))
        var request = try request("/loop", headers: ["X-Api-Key": "k-123"], marking: ["X-Api-Key"])
        request.redirectPolicy = .follow(limit: 3)
        let error = await #expect(throws: HTTPClientError.self) { try await client.send(request) }
        guard case .tooManyRedirects(let limit) = error?.reason else {
            return #expect(Bool(false), "got \(String(describing: error))")
        }
        #expect(limit == 3)
        #expect(home.requests.count == 4)
        #expect(error?.sentHeads.count == 4)
    }

    @Test func cookiesSetOnAHopGoToTheNextAndTheJarsFollowTheirOwnRules() async throws {
        defer { stop() }
        jar.store([Cookie(name: "sid", value: "jar", domain: "127.0.0.1")])
        home.route(
            "/login",
            responding: TestResponse(status: 302, headers: [("Location", "/home"), ("Set-Cookie", "hop=1; Path=/")]))
        home.route("/home", responding: .redirect(to: away.baseURL + "/echo"))
        let request = try request("/login", headers: ["Cookie": "own=s3cr3t"], marking: ["Cookie"])
        let response = try await client.send(request)

        #expect(response.status == 200)
        #expect(try last(home, "/login").header("Cookie") == "own=s3cr3t; sid=jar")
        #expect(try last(home, "/home").header("Cookie") == "own=s3cr3t; sid=jar; hop=1")
        // Cookies ignore ports: the jar's for 127.0.0.1 go on; the request's own Cookie header does not.
        #expect(try last(away, "/echo").header("Cookie") == "sid=jar; hop=1")
        #expect(Set(jar.cookies().map(\.name)) == ["sid", "hop"])
    }

    @Test func theResponseSumsTheHopsTiming() async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: away.baseURL + "/echo"))
        let response = try await client.send(try request("/start", headers: ["X-Api-Key": "k"], marking: ["X-Api-Key"]))
        let timing = try #require(response.timing)
        #expect(timing.redirect > .zero)
        #expect(timing.total > timing.redirect)
        #expect(response.url.absoluteString == away.baseURL + "/echo")
        #expect(response.redirects.map(\.to.absoluteString) == [away.baseURL + "/echo"])
    }

    @Test func aStreamedResponseArrivesAfterTheHops() async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: away.baseURL + "/echo"))
        let streamed = try await client.stream(
            try request("/start", headers: ["X-Api-Key": "k"], marking: ["X-Api-Key"]))
        #expect(streamed.head.status == 200)
        var body = Data()
        for try await chunk in streamed.body { body.append(chunk) }
        #expect(String(decoding: body, as: UTF8.self).contains("/echo"))
        #expect(try last(away, "/echo").header("X-Api-Key") == nil)
    }

    @Test func cancelingBetweenHopsEndsTheTransfer() async throws {
        defer { stop() }
        home.route("/start", responding: .redirect(to: away.baseURL + "/slow"))
        // The second hop's answer is held until the task was canceled: the cancel lands while it is in flight.
        let gate = TestGate()
        defer { gate.open() }
        away.route("/slow", responding: TestResponse.text("late").held(until: gate))
        let task = client.task(for: try request("/start", headers: ["X-Api-Key": "k"], marking: ["X-Api-Key"]))
        #expect(await waitUntil { gate.waiting == 1 })
        #expect(away.requests.map(\.path) == ["/slow"])
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else { return #expect(Bool(false), "got \(result)") }
        #expect(error.isCanceled)
    }

    // MARK: - Origins

    @Test func anOriginIsSchemeHostAndPort() throws {
        func origin(_ text: String) throws -> String { HTTPRequest.origin(of: try #require(URL(string: text))) }
        #expect(try origin("HTTPS://API.Example.com/x") == "https://api.example.com")
        #expect(try origin("https://api.example.com:443/") == "https://api.example.com")
        #expect(try origin("http://api.example.com:80/") == "http://api.example.com")
        #expect(try origin("http://api.example.com:8080/") == "http://api.example.com:8080")
        var request = HTTPRequest(url: try #require(URL(string: "https://a.example/x")), headers: ["X-K": "1"])
        request.sensitiveHeaders = ["x-k"]
        let origin = try #require(URL(string: "https://a.example/x"))
        for (target, drops) in [
            ("https://a.example/y", false), ("http://a.example/y", true), ("https://a.example:8443/y", true),
            ("https://b.example/y", true), ("https://A.EXAMPLE:443/z", false),
        ] {
            let hop = request.redirected(to: try #require(URL(string: target)), status: 302, origin: origin)
            #expect((hop.dropped != nil) == drops, "\(target)")
            #expect(hop.request.headers.contains("X-K") == !drops, "\(target)")
        }
        // Through a proxy, Proxy-Authorization is the proxy's: it stays.
        request.proxy = URL(string: "http://proxy.example:3128")
        request.headers["Proxy-Authorization"] = "Basic eA=="
        let hop = request.redirected(to: try #require(URL(string: "https://b.example/")), status: 302, origin: origin)
        #expect(hop.request.headers["Proxy-Authorization"] == "Basic eA==")
        #expect(hop.dropped?.names == ["X-K"])
    }
}
