import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The private HTTP cache against the loopback server, which counts what reaches it: freshness,
/// revalidation, `Vary`, what is never stored, invalidation, the disk store and streamed sends.
@Suite struct HTTPCacheLoopbackTests {
    let server: TestHTTPServer
    let client: HTTPClient
    let cache = HTTPCache()

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
        client.cache = cache
    }

    /// A text response with `headers`.
    private static func text(_ body: String, _ headers: [(name: String, value: String)]) -> TestResponse {
        var response = TestResponse.text(body)
        response.headers += headers
        return response
    }

    /// How many requests to `path` reached the server.
    private func hits(_ path: String) -> Int { server.requests.filter { $0.path == path }.count }

    @Test func aFreshResponseIsServedFromTheCacheWithoutTheNetwork() async throws {
        server.route("/fresh", responding: Self.text("one", [("Cache-Control", "max-age=60")]))
        let first = try await client.send(HTTPRequest(path: "/fresh"))
        let second = try await client.send(HTTPRequest(path: "/fresh"))
        #expect(first.timing?.cacheStatus == .miss)
        #expect(second.timing?.cacheStatus == .hit)
        #expect(second.status == 200)
        #expect(second.text == "one")
        #expect(second.headers["Age"] != nil)
        #expect(hits("/fresh") == 1)
    }

    @Test func noStoreAndAnUnsafeMethodKeepNothing() async throws {
        server.route("/private-data", responding: Self.text("secret", [("Cache-Control", "no-store, max-age=60")]))
        _ = try await client.send(HTTPRequest(path: "/private-data"))
        _ = try await client.send(HTTPRequest(path: "/private-data"))
        #expect(hits("/private-data") == 2)
        var post = HTTPRequest(.post, path: "/posted")
        post.body = .text("x")
        server.route("/posted", responding: Self.text("ok", [("Cache-Control", "max-age=60")]))
        _ = try await client.send(post)
        _ = try await client.send(post)
        #expect(hits("/posted") == 2)
    }

    @Test func aRequestsNoStoreOrNoCacheGoesToTheServer() async throws {
        server.route("/asked", responding: Self.text("v", [("Cache-Control", "max-age=60")]))
        _ = try await client.send(HTTPRequest(path: "/asked"))
        var noCache = HTTPRequest(path: "/asked")
        noCache.headers["Cache-Control"] = "no-cache"
        let revalidated = try await client.send(noCache)
        #expect(revalidated.timing?.cacheStatus == .miss)
        #expect(hits("/asked") == 2)
    }

    @Test func aStaleResponseIsRevalidatedWithItsETagAnd304UpdatesTheStoredHeaders() async throws {
        let version = Counter()
        server.route("/etagged") { request in
            if request.header("If-None-Match") == "\"v1\"" {
                let checked = version.next() + 1
                return TestResponse(status: 304, headers: [("ETag", "\"v1\""), ("X-Checked", "\(checked)")])
            }
            return Self.text("body-v1", [("ETag", "\"v1\""), ("Cache-Control", "no-cache"), ("X-Checked", "0")])
        }
        let first = try await client.send(HTTPRequest(path: "/etagged"))
        let second = try await client.send(HTTPRequest(path: "/etagged"))
        let third = try await client.send(HTTPRequest(path: "/etagged"))
        #expect(first.headers["X-Checked"] == "0")
        #expect(second.status == 200)
        #expect(second.text == "body-v1")
        #expect(second.timing?.cacheStatus == .revalidated)
        #expect(second.headers["X-Checked"] == "1")
        #expect(third.headers["X-Checked"] == "2")
        let conditions = server.requests.filter { $0.path == "/etagged" }.map { $0.header("If-None-Match") }
        #expect(conditions == [nil, "\"v1\"", "\"v1\""])
    }

    @Test func lastModifiedRevalidatesWithIfModifiedSince() async throws {
        let stamp = "Tue, 01 Dec 2026 10:00:00 GMT"
        server.route("/dated") { request in
            if request.header("If-Modified-Since") == stamp { return TestResponse(status: 304) }
            return Self.text("dated", [("Last-Modified", stamp), ("Cache-Control", "max-age=0")])
        }
        _ = try await client.send(HTTPRequest(path: "/dated"))
        let second = try await client.send(HTTPRequest(path: "/dated"))
        #expect(second.text == "dated")
        #expect(second.timing?.cacheStatus == .revalidated)
    }

    @Test func varySelectsTheVariantByTheRequestsHeaders() async throws {
        server.route("/varied") { request in
            Self.text(
                "as \(request.header("Accept-Language") ?? "none")",
                [("Cache-Control", "max-age=60"), ("Vary", "Accept-Language")])
        }
        func send(_ language: String) async throws -> HTTPResponse {
            var request = HTTPRequest(path: "/varied")
            request.headers["Accept-Language"] = language
            return try await client.send(request)
        }
        _ = try await send("en")
        _ = try await send("fr")
        let english = try await send("en")
        let french = try await send("fr")
        #expect(english.text == "as en")
        #expect(english.timing?.cacheStatus == .hit)
        #expect(french.text == "as fr")
        #expect(french.timing?.cacheStatus == .hit)
        #expect(hits("/varied") == 2)
    }

    @Test func jsonWithoutExplicitCacheHeadersIsNotStoredButWithThemItIs() async throws {
        server.route("/plain-json", responding: .json(#"{"a":1}"#))
        var withHeaders = TestResponse.json(#"{"b":2}"#)
        withHeaders.headers.append(("Cache-Control", "max-age=60"))
        server.route("/cached-json", responding: withHeaders)
        for _ in 0..<2 {
            _ = try await client.send(HTTPRequest(path: "/plain-json"))
            _ = try await client.send(HTTPRequest(path: "/cached-json"))
        }
        #expect(hits("/plain-json") == 2)
        #expect(hits("/cached-json") == 1)
    }

    @Test func aHeuristicLifetimeComesFromLastModifiedOnly() async throws {
        // Modified long ago, no explicit lifetime: a tenth of its age (capped at a day) keeps it fresh.
        server.route("/old-page", responding: Self.text("old", [("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT")]))
        server.route("/no-validators", responding: .text("bare"))
        for _ in 0..<2 {
            _ = try await client.send(HTTPRequest(path: "/old-page"))
            _ = try await client.send(HTTPRequest(path: "/no-validators"))
        }
        #expect(hits("/old-page") == 1)
        #expect(hits("/no-validators") == 2)
    }

    @Test func expiresInThePastAndAnAgeBeyondMaxAgeAreStale() async throws {
        server.route("/expired", responding: Self.text("e", [("Expires", "Thu, 01 Jan 2015 00:00:00 GMT")]))
        server.route("/aged", responding: Self.text("a", [("Cache-Control", "max-age=60"), ("Age", "120")]))
        server.route("/future", responding: Self.text("f", [("Expires", "Fri, 01 Jan 2100 00:00:00 GMT")]))
        for _ in 0..<2 {
            for path in ["/expired", "/aged", "/future"] { _ = try await client.send(HTTPRequest(path: path)) }
        }
        #expect(hits("/expired") == 2)
        #expect(hits("/aged") == 2)
        #expect(hits("/future") == 1)
    }

    @Test func aResponseToAnAuthorizedRequestIsStoredOnlyWhenItAllows() async throws {
        server.route("/mine", responding: Self.text("mine", [("Cache-Control", "max-age=60")]))
        server.route("/shared", responding: Self.text("shared", [("Cache-Control", "public, max-age=60")]))
        for _ in 0..<2 {
            for path in ["/mine", "/shared"] {
                var request = HTTPRequest(path: path)
                request.headers["Authorization"] = "Bearer t"
                _ = try await client.send(request)
            }
        }
        #expect(hits("/mine") == 2)
        #expect(hits("/shared") == 1)
    }

    @Test func aSuccessfulUnsafeRequestInvalidatesTheURL() async throws {
        server.route("/item", responding: Self.text("item", [("Cache-Control", "max-age=60")]))
        _ = try await client.send(HTTPRequest(path: "/item"))
        _ = try await client.send(HTTPRequest(path: "/item"))
        #expect(hits("/item") == 1)
        _ = try await client.send(HTTPRequest(.delete, path: "/item"))
        let after = try await client.send(HTTPRequest(path: "/item"))
        #expect(after.timing?.cacheStatus == .miss)
        #expect(hits("/item") == 3)
    }

    @Test func theDiskStoreOutlivesTheCacheThatWroteIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ferry-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        server.route("/kept", responding: Self.text("on disk", [("Cache-Control", "max-age=600")]))
        let writer = HTTPCache(directory: folder)
        client.cache = writer
        _ = try await client.send(HTTPRequest(path: "/kept"))
        writer.flush()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1)
        let reader = HTTPClient(transport: CurlTransport(), environment: client.environment)
        reader.cache = HTTPCache(directory: folder)
        let again = try await reader.send(HTTPRequest(path: "/kept"))
        #expect(again.timing?.cacheStatus == .hit)
        #expect(again.text == "on disk")
        #expect(hits("/kept") == 1)
    }

    @Test func theDiskStoreStaysWithinItsCapacityDroppingTheLeastRecentlyUsed() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ferry-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = String(repeating: "x", count: 3000)
        server.route("/big/a", responding: Self.text(body, [("Cache-Control", "max-age=600")]))
        server.route("/big/b", responding: Self.text(body, [("Cache-Control", "max-age=600")]))
        server.route("/big/c", responding: Self.text(body, [("Cache-Control", "max-age=600")]))
        let cache = HTTPCache(memoryCapacity: 0, directory: folder, diskCapacity: 8000)
        client.cache = cache
        for path in ["/big/a", "/big/b", "/big/c"] {
            _ = try await client.send(HTTPRequest(path: path))
            cache.flush()
            try await Task.sleep(for: .milliseconds(20))  // distinct modification dates for the LRU order
        }
        let sizes = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])
            .map { try $0.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0 }
        #expect(sizes.count == 2)
        #expect(sizes.reduce(0, +) <= 8000)
        _ = try await client.send(HTTPRequest(path: "/big/c"))
        _ = try await client.send(HTTPRequest(path: "/big/a"))
        #expect(hits("/big/c") == 1)
        #expect(hits("/big/a") == 2)
    }

    @Test func aStreamedTransferIsStoredAndLaterAnsweredFromTheCache() async throws {
        let body = String(repeating: "streamed ", count: 2000)
        server.route("/streamed", responding: Self.text(body, [("Cache-Control", "max-age=60")]))
        func received() async -> (Data, TransferEnd?) {
            var data = Data()
            var end: TransferEnd?
            for await event in client.transfer(HTTPRequest(path: "/streamed")).events {
                if case .bodyChunk(let chunk) = event { data.append(chunk) }
                if case .ended(let ended) = event { end = ended }
            }
            return (data, end)
        }
        let (first, firstEnd) = await received()
        let (second, secondEnd) = await received()
        #expect(firstEnd?.response?.timing?.cacheStatus == .miss)
        #expect(secondEnd?.response?.timing?.cacheStatus == .hit)
        #expect(first == Data(body.utf8))
        #expect(second == first)
        #expect(hits("/streamed") == 1)
    }

    @Test func withoutACacheNothingIsKept() async throws {
        server.route("/uncached", responding: Self.text("u", [("Cache-Control", "max-age=60")]))
        client.cache = nil
        _ = try await client.send(HTTPRequest(path: "/uncached"))
        let second = try await client.send(HTTPRequest(path: "/uncached"))
        #expect(second.timing?.cacheStatus == nil)
        #expect(hits("/uncached") == 2)
        #expect(cache.memoryEntryCount == 0)
    }
}
