import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Refreshable bearer auth against the loopback server, which accepts only the token it issued last.
@Suite struct BearerTokenAuthTests {
    let server: TestHTTPServer
    let issuer = TokenIssuer()
    let environment: Environment

    init() throws {
        server = try TestHTTPServer()
        environment = Environment(baseURL: URL(string: server.baseURL)!)
        let issuer = issuer
        server.route("/me") { request in
            let sent = request.headers.first { $0.name.lowercased() == "authorization" }?.value
            return sent == "Bearer \(issuer.valid)" ? .json(#"{"user":"ada"}"#) : .text("expired", status: 401)
        }
    }

    private func client(_ auth: BearerTokenAuth) -> HTTPClient {
        HTTPClient(transport: CurlTransport(), environment: environment, interceptors: [auth])
    }

    @Test func withoutATokenTheFirstRequestFetchesOne() async throws {
        let auth = BearerTokenAuth { issuer.issue() }
        let response = try await client(auth).send(HTTPRequest(path: "/me"))
        #expect(response.status == 200)
        #expect(auth.token == "token-1")
        #expect(auth.refreshCount == 1)
    }

    @Test func anExpiredTokenIsRefreshedAndTheRequestSentAgain() async throws {
        _ = issuer.issue()
        let auth = BearerTokenAuth(token: "token-0") { issuer.issue() }
        let response = try await client(auth).send(HTTPRequest(path: "/me"))
        #expect(response.status == 200)
        #expect(auth.token == "token-2")
        #expect(
            server.requests.compactMap { $0.headers.first { $0.name == "Authorization" }?.value } == [
                "Bearer token-0", "Bearer token-2",
            ])
    }

    @Test func requestsThatFailTogetherShareOneRefresh() async throws {
        let auth = BearerTokenAuth(token: "stale") {
            try await Task.sleep(for: .milliseconds(50))
            return issuer.issue()
        }
        let client = client(auth)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await client.send(HTTPRequest(path: "/me")).status } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 8))
        #expect(auth.refreshCount == 1)
        #expect(issuer.issued == 1)
    }

    @Test func aSecond401GoesToTheCallerAfterOneRefresh() async throws {
        server.route("/forbidden-forever", responding: .text("never", status: 401))
        let auth = BearerTokenAuth(token: "t") { issuer.issue() }
        let response = try await client(auth).send(HTTPRequest(path: "/forbidden-forever"))
        #expect(response.status == 401)
        #expect(auth.refreshCount == 1)
        #expect(server.requests.count == 2)
    }

    @Test func aFailingRefreshFailsTheRequestWithTheReason() async throws {
        struct LoginDown: Error, CustomStringConvertible { var description: String { "login service down" } }
        let auth = BearerTokenAuth { throw LoginDown() }
        let error = await #expect(throws: HTTPClientError.self) {
            try await client(auth).send(HTTPRequest(path: "/me"))
        }
        #expect(error?.message == "Stopped by the client: fetching a bearer token failed: login service down.")
        #expect(server.requests.isEmpty)
    }

    @Test func aRequestWithItsOwnAuthorizationIsLeftAlone() async throws {
        let valid = issuer.issue()
        let auth = BearerTokenAuth(token: "other") { issuer.issue() }
        var request = HTTPRequest(path: "/me")
        request.headers["Authorization"] = "Bearer \(valid)"
        #expect(try await client(auth).send(request).status == 200)
        #expect(auth.refreshCount == 0)
    }
}

/// Hands out `token-1`, `token-2`, …; only the newest is valid.
final class TokenIssuer: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func issue() -> String {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return "token-\(count)"
    }

    var issued: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    var valid: String {
        lock.lock()
        defer { lock.unlock() }
        return "token-\(count)"
    }
}
