import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// Pause and resume against httpbin's `/range/{n}` (ETag `range{n}`, 206 for `Range`, `If-Range` ignored).
/// Each test returns early when `FERRY_HTTPBIN_URL` is unset outside `make test`.
@Suite struct HTTPDownloadHttpbinTests {
    let client: HTTPClient?
    let folder: TemporaryFolder

    init() throws {
        client = try TestServers.httpbinURL().map { HTTPClient(environment: Environment(baseURL: URL(string: $0)!)) }
        folder = try TemporaryFolder(prefix: "ferry-download-httpbin")
    }

    /// httpbin's bytes for `/range/{count}`: `a` to `z` over and over.
    static func expected(_ count: Int) -> Data { Data((0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }) }

    @Test func pausedRangeDownloadResumesWith206() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let httpbinPort = try #require(URL(string: base)?.port.flatMap { UInt16(exactly: $0) })
        // Through a relay that holds httpbin's answer after its first 8 KiB (head included) until the download
        // was paused: the pause comes in the middle of the body by construction, however late the test runs.
        let gate = TestGate()
        defer { gate.open() }
        let relay = try GatedRelay(to: httpbinPort, holdingAfter: 8192, until: gate)
        defer { relay.stop() }
        let client = HTTPClient(environment: Environment(baseURL: URL(string: relay.baseURL)!))
        let file = folder.url.appendingPathComponent("range.bin")
        let download = client.download(HTTPRequest(path: "/range/102400?chunk_size=2048"), to: file)
        download.start()
        #expect(await waitUntil { download.bytesWritten >= 4096 })
        await download.pause()
        gate.open()
        #expect(download.phase == .paused)
        let partial = download.bytesWritten
        #expect(partial >= 4096 && partial < 8192)
        let record = try JSONDecoder().decode(
            DownloadResumeRecord.self, from: Data(contentsOf: download.resumeRecordFile))
        #expect(record.entityTag == "range102400")
        download.start()
        let completed = try await download.result.get()
        #expect(completed.response.status == 206)
        #expect(completed.start == .resumed(from: partial))
        #expect(try Data(contentsOf: file) == Self.expected(102_400))
    }

    @Test func anotherValidatorRestartsFromTheFirstByte() async throws {
        guard let client else { return }
        let file = folder.url.appendingPathComponent("other.bin")
        let url = try HTTPRequest(path: "/range/5000").resolved(in: client.environment).url?.absoluteString ?? ""
        try Data(repeating: UInt8(ascii: "x"), count: 1000).write(to: file)
        let record = DownloadResumeRecord(
            url: url, entityTag: "range9999", lastModified: nil, bytes: 1000, totalBytes: 5000)
        try JSONEncoder().encode(record).write(to: DownloadResumeRecord.location(beside: file))
        let download = client.download(HTTPRequest(path: "/range/5000"), to: file)
        download.start()
        let completed = try await download.result.get()
        #expect(completed.start == .restarted(.validatorChanged))
        #expect(completed.response.status == 200)
        #expect(try Data(contentsOf: file) == Self.expected(5000))
    }
}
