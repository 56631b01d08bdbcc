import FerryTestSupport
import Foundation
import Testing

/// `ferry send --cache` and `# @cache`: the workspace's `.ferry/cache` answers a fresh response across
/// processes without sending; without either, every send reaches the server.
@Suite struct SendCacheTests {
    @Test func aFreshResponseComesFromTheCacheInTheNextProcess() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var fresh = TestResponse.text("cached body")
        fresh.headers.append(("Cache-Control", "max-age=600"))
        server.route("/fresh", responding: fresh)
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/fresh\n"])
        let first = try await fixture.send(["a.http", "--env", "test", "--cache", "--timing"])
        let second = try await fixture.send(["a.http", "--env", "test", "--cache", "--timing"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.text == "cached body")
        #expect(first.standardError.contains("Cache     fetched"))
        #expect(second.standardError.contains("from cache"), "\(second.standardError)")
        #expect(server.requests.count == 1)
        let files = try FileManager.default.contentsOfDirectory(
            atPath: fixture.root.appendingPathComponent(".ferry/cache").path)
        #expect(files.count == 1)
        let uncached = try await fixture.send(["a.http", "--env", "test"])
        #expect(uncached.status == 0)
        #expect(server.requests.count == 2)
    }

    @Test func theCacheDirectiveTurnsItOnForOneRequest() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        var fresh = TestResponse.text("v")
        fresh.headers.append(("Cache-Control", "max-age=600"))
        server.route("/d", responding: fresh)
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "# @cache\nGET {{host}}/d\n", "b.http": "GET {{host}}/d?b\n"])
        for _ in 0..<2 {
            #expect(try await fixture.send(["a.http", "--env", "test"]).status == 0)
            #expect(try await fixture.send(["b.http", "--env", "test"]).status == 0)
        }
        #expect(server.requests.filter { $0.query == nil }.count == 1)
        #expect(server.requests.filter { $0.query == "b" }.count == 2)
    }
}
