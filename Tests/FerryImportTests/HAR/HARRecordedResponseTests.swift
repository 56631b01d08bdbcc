import FerryTestSupport
import Foundation
import Testing

@testable import FerryImport
@testable import FerryWorkbench

/// Each entry's response becomes a recorded response in the workspace history, masked as a send's entry is.
@Suite struct HARRecordedResponseTests {
    static func entry(status: Int, content: String, more: String = "") -> String {
        """
        {"startedDateTime": "2024-05-01T10:00:00.250Z", "time": 20,
         "request": {"method": "GET", "url": "https://a.test/me", "httpVersion": "HTTP/1.1",
           "headers": [{"name": "Authorization", "value": "Basic dXNlcjpwYXNz"}],
           "cookies": [{"name": "sid", "value": "s1d-value"}], "queryString": [], "headersSize": -1, "bodySize": 0},
         "response": {"status": \(status), "statusText": "OK", "httpVersion": "HTTP/2",
           "headers": [{"name": ":status", "value": "200"}, {"name": "Set-Cookie", "value": "sid=n3w-s1d; Secure"}\(more)],
           "cookies": [], "content": \(content), "redirectURL": "", "headersSize": -1, "bodySize": -1},
         "cache": {}, "timings": {"blocked": -1, "dns": -1, "connect": 9, "ssl": 4, "send": 1, "wait": 6, "receive": 2}}
        """
    }

    static func read(_ entries: [String]) throws -> ImportedCollection {
        try HARImporter.read(HARImporterTests.capture(entries), fileName: "capture.har")
    }

    @Test func aResponseIsRecordedWithStatusHeadersDecodedBodyAndTimings() throws {
        let content = #"{"size": 11, "mimeType": "text/plain", "text": "aGVsbG8gd29ybGQ=", "encoding": "base64"}"#
        let collection = try Self.read([Self.entry(status: 200, content: content)])
        let exchange = try #require(collection.files.first?.recordedExchanges[0])
        #expect(exchange.status == 200 && exchange.reason == "OK" && exchange.httpVersion == "HTTP/2")
        #expect(exchange.responseBody == "hello world")
        #expect(exchange.responseSize == 11)
        #expect(exchange.responseHeaders.map(\.name) == ["Set-Cookie"])
        #expect(exchange.started == 1_714_557_600.25)
        #expect(
            exchange.timing
                == HistoryEntry.Timing(dns: 0, connect: 5, tls: 4, send: 1, waiting: 6, download: 2, total: 20))
    }

    @Test func noResponseIsRecordedForStatusZeroAndBinaryBodiesAreLeftOut() throws {
        let png = #"{"size": 4, "mimeType": "image/png", "text": "iVBORw==", "encoding": "base64"}"#
        let collection = try Self.read([
            Self.entry(status: 0, content: #"{"size": 0, "mimeType": ""}"#), Self.entry(status: 200, content: png),
        ])
        let file = try #require(collection.files.first)
        #expect(file.requests.count == 2)
        #expect(file.recordedExchanges[0] == nil)
        #expect(file.recordedExchanges[1]?.responseBody == nil)
        #expect(file.recordedExchanges[1]?.responseSize == 4)
    }

    @Test func writingTheImportKeepsTheResponsesInTheHistoryMasked() throws {
        let content = #"{"size": 20, "mimeType": "application/json", "text": "{\"sid\": \"n3w-s1d\"}"}"#
        let collection = try Self.read([Self.entry(status: 200, content: content)])
        let folder = try TemporaryFolder(prefix: "ferry-har-history")
        let report = try collection.write(into: folder.url)
        #expect(report.recordedResponses == 1)
        let workspace = try Workspace.load(at: folder.url)
        let entries = HistoryLog(stateFolder: workspace.stateFolder).entries()
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.requestPath == "a.test.http#get-me")
        // The entry belongs to the request written: its stable id is the one the workspace assigns.
        let ids = try RequestIdentities(stateFolder: workspace.stateFolder).assign(workspace.requests)
        #expect(ids[RequestID(path: "a.test.http", selector: "get-me")] == entry.requestID)
        #expect(entry.requestHeaders.map(\.value) == ["Basic ••••••", "sid=••••••"])
        #expect(entry.responseHeaders.map(\.value) == ["sid=••••••; Secure"])
        #expect(entry.responseBody == #"{"sid": "••••••"}"#)
        let line = try String(contentsOf: HistoryLog(stateFolder: workspace.stateFolder).url, encoding: .utf8)
        for secret in ["dXNlcjpwYXNz", "s1d-value", "n3w-s1d"] { #expect(!line.contains(secret), "\(secret)") }
    }
}
