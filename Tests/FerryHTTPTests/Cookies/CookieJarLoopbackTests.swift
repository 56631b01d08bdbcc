import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// ``HTTPClient`` with a ``CookieJar`` against the loopback server: what goes on the wire.
@Suite struct CookieJarLoopbackTests {
    let server: TestHTTPServer
    let jar = CookieJar()
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: CurlTransport(), cookieJar: jar)
        server.route("/login", responding: TestResponse(headers: [("Set-Cookie", "sid=s1; Path=/")]))
        for path in ["/api/users", "/apiary", "/api", "/whoami", "/other"] {
            server.route(path, responding: .text("ok"))
        }
    }

    func url(_ path: String, host: String = "127.0.0.1") throws -> URL {
        try #require(URL(string: "http://\(host):\(server.port)\(path)"))
    }

    /// The `Cookie` header of the last request the server saw for `path`.
    func cookieSent(to path: String) -> String? {
        server.requests.last { $0.path == path }?.header("Cookie")
    }

    @Test func aCookieSetByOneResponseGoesOutWithTheNextRequest() async throws {
        defer { server.stop() }
        _ = try await client.send(HTTPRequest(url: url("/login")))
        #expect(server.requests.last?.header("Cookie") == nil)
        _ = try await client.send(HTTPRequest(url: url("/whoami")))
        #expect(cookieSent(to: "/whoami") == "sid=s1")
        // A client without the jar sends nothing.
        _ = try await HTTPClient(transport: CurlTransport()).send(HTTPRequest(url: url("/other")))
        #expect(cookieSent(to: "/other") == nil)
    }

    @Test func noCookieJarNeitherSendsNorStores() async throws {
        defer { server.stop() }
        var login = HTTPRequest(url: try url("/login"))
        login.usesCookieJar = false
        _ = try await client.send(login)
        #expect(jar.cookies().isEmpty)
        _ = try await client.send(HTTPRequest(url: url("/login")))
        var bare = HTTPRequest(url: try url("/whoami"))
        bare.usesCookieJar = false
        _ = try await client.send(bare)
        #expect(cookieSent(to: "/whoami") == nil)
    }

    @Test func pathRulesDecideWhichCookiesGo() async throws {
        defer { server.stop() }
        server.route(
            "/api/login",
            responding: TestResponse(headers: [("Set-Cookie", "scoped=1; Path=/api"), ("Set-Cookie", "implicit=2")]))
        _ = try await client.send(HTTPRequest(url: url("/api/login")))
        // Both have the path `/api`: libcurl's cookie engine, which sends the jar's cookies when redirects are
        // followed, orders equal paths by longer name before age (the jar's own header: by age).
        _ = try await client.send(HTTPRequest(url: url("/api/users")))
        #expect(cookieSent(to: "/api/users") == "implicit=2; scoped=1")
        _ = try await client.send(HTTPRequest(url: url("/api")))
        #expect(cookieSent(to: "/api") == "implicit=2; scoped=1")
        var unfollowed = HTTPRequest(url: try url("/api"))
        unfollowed.redirectPolicy = .none
        _ = try await client.send(unfollowed)
        #expect(cookieSent(to: "/api") == "scoped=1; implicit=2")
        _ = try await client.send(HTTPRequest(url: url("/apiary")))
        #expect(cookieSent(to: "/apiary") == nil)
    }

    @Test func hostOnlyCookiesDoNotGoToAnotherHostName() async throws {
        defer { server.stop() }
        _ = try await client.send(HTTPRequest(url: url("/login")))
        // Same server, another host name: the cookie belongs to 127.0.0.1 only.
        _ = try await client.send(HTTPRequest(url: url("/whoami", host: "localhost")))
        #expect(cookieSent(to: "/whoami") == nil)
    }

    @Test func domainCookiesGoToSubdomainsOnly() async throws {
        defer { server.stop() }
        // libcurl resolves every `*.localhost` name to the loopback address without DNS.
        server.route("/set-domain", responding: TestResponse(headers: [("Set-Cookie", "d=1; Domain=app.localhost")]))
        _ = try await client.send(HTTPRequest(url: url("/set-domain", host: "api.app.localhost")))
        #expect(jar.cookies().map(\.domain) == ["app.localhost"])
        _ = try await client.send(HTTPRequest(url: url("/whoami", host: "www.app.localhost")))
        #expect(cookieSent(to: "/whoami") == "d=1")
        _ = try await client.send(HTTPRequest(url: url("/other", host: "app.localhost")))
        #expect(cookieSent(to: "/other") == "d=1")
        _ = try await client.send(HTTPRequest(url: url("/api", host: "localhost")))
        #expect(cookieSent(to: "/api") == nil)
        // A server may not set a cookie for a domain it is not in.
        server.route("/evil", responding: TestResponse(headers: [("Set-Cookie", "e=1; Domain=example.com")]))
        _ = try await client.send(HTTPRequest(url: url("/evil")))
        #expect(!jar.cookies().contains { $0.name == "e" })
    }

    @Test func anExpiredCookieRemovesTheStoredOne() async throws {
        defer { server.stop() }
        server.route("/logout", responding: TestResponse(headers: [("Set-Cookie", "sid=; Path=/; Max-Age=0")]))
        server.route(
            "/old", responding: TestResponse(headers: [("Set-Cookie", "old=1; Expires=Thu, 01 Jan 1998 00:00:00 GMT")]))
        _ = try await client.send(HTTPRequest(url: url("/login")))
        _ = try await client.send(HTTPRequest(url: url("/old")))
        _ = try await client.send(HTTPRequest(url: url("/whoami")))
        #expect(cookieSent(to: "/whoami") == "sid=s1")
        _ = try await client.send(HTTPRequest(url: url("/logout")))
        _ = try await client.send(HTTPRequest(url: url("/other")))
        #expect(cookieSent(to: "/other") == nil)
        #expect(jar.cookies().isEmpty)
    }

    @Test func cookiesSetOnARedirectAreStoredAndOwnCookiesWin() async throws {
        defer { server.stop() }
        server.route(
            "/hop",
            responding: TestResponse(
                status: 302, headers: [("Location", "/other"), ("Set-Cookie", "hop=1"), ("Set-Cookie", "sid=jar")]))
        let response = try await client.send(HTTPRequest(url: url("/hop")))
        #expect(response.redirects.count == 1)
        #expect(Set(jar.cookies().map(\.name)) == ["hop", "sid"])
        // The request's own Cookie header keeps its values; the jar adds the names it does not have.
        var request = HTTPRequest(url: try url("/whoami"))
        request.headers["Cookie"] = "sid=mine"
        _ = try await client.send(request)
        #expect(cookieSent(to: "/whoami") == "sid=mine; hop=1")
    }
}
