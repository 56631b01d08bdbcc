import FerryHTTP
import Foundation
import Testing

@Suite struct HTTPRequestResolutionTests {
    let environment = Environment(
        name: "staging", baseURL: URL(string: "https://api.example.com/v1/")!,
        defaultHeaders: ["Accept": "application/json", "X-Env": "staging"], defaultAuth: .bearer(token: "t0k"))

    @Test func joinsRelativePathsToTheBaseURLWithOneSlash() throws {
        for path in ["users", "/users", "//users"] {
            let resolved = try HTTPRequest(path: path).resolved(in: environment)
            #expect(resolved.url?.absoluteString == "https://api.example.com/v1/users")
        }
    }

    @Test func appendsQueryParametersAfterAnExistingQueryAndDropsTheFragment() throws {
        let request = HTTPRequest(path: "search?x=1#top", query: ["q": "a b", "n": 2])
        let resolved = try request.resolved(in: environment)
        #expect(resolved.url?.absoluteString == "https://api.example.com/v1/search?x=1&q=a%20b&n=2")
        #expect(resolved.query.isEmpty)
        #expect(resolved.isResolved)
    }

    @Test func appliesEnvironmentDefaultsToRelativeRequests() throws {
        var request = HTTPRequest(.post, path: "items", headers: ["Accept": "text/csv"], body: .form(["a": "1"]))
        request.timeout = .seconds(3)
        let resolved = try request.resolved(in: environment)
        #expect(resolved.headers["Accept"] == "text/csv")
        #expect(resolved.headers["X-Env"] == "staging")
        #expect(resolved.headers["Authorization"] == "Bearer t0k")
        #expect(resolved.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(resolved.timeout == .seconds(3))
    }

    @Test func keepsDefaultsAndCredentialsAwayFromOtherHosts() throws {
        let other = try HTTPRequest(url: URL(string: "https://elsewhere.example.org/x")!).resolved(in: environment)
        #expect(other.headers.isEmpty)
        let inside = try HTTPRequest(url: URL(string: "https://API.example.com:443/v1/me")!).resolved(in: environment)
        #expect(inside.headers["Authorization"] == "Bearer t0k")
        let sibling = try HTTPRequest(url: URL(string: "https://api.example.com/v10/me")!).resolved(in: environment)
        #expect(sibling.headers["Authorization"] == nil)
    }

    @Test func requestCredentialsWinAndBasicIsEncoded() throws {
        var request = HTTPRequest(path: "me")
        request.auth = .basic(user: "ada", password: "l:ov")
        let resolved = try request.resolved(in: environment)
        #expect(resolved.headers.values(for: "Authorization") == ["Basic YWRhOmw6b3Y="])
    }

    @Test func switchingTheEnvironmentRetargetsRelativeRequests() throws {
        let request = HTTPRequest(path: "status")
        var production = environment
        production.baseURL = URL(string: "http://prod.example.com")!
        #expect(try request.resolved(in: environment).url?.host == "api.example.com")
        #expect(try request.resolved(in: production).url?.absoluteString == "http://prod.example.com/status")
    }

    @Test func rejectsUnusableTargetsWithAnInvalidURLError() {
        let cases: [(HTTPRequest, Environment?)] = [
            (HTTPRequest(path: "relative"), nil),
            (HTTPRequest(url: URL(string: "ftp://example.com/file")!), nil),
            (HTTPRequest(path: "http://"), nil),
            (HTTPRequest(path: "http://exa mple.com/"), nil),
        ]
        for (request, environment) in cases {
            #expect {
                try request.resolved(in: environment)
            } throws: { error in
                guard let error = error as? HTTPClientError, case .invalidURL = error.reason else { return false }
                return error.message.hasPrefix("Invalid URL: ") && error.request == request
            }
        }
    }

    @Test func absoluteStringTargetsIgnoreTheEnvironment() throws {
        let resolved = try HTTPRequest(path: "HTTP://other.example.com/a").resolved(in: environment)
        #expect(resolved.url?.host == "other.example.com")
        #expect(resolved.headers["Authorization"] == nil)
    }
}

/// Absolute URLs skip rebuilding when they need no work; that shortcut must give what the full path gives.
@Suite struct AbsoluteURLResolutionTests {
    @Test func absoluteURLsResolveAsTheirOwnTextMinusTheFragment() throws {
        let cases: [(given: String, sent: String)] = [
            ("http://127.0.0.1:8080/item?n=1", "http://127.0.0.1:8080/item?n=1"),
            ("HTTPS://Example.com/a%20b", "HTTPS://Example.com/a%20b"),
            ("https://user:pw@example.com/", "https://user:pw@example.com/"),
            ("http://example.com/page#section", "http://example.com/page"),
            ("http://[::1]:9/x", "http://[::1]:9/x"),
        ]
        for (given, sent) in cases {
            let url = try #require(URL(string: given))
            #expect(try HTTPRequest(url: url).resolved(in: nil).url?.absoluteString == sent, "\(given)")
        }
    }

    @Test func absoluteURLsWithoutAHostOrAnHTTPSchemeAreRefused() throws {
        for text in ["http:///path", "ftp://example.com/file", "file:///etc/hosts", "http://?q=1"] {
            let url = try #require(URL(string: text))
            #expect(throws: HTTPClientError.self, "\(text)") { try HTTPRequest(url: url).resolved(in: nil) }
        }
    }
}
