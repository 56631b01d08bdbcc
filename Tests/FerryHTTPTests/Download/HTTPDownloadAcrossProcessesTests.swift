import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A download begun by another process that was killed mid-body (`SIGKILL`: no pause, no last write of its
/// record) is resumed here from what that process left on disk: the file's length, not the record's count.
@Suite struct HTTPDownloadAcrossProcessesTests {
    /// 1 MB of a pattern that shows a misplaced byte.
    static let body = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 / 251) })

    @Test func aDownloadOfAKilledProcessIsResumedFromTheBytesItLeftOnDisk() async throws {
        let probe = Bundle.main.bundleURL.appendingPathComponent("FerryHTTPProbe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "FerryHTTPProbe is not built")
        let server = try TestHTTPServer()
        let folder = try TemporaryFolder(prefix: "ferry-download-processes")
        // The first answer stops after 600 000 bytes until the test opens the gate: more than one of the
        // file writer's 256 KiB writes is on disk by then, the rest still in the killed process's buffer.
        let gate = TestGate()
        defer { gate.open() }
        server.route(
            "/file",
            HTTPDownloadTests.rangeHandler(
                tag: "\"v1\"", body: Self.body, firstAnswer: { $0.held(until: gate, afterBodyBytes: 600_000) }))
        let file = folder.url.appendingPathComponent("big.bin")

        let process = Process()
        process.executableURL = probe
        process.arguments = ["fetch", server.baseURL + "/file", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exited = OneShot<Int32>()
        process.terminationHandler = { exited.fulfill($0.terminationStatus) }
        try process.run()
        #expect(await eventually(timeout: .seconds(60)) { Self.size(of: file) >= 256 << 10 })
        kill(process.processIdentifier, SIGKILL)
        _ = await exited.value
        gate.open()

        let partial = try Data(contentsOf: file)
        #expect(partial.count >= 256 << 10 && partial.count <= 600_000)
        #expect(partial == Self.body.prefix(partial.count))
        let record = try JSONDecoder().decode(
            DownloadResumeRecord.self, from: Data(contentsOf: DownloadResumeRecord.location(beside: file)))
        #expect(record.entityTag == "\"v1\"" && record.totalBytes == Self.body.count)

        let client = HTTPClient(environment: Environment(baseURL: try #require(URL(string: server.baseURL))))
        let download = client.download(HTTPRequest(path: "/file"), to: file)
        download.start()
        let completed = try await download.result.get()
        #expect(completed.start == .resumed(from: partial.count))
        #expect(completed.response.status == 206)
        #expect(try Data(contentsOf: file) == Self.body)
        #expect(!FileManager.default.fileExists(atPath: download.resumeRecordFile.path))
        #expect(server.requests.last?.header("Range") == "bytes=\(partial.count)-")
    }

    private static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? Int) ?? 0
    }
}
