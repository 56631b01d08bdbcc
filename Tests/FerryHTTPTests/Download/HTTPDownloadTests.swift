import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Pause and resume of downloads to a file against the loopback server: the `Range`/`If-Range` request, the
/// resume record, a cut connection resumed by a new download (as another process would), and clean
/// restarts when the server ignores the range or its validator changed.
@Suite struct HTTPDownloadTests {
    let server: TestHTTPServer
    let client: HTTPClient
    let folder: TemporaryFolder

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        folder = try TemporaryFolder(prefix: "ferry-download")
    }

    /// 300 000 bytes of a pattern that shows a misplaced byte.
    static let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 256) })

    @Test func pausedDownloadResumesWithARangeAndEndsWholeWithoutItsRecord() async throws {
        // The first answer holds its last 200 000 bytes until the download was paused: the pause comes in
        // the middle of the body by construction (the resumed range request is not held).
        let gate = TestGate()
        defer { gate.open() }
        server.route(
            "/file",
            Self.rangeHandler(
                tag: "\"v1\"",
                firstAnswer: {
                    $0.dripping(10_000, every: .milliseconds(10)).held(until: gate, afterBodyBytes: 100_000)
                }
            ))
        let file = folder.url.appendingPathComponent("file.bin")
        // The work before the end runs once, when the download finished: not at the pause.
        let ends = Locked<[Int]>([])
        let download = client.download(HTTPRequest(path: "/file"), to: file) { result in
            ends.withLock { $0.append((try? result.get().byteCount) ?? -1) }
        }
        download.start()
        #expect(await waitUntil { download.bytesWritten >= 20_000 })
        await download.pause()
        gate.open()
        #expect(download.phase == .paused)
        #expect(ends.withLock { $0 }.isEmpty)
        let partial = try Data(contentsOf: file)
        #expect(partial.count >= 20_000 && partial.count <= 100_000)
        #expect(partial == Self.body.prefix(partial.count))
        let record = try JSONDecoder().decode(
            DownloadResumeRecord.self, from: Data(contentsOf: download.resumeRecordFile))
        #expect(record.bytes == partial.count)
        #expect(record.entityTag == "\"v1\"")
        #expect(record.url == server.baseURL + "/file")
        #expect(record.totalBytes == Self.body.count)

        download.start()
        let completed = try await download.result.get()
        #expect(ends.withLock { $0 } == [Self.body.count])
        #expect(completed.start == .resumed(from: partial.count))
        #expect(completed.response.status == 206)
        #expect(completed.byteCount == Self.body.count)
        #expect(try Data(contentsOf: file) == Self.body)
        #expect(!FileManager.default.fileExists(atPath: download.resumeRecordFile.path))
        let resumed = try #require(server.requests.last)
        #expect(resumed.header("Range") == "bytes=\(partial.count)-")
        #expect(resumed.header("If-Range") == "\"v1\"")
    }

    @Test func aCutConnectionIsResumedByANewDownloadOfTheSameFile() async throws {
        server.route(
            "/file", Self.rangeHandler(tag: "\"v1\"", firstAnswer: { $0.aborted(.closeAfter(bodyBytes: 120_000)) }))
        let file = folder.url.appendingPathComponent("cut.bin")
        let first = client.download(HTTPRequest(path: "/file"), to: file)
        first.start()
        guard case .failure = await first.result else { return #expect(Bool(false), "the cut download succeeded") }
        let partial = try Data(contentsOf: file)
        #expect(partial == Self.body.prefix(partial.count))
        #expect(FileManager.default.fileExists(atPath: first.resumeRecordFile.path))

        // Nothing but the files is shared: a new client and download, as in another process.
        let other = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        let second = other.download(HTTPRequest(path: "/file"), to: file)
        second.start()
        let completed = try await second.result.get()
        #expect(completed.start == (partial.isEmpty ? .fresh : .resumed(from: partial.count)))
        #expect(try Data(contentsOf: file) == Self.body)
        #expect(!FileManager.default.fileExists(atPath: second.resumeRecordFile.path))
    }

    @Test func aServerIgnoringTheRangeRestartsTheDownloadCleanly() async throws {
        let file = try partialFile(named: "ignored.bin", tag: "\"v1\"")
        server.route("/file") { _ in TestResponse(headers: [("ETag", "\"v1\"")], body: Self.body) }
        let download = client.download(HTTPRequest(path: "/file"), to: file)
        download.start()
        let completed = try await download.result.get()
        #expect(completed.start == .restarted(.rangeIgnored))
        #expect(try Data(contentsOf: file) == Self.body)
    }

    @Test func aChangedValidatorRestartsTheDownloadWithTheNewBody() async throws {
        let file = try partialFile(named: "changed.bin", tag: "\"v1\"")
        // The server changed the body and ignores If-Range: it answers the range of the new version.
        let newBody = Data(Self.body.reversed())
        server.route("/file", Self.rangeHandler(tag: "\"v2\"", body: newBody, honoursIfRange: false))
        let download = client.download(HTTPRequest(path: "/file"), to: file)
        download.start()
        let completed = try await download.result.get()
        #expect(completed.start == .restarted(.validatorChanged))
        #expect(try Data(contentsOf: file) == newBody)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.header("Range") == nil)
    }

    @Test func anUnreadableRecordIsNamedAndTheDownloadStartsOver() async throws {
        let file = folder.url.appendingPathComponent("broken.bin")
        try Data(count: 1000).write(to: file)
        let record = DownloadResumeRecord.location(beside: file)
        try Data("{not json".utf8).write(to: record)
        server.route("/file", Self.rangeHandler(tag: "\"v1\""))
        let download = client.download(HTTPRequest(path: "/file"), to: file)
        download.start()
        let completed = try await download.result.get()
        guard case .restarted(.unreadableRecord(let message)) = completed.start else {
            return #expect(Bool(false), "started as \(completed.start)")
        }
        #expect(message.contains(record.path + ":1:"))
        #expect(try Data(contentsOf: file) == Self.body)
    }

    @Test func cancelDeletesThePartialFileAndItsRecord() async throws {
        server.route(
            "/file", Self.rangeHandler(tag: "\"v1\"", firstAnswer: { $0.dripping(1000, every: .milliseconds(100)) }))
        let file = folder.url.appendingPathComponent("canceled.bin")
        let download = client.download(HTTPRequest(path: "/file"), to: file)
        download.start()
        #expect(await waitUntil { download.bytesWritten > 0 })
        await download.cancel()
        #expect(await failureReason { _ = try await download.result.get() } == .canceled)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: download.resumeRecordFile.path))
    }

    // MARK: - Helpers

    /// A partial file of the body's first 50 000 bytes, with a record naming `tag`, as a paused download leaves.
    func partialFile(named name: String, tag: String) throws -> URL {
        let file = folder.url.appendingPathComponent(name)
        try Self.body.prefix(50_000).write(to: file)
        let record = DownloadResumeRecord(
            url: server.baseURL + "/file", entityTag: tag, lastModified: nil, bytes: 50_000, totalBytes: Self.body.count
        )
        try JSONEncoder().encode(record).write(to: DownloadResumeRecord.location(beside: file))
        return file
    }

    /// Serves `body` with ETag `tag`, honouring `Range: bytes=N-` (and `If-Range`, unless told not to); a
    /// request without a range gets `firstAnswer` applied to the whole response.
    static func rangeHandler(
        tag: String, body: Data = HTTPDownloadTests.body, honoursIfRange: Bool = true,
        firstAnswer: @escaping @Sendable (TestResponse) -> TestResponse = { $0 }
    ) -> TestHTTPServer.Handler {
        { request in
            let headers = [("ETag", tag), ("Accept-Ranges", "bytes"), ("Content-Type", "application/octet-stream")]
            guard let range = request.header("Range"), range.hasPrefix("bytes="), range.hasSuffix("-"),
                let offset = Int(range.dropFirst(6).dropLast()), offset < body.count,
                !honoursIfRange || request.header("If-Range") == tag
            else {
                return firstAnswer(TestResponse(headers: headers, body: body))
            }
            return TestResponse(
                status: 206, headers: headers + [("Content-Range", "bytes \(offset)-\(body.count - 1)/\(body.count)")],
                body: body.subdata(in: offset..<body.count))
        }
    }
}
