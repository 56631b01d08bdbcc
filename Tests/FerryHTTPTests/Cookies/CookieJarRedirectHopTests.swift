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

    /// The one `Cookie` line of the last request the server saw for `path`, as `name=value` pairs; fails the
    /// test when there is not exactly one line.
    func onlyCookieLine(sentTo path: String) throws -> Set<String> {
        let lines = try #require(cookieLines(sentTo: path))
        try #require(lines.count == 1, "\(path) got \(lines.count) Cookie lines: \(lines)")
        return pairs(lines[0])
    }

    @Test func theRequestsOwnCookiesAndTheJarsGoInOneLineOnEveryHop() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "jar", domain: "127.0.0.1")])
        redirect("/own", to: "/next", setting: ["mid=1; Path=/"])
        redirect("/next", to: "/echo")
        var request = HTTPRequest(url: try url("/own"))
        request.headers["Cookie"] = "own=1; theme=dark"
        let response = try await client.send(request)

        #expect(response.redirects.count == 2)
        #expect(try onlyCookieLine(sentTo: "/own") == ["own=1", "theme=dark", "sid=jar"])
        #expect(try onlyCookieLine(sentTo: "/next") == ["own=1", "theme=dark", "sid=jar", "mid=1"])
        #expect(try onlyCookieLine(sentTo: "/echo") == ["own=1", "theme=dark", "sid=jar", "mid=1"])
        // The jar keeps what the servers set, not the request's own cookies.
        #expect(Set(jar.cookies().map(\.name)) == ["sid", "mid"])
    }

    @Test func severalOwnCookieHeadersBecomeOneLine() async throws {
        defer { server.stop() }
        redirect("/two", to: "/echo", setting: ["mid=1"])
        var request = HTTPRequest(url: try url("/two"))
        request.headers.add("Cookie", "a=1")
        request.headers.add("Cookie", "b=2;")
        _ = try await client.send(request)
        #expect(try onlyCookieLine(sentTo: "/two") == ["a=1", "b=2"])
        #expect(try onlyCookieLine(sentTo: "/echo") == ["a=1", "b=2", "mid=1"])
    }

    @Test func theRequestsOwnCookiesDoNotFollowARedirectToAnotherHost() async throws {
        defer { server.stop() }
        jar.store([
            Cookie(name: "here", value: "1", domain: "127.0.0.1"),
            Cookie(name: "there", value: "2", domain: "localhost"),
        ])
        redirect("/away", to: try url("/landing", host: "localhost").absoluteString)
        server.route("/landing", responding: .text("ok"))
        var request = HTTPRequest(url: try url("/away"))
        request.headers["Cookie"] = "own=1"
        let response = try await client.send(request)

        #expect(response.url.host == "localhost")
        #expect(try onlyCookieLine(sentTo: "/away") == ["own=1", "here=1"])
        // libcurl's CURLOPT_COOKIE would go here too; a Cookie header never did.
        #expect(cookieLines(sentTo: "/landing") == ["there=2"])
    }

    @Test func onItsHostTheRequestsOwnCookieWinsOverTheJarsOfTheSameName() async throws {
        defer { server.stop() }
        jar.store([
            Cookie(name: "sid", value: "jar", domain: "127.0.0.1"),
            Cookie(name: "sid", value: "scoped", domain: "127.0.0.1", path: "/deep"),
            Cookie(name: "sid", value: "elsewhere", domain: "localhost"),
        ])
        redirect("/deep/start", to: "/deep/next")
        redirect("/deep/next", to: try url("/landing", host: "localhost").absoluteString)
        server.route("/landing", responding: .text("ok"))
        var request = HTTPRequest(url: try url("/deep/start"))
        request.headers["Cookie"] = "sid=own"
        _ = try await client.send(request)

        #expect(cookieLines(sentTo: "/deep/start") == ["sid=own"])
        #expect(cookieLines(sentTo: "/deep/next") == ["sid=own"])
        // Another host gets the jar's cookie of that name, as without the request's own.
        #expect(cookieLines(sentTo: "/landing") == ["sid=elsewhere"])
        // The jar itself is unchanged.
        #expect(Set(jar.cookies().map(\.value)) == ["jar", "scoped", "elsewhere"])
    }

    @Test func aCookieAHopSetsReplacesTheRequestsOwnOfTheSameNameOnLaterHops() async throws {
        defer { server.stop() }
        redirect("/renew", to: "/api/next", setting: ["sid=new; Path=/", "pref=scoped; Path=/api"])
        redirect("/api/next", to: "/echo")
        var request = HTTPRequest(url: try url("/renew"))
        request.headers["Cookie"] = "sid=own; pref=own"
        _ = try await client.send(request)

        #expect(try onlyCookieLine(sentTo: "/renew") == ["sid=own", "pref=own"])
        // Same name, host and path: the server's newer value only. Another path: both, the longer path first.
        let next = try #require(cookieLines(sentTo: "/api/next"))
        #expect(next.count == 1)
        #expect(next.first.map(pairs) == ["sid=new", "pref=scoped", "pref=own"])
        #expect(next.first?.hasPrefix("pref=scoped") == true)
        #expect(try onlyCookieLine(sentTo: "/echo") == ["sid=new", "pref=own"])
        #expect(Set(jar.cookies().map(\.value)) == ["new", "scoped"])
    }

    @Test func anOwnCookieHeaderTheEngineCannotTakeIsSentAsItWas() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "jar", domain: "127.0.0.1")])
        redirect("/own", to: "/echo", setting: ["mid=1"])
        var request = HTTPRequest(url: try url("/own"))
        // A value without a name: libcurl's engine would send it as `token=`.
        request.headers["Cookie"] = "token; own=1"
        _ = try await client.send(request)

        // One header, the request's values first, the jar's other names for the first URL after them; cookies
        // set during the chain are not added to it (the jar has them afterwards).
        #expect(cookieLines(sentTo: "/own") == ["token; own=1; sid=jar"])
        #expect(cookieLines(sentTo: "/echo") == ["token; own=1; sid=jar"])
        #expect(jar.cookies().contains { $0.name == "mid" })
    }

    @Test func noOwnCookieReachesTheNextTransferOnTheSameHandle() async throws {
        defer { server.stop() }
        jar.store([Cookie(name: "sid", value: "jar", domain: "127.0.0.1")])
        redirect("/own", to: "/own-landing", setting: ["mid=1"])
        server.route("/own-landing", responding: .text("ok"))
        var request = HTTPRequest(url: try url("/own"))
        request.headers["Cookie"] = "own=1"
        _ = try await client.send(request)
        #expect(try onlyCookieLine(sentTo: "/own-landing") == ["own=1", "sid=jar", "mid=1"])

        // Same kind of request (same options profile, the handle is not reset), with the same jar.
        redirect("/plain", to: "/plain-landing")
        server.route("/plain-landing", responding: .text("ok"))
        _ = try await client.send(HTTPRequest(url: url("/plain")))
        #expect(try onlyCookieLine(sentTo: "/plain") == ["sid=jar", "mid=1"])
        #expect(try onlyCookieLine(sentTo: "/plain-landing") == ["sid=jar", "mid=1"])

        // Another, empty jar: nothing at all.
        redirect("/fresh", to: "/fresh-landing")
        server.route("/fresh-landing", responding: .text("ok"))
        _ = try await HTTPClient(transport: transport, cookieJar: CookieJar()).send(HTTPRequest(url: url("/fresh")))
        #expect(cookieLines(sentTo: "/fresh") == [])
        #expect(cookieLines(sentTo: "/fresh-landing") == [])

        // No jar: the request's own header goes as a header, once.
        var bare = HTTPRequest(url: try url("/bare"))
        bare.headers["Cookie"] = "bare=1"
        redirect("/bare", to: "/bare-landing")
        server.route("/bare-landing", responding: .text("ok"))
        _ = try await HTTPClient(transport: transport).send(bare)
        #expect(cookieLines(sentTo: "/bare") == ["bare=1"])
        #expect(cookieLines(sentTo: "/bare-landing") == ["bare=1"])

        #expect(transport.easyHandlesCreated == 1)
    }

    @Test func whichOwnCookieHeadersGoThroughTheEngine() throws {
        defer { server.stop() }
        func own(_ values: [String], url: String = "http://Api.Example.com/x", host: String? = nil) throws -> [Cookie]?
        {
            var request = HTTPRequest(url: try #require(URL(string: url)))
            for value in values { request.headers.add("Cookie", value) }
            if let host { request.headers["Host"] = host }
            return request.ownCookiesPerHop()
        }
        #expect(try own([])?.isEmpty == true)
        let cookies = try #require(try own([" a = 1 ;; b=x=y; ", "c="]))
        #expect(cookies.map(\.name) == ["a", "b", "c"])
        #expect(cookies.map(\.value) == ["1", "x=y", ""])
        #expect(cookies.allSatisfy { $0.domain == "api.example.com" && $0.isHostOnly && $0.path == "/" })
        #expect(cookies.allSatisfy { !$0.isSecure && $0.expires == nil })
        #expect(try own(["s=1"], url: "https://api.example.com/")?.first?.isSecure == true)
        #expect(try own(["__Host-s=1"], url: "https://api.example.com/")?.first?.name == "__Host-s")
        #expect(try own(["__Host-s=1"]) == nil)
        #expect(try own(["__secure-s=1"]) == nil)
        #expect(try own(["flag"]) == nil)
        #expect(try own(["=1"]) == nil)
        #expect(try own(["a=1; b=2", "a=3"]) == nil)
        #expect(try own(["a=1\t2"]) == nil)
        #expect(try own(["a=1"], host: "other.example.com") == nil)
        #expect(try own((0...HTTPRequest.ownCookiesPerHopLimit.cookies).map { "c\($0)=1" }) == nil)
        #expect(try own(["a=" + String(repeating: "v", count: HTTPRequest.ownCookiesPerHopLimit.characters)]) == nil)

        var request = HTTPRequest(url: try url("/"))
        request.headers["Cookie"] = "a=1"
        #expect(request.sendsCookiesPerHop(over: transport))
        request.headers["Cookie"] = "flag"
        #expect(!request.sendsCookiesPerHop(over: transport))
        request.headers["Cookie"] = "a=1"
        request.redirectPolicy = .none
        #expect(!request.sendsCookiesPerHop(over: transport))
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
