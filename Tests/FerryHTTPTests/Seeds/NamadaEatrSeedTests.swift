import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// NamadaEatr's promises: aggregated requests with one status for the whole, and a download whose progress
/// is observed rather than polled.
@Suite struct NamadaEatrSeedTests {
    @Test func anAggregateHasOneSummary() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let batch = client.batch(limit: 2)
        batch.add(HTTPRequest(path: "/get"), parsing: .json)
        batch.add(HTTPRequest(path: "/status/500"), parsing: .json)
        batch.add(HTTPRequest(path: "/uuid"), parsing: .json)
        batch.start()
        let summary = await batch.summary()
        #expect(summary.succeeded == [0, 2] && summary.failed[1]?.statusCode == 500 && !summary.allSucceeded)
    }

    @Test func aDownloadReportsItsProgress() async throws {
        guard let httpbin = try TestServers.httpbinURL(), let base = URL(string: httpbin) else { return }
        let client = HTTPClient(environment: Environment(baseURL: base))
        let folder = try TemporaryFolder(prefix: "ferry-seed-namada")
        let download = client.download(
            HTTPRequest(path: "/bytes/102400"), to: folder.url.appendingPathComponent("bytes"))
        let progress = download.progress
        download.start()
        var received: [Int] = []
        for await report in progress { received.append(report.bytesReceived) }
        let completed = try await download.result.get()
        #expect(completed.byteCount == 102_400 && received.last == 102_400)
    }
}
