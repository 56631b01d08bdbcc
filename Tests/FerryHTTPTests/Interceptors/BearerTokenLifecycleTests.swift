import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Bearer tokens with an expiry, refreshed ahead of it, forced, set from outside, and refresh statuses
/// beyond `401`, against the loopback server (which accepts only the token issued last).
@Suite struct BearerTokenLifecycleTests {
    let server: TestHTTPServer
    let issuer = TokenIssuer()
    let environment: Environment

    init() throws {
        server = try TestHTTPServer()
        environment = Environment(baseURL: URL(string: server.baseURL)!)
        let issuer = issuer
        server.route("/me") { request in
            request.header("Authorization") == "Bearer token-\(issuer.issued)"
                ? .json(#"{"user":"ada"}"#) : .text("expired", status: 401)
        }
        server.route("/forbidden-when-stale") { request in
            request.header("Authorization") == "Bearer token-\(issuer.issued)"
                ? .text("ok") : .text("stale", status: 403)
        }
    }

    private func client(_ auth: BearerTokenAuth) -> HTTPClient {
        HTTPClient(transport: CurlTransport(), environment: environment, interceptors: [auth])
    }

    /// The `Authorization` values the server received.
    private var sentTokens: [String?] { server.requests.map { $0.header("Authorization") } }

    @Test func aTokenExpiringWithinTheMarginIsReplacedBeforeTheRequestGoesOut() async throws {
        _ = issuer.issue()
        let auth = BearerTokenAuth(
            token: BearerToken("token-1", expiresIn: .seconds(5)), refreshMargin: .seconds(30)
        ) { BearerToken(issuer.issue(), expiresIn: .seconds(3600)) }
        let response = try await client(auth).send(HTTPRequest(path: "/me"))
        #expect(response.status == 200)
        #expect(sentTokens == ["Bearer token-2"])
        #expect(auth.refreshCount == 1)
        #expect((auth.expiresAt?.timeIntervalSinceNow ?? 0) > 3000)
    }

    @Test func aTokenWellBeforeItsExpiryIsKept() async throws {
        _ = issuer.issue()
        let auth = BearerTokenAuth(
            token: BearerToken("token-1", expiresIn: .seconds(3600)), refreshMargin: .seconds(30)
        ) { BearerToken(issuer.issue()) }
        _ = try await client(auth).send(HTTPRequest(path: "/me"))
        _ = try await client(auth).send(HTTPRequest(path: "/me"))
        #expect(sentTokens == ["Bearer token-1", "Bearer token-1"])
        #expect(auth.refreshCount == 0)
    }

    @Test func aForcedRefreshReplacesAValidTokenAndConcurrentOnesShareIt() async throws {
        _ = issuer.issue()
        let auth = BearerTokenAuth(token: BearerToken("token-1"), refreshMargin: .zero) {
            try await Task.sleep(for: .milliseconds(50))
            return BearerToken(issuer.issue())
        }
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { try await auth.refresh() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(tokens) == ["token-2"])
        #expect(auth.refreshCount == 1)
        let response = try await client(auth).send(HTTPRequest(path: "/me"))
        #expect(response.status == 200)
        #expect(sentTokens == ["Bearer token-2"])
    }

    @Test func aTokenSetFromOutsideIsUsedWithoutARefresh() async throws {
        let auth = BearerTokenAuth { issuer.issue() }
        _ = issuer.issue()
        _ = issuer.issue()
        auth.setToken(BearerToken("token-2", expiresIn: .seconds(600)))
        let response = try await client(auth).send(HTTPRequest(path: "/me"))
        #expect(response.status == 200)
        #expect(auth.refreshCount == 0)
        #expect(sentTokens == ["Bearer token-2"])
    }

    @Test func a403RefreshesOnlyWhenItIsOneOfTheRefreshStatuses() async throws {
        _ = issuer.issue()
        let strict = BearerTokenAuth(token: "token-0") { issuer.issue() }
        let stale = try await client(strict).send(HTTPRequest(path: "/forbidden-when-stale"))
        #expect(stale.status == 403)
        #expect(strict.refreshCount == 0)
        let lenient = BearerTokenAuth(token: "token-0", refreshStatuses: [401, 403]) { issuer.issue() }
        let refreshed = try await client(lenient).send(HTTPRequest(path: "/forbidden-when-stale"))
        #expect(refreshed.status == 200)
        #expect(lenient.refreshCount == 1)
        #expect(sentTokens == ["Bearer token-0", "Bearer token-0", "Bearer token-2"])
    }
}
