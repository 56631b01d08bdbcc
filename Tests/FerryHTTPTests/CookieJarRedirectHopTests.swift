import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// ``CookieJar`` cookies on every hop of a redirect that ``CurlTransport`` follows: libcurl's cookie engine,
/// seeded from the jar for one transfer, matches them per hop and sends those set by earlier hops on later
/// ones. What goes on the wire, checked on the loopback server.
@Suite struct CookieJarRedirectHopTests {
    let server: TestHTTPServer
    let transport = CurlTransport()
    let jar = CookieJar()
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: transport, cookieJar: jar)
    }

    func url(_ path: String, host: String = "127.0.0.1", scheme: String = "http") throws -> URL {
        try #require(URL(string: "\(scheme)://\(host):\(server.port)\(path)"))
    }

    /// Routes `path` to a `302` to `location` that sets `cookies`.
    func redirect(_ path: String, to location: String, setting cookies: [String] = []) {
        server.route(
            path,
            responding: TestResponse(
                status: 302, headers: [("Location", location)] + cookies.map { ("Set-Cookie", $0) }))
    }

    /// The values of every `Cookie` header line of the last request the server saw for `path` (one entry per
    /// line, so a duplicate line shows), or `nil` when no such request came.
    func cookieLines(sentTo path: String) -> [String]? {
        guard let request = server.requests.last(where: { $0.path == path }) else { return nil }
        return request.headers.filter { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }.map(\.value)
    }

    /// The `name=value` pairs of one `Cookie` header value.
    func pairs(_ header: String) -> Set<String> {
        Set(header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    // MARK: - Cookies set during the chain

    @Test func theLoginRedirectsSessionCookieGoesToTheNextHop() async throws {
        defer { server.stop() }
        redirect("/login", to: "/home", setting: ["session=abc123; Path=/; HttpOnly"])
        server.route("/home") { request in
            TestResponse(status: 200, headers: [("Content-Type", "application/json")], body: request.echoJSON)
        }
        var login = HTTPRequest(.post, url: try url("/login"))
        login.body = .text("user=ada&password=secret")
        let response = try await client.send(login)

        #expect(response.status == 200)
        #expect(response.redirects.count == 1)
        #expect(cookieLines(sentTo: "/login") == [])
        #expect(cookieLines(sentTo: "/home") == ["session=abc123"])
        // The echoed request is the one the response belongs to.
        let echo = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let headers = try #require(echo["headers"] as? [[String]])
        #expect(headers.filter { $0.first?.lowercased() == "cookie" } == [["Cookie", "session=abc123"]])
        // The jar keeps it for the next transfer.
        #expect(jar.cookies().map(\.name) == ["session"])
        #expect(jar.cookies().first?.isHTTPOnly == true)
        _ = try await client.send(HTTPRequest(url: url("/echo")))
        #expect(cookieLines(sentTo: "/echo") == ["session=abc123"])
    }

    @Test func aJarCookieGoesExactlyOnceOnEveryHopOfTheSameHost() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "s1", domain: "127.0.0.1", isHTTPOnly: true)])
        redirect("/first", to: "/second", setting: ["hop=1"])
        redirect("/second", to: "/echo")
        _ = try await client.send(HTTPRequest(url: url("/first")))

        #expect(cookieLines(sentTo: "/first") == ["sid=s1"])
        let second = try #require(cookieLines(sentTo: "/second"))
        #expect(second.count == 1)
        #expect(second.first.map(pairs) == ["sid=s1", "hop=1"])
        let last = try #require(cookieLines(sentTo: "/echo"))
        #expect(last.count == 1)
        #expect(last.first.map(pairs) == ["sid=s1", "hop=1"])
    }

    @Test func aCookieReplacedByAHopGoesOutWithItsNewValueOnly() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "old", domain: "127.0.0.1")])
        redirect("/renew", to: "/echo", setting: ["sid=new; Path=/"])
        _ = try await client.send(HTTPRequest(url: url("/renew")))
        #expect(cookieLines(sentTo: "/renew") == ["sid=old"])
        #expect(cookieLines(sentTo: "/echo") == ["sid=new"])
        #expect(jar.cookies().map(\.value) == ["new"])
    }

    // MARK: - The rules hold on every hop

    @Test func aHostOnlyCookieDoesNotFollowARedirectToAnotherHost() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "s1", domain: "127.0.0.1")])
        // Same server, another host name.
        redirect("/away", to: try url("/landing", host: "localhost").absoluteString, setting: ["mid=1"])
        server.route("/landing", responding: .text("ok"))
        let response = try await client.send(HTTPRequest(url: url("/away")))

        #expect(response.url.host == "localhost")
        #expect(cookieLines(sentTo: "/away") == ["sid=s1"])
        #expect(cookieLines(sentTo: "/landing") == [])
        #expect(Set(jar.cookies().map(\.name)) == ["sid", "mid"])
    }

    @Test func aDomainCookieFollowsToSubdomainsButNotBeyond() async throws {
        defer { server.stop() }
        // libcurl resolves every `*.localhost` name to the loopback address without DNS.
        jar.store([Cookie(name: "d", value: "1", domain: "app.localhost", isHostOnly: false)])
        redirect("/to-www", to: try url("/to-bare", host: "www.app.localhost").absoluteString)
        redirect("/to-bare", to: try url("/landing", host: "localhost").absoluteString)
        server.route("/landing", responding: .text("ok"))
        _ = try await client.send(HTTPRequest(url: url("/to-www", host: "api.app.localhost")))

        #expect(cookieLines(sentTo: "/to-www") == ["d=1"])
        #expect(cookieLines(sentTo: "/to-bare") == ["d=1"])
        #expect(cookieLines(sentTo: "/landing") == [])
    }

    @Test func secureCookiesNeverGoOverHTTP() async throws {
        defer { server.stop() }
        jar.store([
            Cookie(name: "loop", value: "1", domain: "127.0.0.1", isSecure: true),
            Cookie(name: "named", value: "2", domain: "app.localhost", isHostOnly: false, isSecure: true),
            Cookie(name: "plain", value: "3", domain: "127.0.0.1"),
        ])
        redirect("/start", to: try url("/set-secure", host: "api.app.localhost").absoluteString)
        redirect("/set-secure", to: "/echo", setting: ["hopsecure=1; Path=/; Secure"])
        _ = try await client.send(HTTPRequest(url: url("/start")))

        // libcurl itself sends Secure cookies to 127.0.0.1 over http; the jar leaves them out of the engine.
        #expect(cookieLines(sentTo: "/start") == ["plain=3"])
        #expect(cookieLines(sentTo: "/set-secure") == [])
        #expect(cookieLines(sentTo: "/echo") == [])
        // Between transfers the jar's own rule holds too.
        _ = try await client.send(HTTPRequest(url: url("/echo", host: "api.app.localhost")))
        #expect(cookieLines(sentTo: "/echo") == [])
    }

    @Test func theEngineGetsLoopbackSecureCookiesOnlyForATransferThatStartsWithHTTPS() throws {
        defer { server.stop() }
        let expiry = Date(timeIntervalSince1970: 4_102_444_800)
        jar.store([
            Cookie(name: "loop", value: "1", domain: "localhost", isSecure: true),
            Cookie(name: "named", value: "2", domain: "app.localhost", isHostOnly: false, isSecure: true),
            Cookie(name: "plain", value: "3", domain: "127.0.0.1", path: "/api", isHTTPOnly: true, expires: expiry),
        ])
        let http = jar.cookieEngineLines(forTransferFrom: try url("/", host: "localhost"))
        #expect(
            http == [
                ".app.localhost\tTRUE\t/\tTRUE\t0\tnamed\t2",
                "#HttpOnly_127.0.0.1\tFALSE\t/api\tFALSE\t4102444800\tplain\t3",
            ])
        let https = jar.cookieEngineLines(forTransferFrom: try url("/", host: "localhost", scheme: "https"))
        #expect(https.count == 3)
        #expect(https.first == "localhost\tFALSE\t/\tTRUE\t0\tloop\t1")
    }

    @Test func pathRulesHoldOnEveryHop() async throws {
        defer { server.stop() }
        jar.store([
            Cookie(name: "root", value: "0", domain: "127.0.0.1", path: "/"),
            Cookie(name: "scoped", value: "1", domain: "127.0.0.1", path: "/api"),
        ])
        redirect("/to-api", to: "/api/users", setting: ["adm=1; Path=/admin", "api=2; Path=/api"])
        server.route("/api/users", responding: .text("ok"))
        _ = try await client.send(HTTPRequest(url: url("/to-api")))

        #expect(cookieLines(sentTo: "/to-api") == ["root=0"])
        let api = try #require(cookieLines(sentTo: "/api/users"))
        #expect(api.count == 1)
        #expect(api.first.map(pairs) == ["root=0", "scoped=1", "api=2"])
        // Longer paths first.
        #expect(api.first?.hasSuffix("root=0") == true)
        #expect(Set(jar.cookies().map(\.name)) == ["root", "scoped", "adm", "api"])
    }

    @Test func anExpiredJarCookieStaysHome() async throws {
        defer { server.stop() }
        let past = Date().addingTimeInterval(-60)
        let jar = CookieJar(cookies: [
            Cookie(name: "gone", value: "1", domain: "127.0.0.1", expires: past),
            Cookie(name: "kept", value: "2", domain: "127.0.0.1", expires: Date().addingTimeInterval(3600)),
        ])
        redirect("/hop", to: "/echo")
        _ = try await HTTPClient(transport: transport, cookieJar: jar).send(HTTPRequest(url: url("/hop")))
        #expect(cookieLines(sentTo: "/hop") == ["kept=2"])
        #expect(cookieLines(sentTo: "/echo") == ["kept=2"])
    }

    // MARK: - Nothing survives on a recycled handle

    @Test func noCookieReachesTheNextTransferOnTheSameHandle() async throws {
        defer { server.stop() }
        redirect("/login", to: "/echo", setting: ["session=s1; Path=/"])
        _ = try await client.send(HTTPRequest(url: url("/login")))
        #expect(cookieLines(sentTo: "/echo") == ["session=s1"])

        // Same kind of request (same options profile, so the handle is not reset), another, empty jar.
        redirect("/fresh", to: "/fresh-landing")
        server.route("/fresh-landing", responding: .text("ok"))
        _ = try await HTTPClient(transport: transport, cookieJar: CookieJar()).send(HTTPRequest(url: url("/fresh")))
        #expect(cookieLines(sentTo: "/fresh") == [])
        #expect(cookieLines(sentTo: "/fresh-landing") == [])

        // No jar at all.
        redirect("/bare", to: "/bare-landing", setting: ["bare=1"])
        server.route("/bare-landing", responding: .text("ok"))
        _ = try await HTTPClient(transport: transport).send(HTTPRequest(url: url("/bare")))
        #expect(cookieLines(sentTo: "/bare") == [])
        #expect(cookieLines(sentTo: "/bare-landing") == [])

        // The jar's client, with the jar turned off for the request: no cookie, not even those set on the way.
        redirect("/off", to: "/off-landing", setting: ["off=1"])
        server.route("/off-landing", responding: .text("ok"))
        var off = HTTPRequest(url: try url("/off"))
        off.usesCookieJar = false
        _ = try await client.send(off)
        #expect(cookieLines(sentTo: "/off") == [])
        #expect(cookieLines(sentTo: "/off-landing") == [])
        #expect(!jar.cookies().contains { $0.name == "off" })

        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func aFailedTransferLeavesNoCookieOnItsHandle() async throws {
        defer { server.stop() }
        redirect("/doomed", to: "/reset", setting: ["doomed=1"])
        server.route("/reset", responding: TestResponse().aborted(.resetImmediately))
        var doomed = HTTPRequest(url: try url("/doomed"))
        doomed.retryPolicy = .none
        await #expect(throws: HTTPClientError.self) { try await client.send(doomed) }
        #expect(cookieLines(sentTo: "/reset") == ["doomed=1"])

        redirect("/after", to: "/after-landing")
        server.route("/after-landing", responding: .text("ok"))
        _ = try await HTTPClient(transport: transport, cookieJar: CookieJar()).send(HTTPRequest(url: url("/after")))
        #expect(cookieLines(sentTo: "/after") == [])
        #expect(cookieLines(sentTo: "/after-landing") == [])
        #expect(transport.easyHandlesCreated == 1)
    }

    // MARK: - A request's own Cookie header

    @Test func aRequestWithItsOwnCookieHeaderSendsThatOneLineOnly() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "jar", domain: "127.0.0.1")])
        redirect("/own", to: "/echo", setting: ["mid=1"])
        var request = HTTPRequest(url: try url("/own"))
        request.headers["Cookie"] = "own=1"
        _ = try await client.send(request)

        // Today's behaviour: one header, the request's values first, the jar's other names for the first URL
        // after them; cookies set during the chain are not added to it (the jar has them afterwards).
        #expect(cookieLines(sentTo: "/own") == ["own=1; sid=jar"])
        #expect(cookieLines(sentTo: "/echo") == ["own=1; sid=jar"])
        #expect(jar.cookies().contains { $0.name == "mid" })
    }

    @Test func withoutRedirectsTheJarStillSendsItsHeader() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "s1", domain: "127.0.0.1")])
        redirect("/no-follow", to: "/echo")
        var request = HTTPRequest(url: try url("/no-follow"))
        request.redirectPolicy = .none
        let response = try await client.send(request)
        #expect(response.status == 302)
        #expect(cookieLines(sentTo: "/no-follow") == ["sid=s1"])
    }
}
