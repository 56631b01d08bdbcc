import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The cache, the bearer lifecycle and a mocked request against httpbin (started by `make test`); each test
/// returns early when `FERRY_HTTPBIN_URL` is unset outside `make test`.
@Suite struct HTTPCacheHttpbinTests {
    let client: HTTPClient?

    init() throws {
        client = try TestServers.httpbinURL().map { url in
            let client = HTTPClient(environment: Environment(baseURL: URL(string: url)!))
            client.cache = HTTPCache()
            return client
        }
    }

    @Test func cacheSecondsIsServedFromTheCache() async throws {
        guard let client else { return }
        let first = try await client.send(HTTPRequest(path: "/cache/3600"))
        let second = try await client.send(HTTPRequest(path: "/cache/3600"))
        #expect(first.timing?.cacheStatus == .miss)
        #expect(second.timing?.cacheStatus == .hit)
        #expect(second.body == first.body)
    }

    @Test func jsonWithOnlyValidatorsIsNotStored() async throws {
        guard let client else { return }
        // `/cache` and `/etag/{etag}` send JSON with `Last-Modified` / `ETag` but no Cache-Control or Expires.
        for path in ["/cache", "/etag/abc"] {
            _ = try await client.send(HTTPRequest(path: path))
            let second = try await client.send(HTTPRequest(path: path))
            #expect(second.timing?.cacheStatus == .miss, "\(path)")
            #expect(second.status == 200)
        }
    }

    @Test func aRequestsOwnConditionGetsTheServers304() async throws {
        guard let client else { return }
        // The cache makes requests conditional itself; one that already is gets httpbin's answer unchanged.
        var conditional = HTTPRequest(path: "/etag/v7")
        conditional.headers["If-None-Match"] = "\"v7\""
        let notModified = try await client.send(conditional)
        #expect(notModified.status == 304)
        #expect(notModified.timing?.cacheStatus == .miss)
    }

    @Test func responseHeadersDecideWhatIsStored() async throws {
        guard let client else { return }
        var stored = HTTPRequest(path: "/response-headers")
        stored.query = ["Cache-Control": "max-age=3600", "X-Marker": "kept"]
        _ = try await client.send(stored)
        let hit = try await client.send(stored)
        #expect(hit.timing?.cacheStatus == .hit)
        #expect(hit.headers["X-Marker"] == "kept")
        var noStore = HTTPRequest(path: "/response-headers")
        noStore.query = ["Cache-Control": "no-store, max-age=3600"]
        _ = try await client.send(noStore)
        #expect(try await client.send(noStore).timing?.cacheStatus == .miss)
    }

    @Test func bearerRefreshesAfterA401FromBearerEndpoint() async throws {
        guard let client else { return }
        // httpbin's `/bearer` accepts any token and answers 401 without one; `/status/401` always does.
        let auth = BearerTokenAuth(refreshMargin: .seconds(30)) { BearerToken("fresh", expiresIn: .seconds(300)) }
        client.interceptors = [auth]
        let response = try await client.send(HTTPRequest(path: "/bearer"))
        #expect(response.status == 200)
        #expect(response.text.contains("fresh"))
        let rejected = try await client.send(HTTPRequest(path: "/status/401"))
        #expect(rejected.status == 401)
        #expect(auth.refreshCount == 2)  // the first token, then one refresh for the 401, never more
        var anonymous = HTTPRequest(path: "/bearer")
        anonymous.interceptors.excluded = [.auth]
        #expect(try await client.send(anonymous).status == 401)
    }

    @Test func aMockedPathNeverReachesHttpbin() async throws {
        guard let client, let base = try TestServers.httpbinURL() else { return }
        client.mock(.get, "\(base)/status/500", with: .text("mocked fine"))
        let mocked = try await client.send(HTTPRequest(path: "/status/500"))
        let real = try await client.send(HTTPRequest(path: "/status/418"))
        #expect(mocked.status == 200)
        #expect(mocked.text == "mocked fine")
        #expect(real.status == 418)
    }
}
