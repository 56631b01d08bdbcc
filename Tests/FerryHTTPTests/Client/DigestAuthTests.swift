import FerryHTTP
import FerryTestSupport
import FerryURLSession
import Foundation
import Testing

/// ``HTTPAuth/digest(user:password:)``: answered by libcurl against httpbin; refused by URLSessionTransport.
@Suite struct DigestAuthTests {
    @Test func resolvingKeepsDigestCredentialsOutOfTheHeaders() throws {
        var request = HTTPRequest(url: try #require(URL(string: "http://a.com/x")))
        request.auth = .digest(user: "u", password: "p")
        let resolved = try request.resolved(in: nil)
        #expect(resolved.headers["Authorization"] == nil)
        #expect(resolved.auth == .digest(user: "u", password: "p"))
        #expect(resolved.isResolved)
        #expect(HTTPAuth.digest(user: "u", password: "p").headerValue == nil)
        #expect(HTTPAuth.basic(user: "u", password: "p").headerValue == "Basic dTpw")
    }

    @Test func httpbinAcceptsTheRightPasswordOnly() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: try #require(URL(string: base))))
        var request = HTTPRequest(path: "/digest-auth/auth/user/passwd")
        request.auth = .digest(user: "user", password: "passwd")
        let good = try await client.send(request)
        #expect(good.status == 200)
        #expect(good.text.contains(#""authenticated": true"#))
        request.auth = .digest(user: "user", password: "wrong")
        let bad = try await client.send(request)
        #expect(bad.status == 401)
        #expect(bad.headers["WWW-Authenticate"]?.hasPrefix("Digest ") == true)
        // Without credentials libcurl does not answer the challenge either.
        request.auth = nil
        #expect(try await client.send(request).status == 401)
    }

    @Test func curlAnswersTheLoopbackChallenge() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/secret") { request in
            guard let authorization = request.header("Authorization") else {
                return TestResponse(
                    status: 401,
                    headers: [("WWW-Authenticate", #"Digest realm="r", nonce="n1", qop="auth", algorithm=MD5"#)])
            }
            return .text(authorization)
        }
        var request = HTTPRequest(url: try #require(URL(string: server.baseURL + "/secret")))
        request.auth = .digest(user: "ada", password: "pw")
        let response = try await HTTPClient(transport: CurlTransport()).send(request)
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("Digest username=\"ada\""))
        #expect(response.text.contains(#"realm="r""#) && response.text.contains(#"nonce="n1""#))
        #expect(!response.text.contains("pw\""))
        #expect(server.requests.count == 2)
    }

    @Test func urlSessionTransportFailsWithAClearMessage() async throws {
        var request = HTTPRequest(url: try #require(URL(string: "http://127.0.0.1:9/x")))
        request.auth = .digest(user: "u", password: "p")
        do {
            _ = try await HTTPClient(transport: URLSessionTransport()).send(request)
            Issue.record("expected a failure")
        } catch {
            #expect(error.message.contains("does not support Digest"))
        }
    }
}
