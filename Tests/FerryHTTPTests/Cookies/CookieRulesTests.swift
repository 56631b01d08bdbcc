import FerryHTTP
import Foundation
import Testing

/// The RFC 6265 rules of ``Cookie`` and ``CookieJar``, without a network.
@Suite struct CookieRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    // MARK: - Parsing

    @Test func parsesNameValueAndAttributes() throws {
        let cookie = try #require(
            Cookie(
                setCookie: " sid = a=b ; Path=/api; Secure; HttpOnly; Max-Age=60; Unknown=1",
                from: url("https://Example.com/login"), at: now))
        #expect(cookie.name == "sid")
        #expect(cookie.value == "a=b")
        #expect(cookie.domain == "example.com")
        #expect(cookie.isHostOnly)
        #expect(cookie.path == "/api")
        #expect(cookie.isSecure && cookie.isHTTPOnly)
        #expect(cookie.expires == now.addingTimeInterval(60))
    }

    @Test(arguments: ["novalue", "=v", " = v", ""])
    func ignoresHeadersWithoutAName(_ header: String) throws {
        #expect(Cookie(setCookie: header, from: try url("http://example.com/"), at: now) == nil)
    }

    @Test(arguments: [
        ("http://example.com/", "/"), ("http://example.com", "/"), ("http://example.com/a", "/"),
        ("http://example.com/a/b", "/a"), ("http://example.com/a/b/", "/a/b"), ("http://example.com/a/b?x=/y", "/a"),
    ])
    func defaultPathIsTheRequestPathUpToItsLastSlash(_ request: String, _ path: String) throws {
        let cookie = try #require(Cookie(setCookie: "k=v; Path=relative", from: url(request), at: now))
        #expect(cookie.path == path)
    }

    @Test func maxAgeWinsOverExpiresAndZeroExpiresAtOnce() throws {
        let both = try #require(
            Cookie(
                setCookie: "k=v; Max-Age=10; Expires=Wed, 21 Oct 2099 07:28:00 GMT", from: url("http://a.com/"),
                at: now))
        #expect(both.expires == now.addingTimeInterval(10))
        let zero = try #require(Cookie(setCookie: "k=v; Max-Age=0", from: url("http://a.com/"), at: now))
        #expect(zero.isExpired(at: now))
        let negative = try #require(Cookie(setCookie: "k=v; Max-Age=-5", from: url("http://a.com/"), at: now))
        #expect(negative.isExpired(at: now))
        let invalid = try #require(Cookie(setCookie: "k=v; Max-Age=1x", from: url("http://a.com/"), at: now))
        #expect(invalid.expires == nil)
    }

    @Test(arguments: [
        "Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT", "Wed Oct 21 07:28:00 2015",
        "21 oct 2015 7:28:0",
    ])
    func readsTheDateFormsServersSend(_ date: String) throws {
        let cookie = try #require(Cookie(setCookie: "k=v; Expires=\(date)", from: url("http://a.com/"), at: now))
        #expect(cookie.expires == Date(timeIntervalSince1970: 1_445_412_480))
    }

    @Test(arguments: ["Wed, 31 Feb 2015 07:28:00 GMT", "Wed, 21 Oct 2015 25:28:00 GMT", "tomorrow", "21 Oct 2015"])
    func ignoresInvalidDates(_ date: String) throws {
        let cookie = try #require(Cookie(setCookie: "k=v; Expires=\(date)", from: url("http://a.com/"), at: now))
        #expect(cookie.expires == nil)
    }

    // MARK: - Domains

    @Test func domainAttributeCoversSubdomainsButNotOtherHosts() throws {
        let cookie = try #require(
            Cookie(setCookie: "k=v; Domain=.Example.com", from: url("http://api.example.com/"), at: now))
        #expect(cookie.domain == "example.com")
        #expect(!cookie.isHostOnly)
        #expect(cookie.matches(try url("http://example.com/"), at: now))
        #expect(cookie.matches(try url("http://deep.api.example.com/x"), at: now))
        #expect(!cookie.matches(try url("http://badexample.com/"), at: now))
        #expect(!cookie.matches(try url("http://example.org/"), at: now))
    }

    @Test func hostOnlyCookiesGoBackToTheirHostOnly() throws {
        let cookie = try #require(Cookie(setCookie: "k=v", from: url("http://example.com/"), at: now))
        #expect(cookie.matches(try url("http://example.com/any"), at: now))
        #expect(!cookie.matches(try url("http://api.example.com/"), at: now))
        #expect(!cookie.matches(try url("http://127.0.0.1/"), at: now))
    }

    @Test(arguments: [
        ("http://api.example.com/", "other.com"), ("http://api.example.com/", "com"),
        ("http://example.com/", "api.example.com"), ("http://127.0.0.1/", "0.0.1"),
    ])
    func refusesDomainsTheHostDoesNotBelongTo(_ request: String, _ domain: String) throws {
        #expect(Cookie(setCookie: "k=v; Domain=\(domain)", from: try url(request), at: now) == nil)
    }

    @Test func aDomainEqualToTheHostIsAllowedEvenWithOneLabel() throws {
        let cookie = try #require(Cookie(setCookie: "k=v; Domain=localhost", from: url("http://localhost/"), at: now))
        #expect(cookie.domain == "localhost")
        #expect(cookie.isHostOnly)
    }

    // MARK: - Paths and schemes

    @Test(arguments: [
        ("/api", "/api", true), ("/api", "/api/users", true), ("/api", "/apiary", false), ("/api/", "/api/x", true),
        ("/api/", "/api", false), ("/", "/anything", true), ("/api", "/", false),
    ])
    func pathMatching(_ cookiePath: String, _ requestPath: String, _ expected: Bool) throws {
        let cookie = Cookie(name: "k", value: "v", domain: "a.com", path: cookiePath)
        #expect(cookie.matches(try url("http://a.com" + requestPath), at: now) == expected)
    }

    @Test func secureCookiesGoOnlyOverHTTPS() throws {
        let cookie = Cookie(name: "k", value: "v", domain: "a.com", isSecure: true)
        #expect(cookie.matches(try url("https://a.com/"), at: now))
        #expect(!cookie.matches(try url("http://a.com/"), at: now))
    }

    // MARK: - The jar

    @Test func sameNameDomainAndPathReplacesAndExpiredRemoves() throws {
        let jar = CookieJar()
        let site = try url("http://a.com/x/y")
        jar.storeCookies(from: ["Set-Cookie": "k=1; Path=/"], for: site, at: now)
        jar.storeCookies(from: ["Set-Cookie": "k=2; Path=/x"], for: site, at: now)
        jar.storeCookies(from: ["Set-Cookie": "k=3; Path=/"], for: site, at: now.addingTimeInterval(1))
        #expect(jar.cookies(at: now).map(\.value).sorted() == ["2", "3"])
        // The more specific path goes first.
        #expect(jar.cookieHeader(for: site, at: now) == "k=2; k=3")
        jar.storeCookies(from: ["Set-Cookie": "k=gone; Path=/; Max-Age=0"], for: site, at: now)
        #expect(jar.cookieHeader(for: site, at: now) == "k=2")
        #expect(jar.cookieHeader(for: try url("http://a.com/"), at: now) == nil)
    }

    @Test func expiredCookiesAreNotSent() throws {
        let jar = CookieJar()
        let site = try url("http://a.com/")
        jar.storeCookies(from: ["Set-Cookie": "short=1; Max-Age=5"], for: site, at: now)
        jar.storeCookies(from: ["Set-Cookie": "long=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT"], for: site, at: now)
        #expect(jar.cookieHeader(for: site, at: now.addingTimeInterval(4)) == "short=1; long=1")
        #expect(jar.cookieHeader(for: site, at: now.addingTimeInterval(6)) == "long=1")
    }

    @Test func equalPathsKeepTheOrderTheyWereSetIn() throws {
        let jar = CookieJar()
        let site = try url("http://a.com/")
        for (offset, name) in ["c", "a", "b"].enumerated() {
            jar.storeCookies(from: ["Set-Cookie": "\(name)=1"], for: site, at: now.addingTimeInterval(Double(offset)))
        }
        // Replacing keeps the first creation time, so `c` stays first.
        jar.storeCookies(from: ["Set-Cookie": "c=2"], for: site, at: now.addingTimeInterval(10))
        #expect(jar.cookieHeader(for: site, at: now) == "c=2; a=1; b=1")
    }
}
