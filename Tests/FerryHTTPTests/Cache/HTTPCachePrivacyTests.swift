import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// The cache is private: a response is served only to a request with the same credentials (any header but the
/// neutral ones, the jar's cookies, `auth`) and the same partition (the environment); what is on disk is
/// `0600` in a `0700` folder and holds no URL or credential in clear.
@Suite struct HTTPCachePrivacyTests {
    let server: TestHTTPServer
    let client: HTTPClient
    let folder: URL

    init() throws {
        server = try TestHTTPServer()
        folder = FileManager.default.temporaryDirectory.appending(path: "ferry-cache-\(UUID().uuidString)")
        client = HTTPClient(transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!))
        client.cache = HTTPCache(directory: folder.appending(path: "cache"))
        // The caller's credential, echoed: a response served to the wrong caller shows it.
        server.route("/me") { request in
            var response = TestResponse.text(
                [
                    request.header("X-Api-Key"), request.header("Cookie"), request.header("Authorization"),
                    request.header("X-Session"),
                ].map { $0 ?? "-" }.joined(separator: " "))
            response.headers.append((name: "Cache-Control", value: "public, max-age=600"))
            return response
        }
    }

    private func hits() -> Int { server.requests.filter { $0.path == "/me" }.count }

    private func send(
        _ headers: [(String, String)] = [], auth: HTTPAuth? = nil, partition: String? = nil, query: String = ""
    )
        async throws -> HTTPResponse
    {
        var request = HTTPRequest(path: "/me" + query)
        for (name, value) in headers { request.headers.add(name, value) }
        request.auth = auth
        request.cachePartition = partition
        return try await client.send(request)
    }

    @Test(arguments: ["X-Api-Key", "Cookie", "Authorization", "X-Session", "Proxy-Authorization"])
    func aCredentialHeaderKeepsResponsesApart(name: String) async throws {
        let first = try await send([(name, "key-a")])
        let other = try await send([(name, "key-b")])
        let again = try await send([(name, "key-a")])
        #expect(other.timing?.cacheStatus == .miss, "\(name): \(other.text)")
        #expect(again.timing?.cacheStatus == .hit)
        #expect(again.text == first.text)
        #expect(hits() == 2)
    }

    @Test func neutralHeadersShareTheEntry() async throws {
        _ = try await send([("Accept", "text/plain"), ("X-Api-Key", "k")])
        let again = try await send([("Accept", "*/*"), ("X-Api-Key", "k")])
        #expect(again.timing?.cacheStatus == .hit)
    }

    @Test func authAndPartitionKeepResponsesApart() async throws {
        _ = try await send(auth: .basic(user: "a", password: "1"))
        #expect(try await send(auth: .basic(user: "a", password: "2")).timing?.cacheStatus == .miss)
        _ = try await send(partition: "staging")
        #expect(try await send(partition: "production").timing?.cacheStatus == .miss)
        #expect(try await send(partition: "staging").timing?.cacheStatus == .hit)
    }

    @Test func theJarsCookiesKeepResponsesApart() async throws {
        let jar = CookieJar()
        let client = HTTPClient(
            transport: CurlTransport(), environment: Environment(baseURL: URL(string: server.baseURL)!), cookieJar: jar)
        client.cache = HTTPCache()
        let url = try #require(URL(string: server.baseURL + "/me"))
        jar.storeCookies(from: ["Set-Cookie": "session=one; Path=/"], for: url)
        let first = try await client.send(HTTPRequest(path: "/me"))
        jar.storeCookies(from: ["Set-Cookie": "session=two; Path=/"], for: url)
        let second = try await client.send(HTTPRequest(path: "/me"))
        let seen: String = second.text
        #expect(second.timing?.cacheStatus == .miss, "\(first.text) / \(seen)")
        #expect(seen.range(of: "session=two") != nil)
    }

    @Test func theFolderIsPrivateAndHoldsNoSecretInClear() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFolder = folder.appending(path: "cache")
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cacheFolder.path)
        // An entry of the format before hashed keys, with its URL in clear: removed at the first write.
        try Data("GET http://127.0.0.1/me?t=old-secret".utf8).write(to: cacheFolder.appending(path: "1234.entry"))
        server.route("/quiet") { _ in
            var response = TestResponse.text("nothing of the request")
            response.headers += [
                (name: "Cache-Control", value: "public, max-age=600"), (name: "Vary", value: "X-Api-Key"),
            ]
            return response
        }
        var request = HTTPRequest(path: "/quiet?t=S3cr3t-url")
        request.headers.add("X-Api-Key", "S3cr3t-key")
        _ = try await client.send(request)
        client.cache?.flush()
        let folderMode = try FileManager.default.attributesOfItem(atPath: cacheFolder.path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        #expect(files.count == 1, "\(files)")
        for file in files {
            let path = cacheFolder.appending(path: file).path
            #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("S3cr3t-url") && !text.contains("S3cr3t-key") && !text.contains("old-secret"))
            #expect(!text.contains("/quiet"))
        }
    }
}
