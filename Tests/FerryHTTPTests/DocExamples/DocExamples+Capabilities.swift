import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

// The code of the articles "Batches and priority" and "Pausing and resuming downloads", compiled and run
// against the loopback server (`DocCatalogTests` finds each block here).

@Suite struct CapabilityDocExamples {
    let server: TestHTTPServer
    let baseURL: URL
    let folder: TemporaryFolder

    init() throws {
        server = try TestHTTPServer()
        baseURL = try #require(URL(string: server.baseURL))
        folder = try TemporaryFolder(prefix: "ferry-doc-examples")
        server.route("/users/1", responding: .json(#"{"id": 1, "name": "Ada"}"#))
        server.route("/users/2", responding: .json(#"{"id": 2, "name": "Bo"}"#))
        server.route("/users", responding: .json(#"{"users": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bo"}]}"#))
        server.route("/big", HTTPDownloadTests.rangeHandler(tag: "\"big\"", body: Data(count: 300_000)))
    }

    // MARK: - Batches and priority

    @Test func batches() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let batch = client.batch(limit: 2)
        let user = batch.add(HTTPRequest(path: "/users/1"), parsing: .decodable(User.self))
        let everyone = batch.add(HTTPRequest(path: "/users"), parsing: .json)
        let page = batch.add(HTTPRequest(path: "/big"))
        batch.start()
        for await index in batch.completions { print("request \(index) finished") }
        print(try await user.value().value?.name ?? "", try await everyone.value().response.status)
        print(try await page.value().body.count)
        #expect(try await user.value().value == User(id: 1, name: "Ada"))
        #expect(try await page.value().body.count == 300_000)

        let requests = [HTTPRequest(path: "/users/1"), HTTPRequest(path: "/users/2")]
        let results = await client.send(requests, parsing: .decodable(User.self), limit: 4)
        for case .success(let parsed) in results { print(parsed.value?.name ?? "") }
        #expect(results.map { (try? $0.get())?.value?.name } == ["Ada", "Bo"])
    }

    @Test func priority() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        var thumbnail = HTTPRequest(path: "/users/1")
        thumbnail.priority = .high
        var prefetch = HTTPRequest(path: "/users")
        prefetch.priority = .low
        let ordered = client.batch(limit: 1)
        ordered.add(prefetch)
        ordered.add(thumbnail)
        ordered.start()  // the thumbnail goes first
        for await _ in ordered.completions {}
        #expect(server.requests.map(\.path) == ["/users/1", "/users"])
    }

    // MARK: - Pausing and resuming downloads

    @Test func pausingAndResuming() async throws {
        let client = HTTPClient(environment: Environment(baseURL: baseURL))
        let file = folder.url.appendingPathComponent("big.bin")
        let download = client.download(HTTPRequest(path: "/big"), to: file)
        download.start()
        await download.pause()
        print(download.bytesWritten, "bytes so far")
        download.start()
        let completed = try await download.result.get()
        print(completed.byteCount, completed.start)
        #expect(completed.byteCount == 300_000)

        try Data(count: 1000).write(to: file)
        try JSONEncoder().encode(
            DownloadResumeRecord(
                url: server.baseURL + "/big", entityTag: "\"big\"", lastModified: nil, bytes: 1000, totalBytes: nil)
        ).write(to: DownloadResumeRecord.location(beside: file))
        let again = HTTPClient(environment: Environment(baseURL: baseURL)).download(HTTPRequest(path: "/big"), to: file)
        again.start()
        switch try await again.result.get().start {
        case .fresh: print("from the first byte")
        case .resumed(let offset): print("resumed at \(offset)")
        case .restarted(let reason): print("started over: \(reason)")
        case .alreadyComplete: print("the file was whole: nothing fetched")
        }
        #expect(server.requests.last?.header("Range") == "bytes=1000-")
        #expect(try Data(contentsOf: file) == Data(count: 300_000))
    }
}
