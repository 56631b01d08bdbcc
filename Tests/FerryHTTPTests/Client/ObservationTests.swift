import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// What a program can watch: a client's activity and metrics, a download's progress and a batch's summary,
/// against the loopback server.
@Suite struct ObservationTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(environment: Environment(baseURL: URL(string: server.baseURL)!))
        server.route("/ok", responding: .text("fine"))
    }

    @Test func theActivityStreamCountsSendsInFlight() async throws {
        let gate = TestGate()
        server.route("/held", responding: TestResponse.text("late").held(until: gate))
        let counts = Recorder<Int>()
        let changes = Recorder<String>()
        let activity = client.activity
        let reader = Task {
            for await change in activity {
                counts.append(change.inFlight)
                switch change.change {
                case .started(let request): changes.append("started \(request.targetDescription)")
                case .finished(let request, let outcome):
                    changes.append("finished \(request.targetDescription) \((try? outcome.get())?.status ?? 0)")
                }
            }
        }
        let first = client.task(for: HTTPRequest(path: "/held"))
        let second = client.task(for: HTTPRequest(path: "/held"))
        #expect(await waitUntil { counts.values == [1, 2] && client.requestsInFlight == 2 })
        gate.open()
        _ = try await (first.value(), second.value())
        #expect(await waitUntil { counts.values == [1, 2, 1, 0] })
        _ = try await client.get("/missing")
        #expect(await waitUntil { changes.values.suffix(2) == ["started /missing", "finished /missing 404"] })
        #expect(client.requestsInFlight == 0)
        reader.cancel()
    }

    @Test func theMetricsHandlerSeesEveryFinalResponseWithItsTiming() async throws {
        let seen = Recorder<String>()
        client.metricsHandler = { request, response in
            seen.append("\(request.targetDescription) \(response.status) \(response.timing != nil)")
        }
        _ = try await client.get("/ok")
        _ = try await client.get("/nothing-here")
        #expect(await waitUntil { seen.values == ["/ok 200 true", "/nothing-here 404 true"] })
    }

    @Test func aDownloadReportsItsProgressAsASequence() async throws {
        let body = Data(repeating: 7, count: 200_000)
        server.route(
            "/file", responding: TestResponse(headers: [("Content-Type", "application/octet-stream")], body: body))
        let folder = try TemporaryFolder(prefix: "ferry-download-progress")
        let download = client.download(HTTPRequest(path: "/file"), to: folder.url.appendingPathComponent("file"))
        let progress = download.progress
        download.start()
        var reports: [TransferProgress] = []
        for await report in progress { reports.append(report) }
        _ = try await download.result.get()
        #expect(reports.last == TransferProgress(bytesReceived: 200_000, bytesExpectedToReceive: 200_000))
        #expect(reports.map(\.bytesReceived) == reports.map(\.bytesReceived).sorted())
        var ended: [TransferProgress] = []
        for await report in download.progress { ended.append(report) }
        #expect(ended.isEmpty, "a finished download's progress ends at once")
    }

    @Test func aBatchSummarizesItsOutcome() async throws {
        let batch = client.batch(limit: 2)
        batch.add(HTTPRequest(path: "/ok"))
        batch.add(HTTPRequest(path: "/missing"), parsing: .text)
        batch.add(HTTPRequest(url: URL(string: "http://127.0.0.1:\(try closedPort())/")!))
        batch.start()
        let summary = await batch.summary()
        #expect(summary.count == 3 && summary.succeeded == [0] && summary.canceled.isEmpty)
        #expect(summary.failed[1]?.statusCode == 404)
        guard case .connectionRefused? = summary.failed[2]?.reason else {
            Issue.record("expected a refused connection, got \(String(describing: summary.failed[2]))")
            return
        }
        #expect(!summary.allSucceeded)
    }
}
