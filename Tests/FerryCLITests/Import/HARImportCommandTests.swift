import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// `ferry import capture.har`: the files it writes are listed by `ferry list`, sent by `ferry send` as the request
/// that was captured (method, URL, kept headers, body), and the captured responses are in the history.
@Suite struct HARImportCommandTests {
    /// A capture of two requests to `base` (no `.har` name needed: recognised by content).
    static func capture(base: String) -> String {
        let host = base.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        return """
            {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [
              {"startedDateTime": "2024-05-01T10:00:00.000Z", "time": 12,
               "request": {"method": "POST", "url": "\(base)/anything/items?tag=a%20b", "httpVersion": "HTTP/2",
                 "headers": [{"name": ":authority", "value": "\(host)"}, {"name": ":method", "value": "POST"},
                   {"name": "content-length", "value": "13"}, {"name": "Host", "value": "\(host)"},
                   {"name": "X-Trace", "value": "t-1"}, {"name": "Authorization", "value": "Bearer sekrit-token"}],
                 "cookies": [{"name": "session", "value": "c00kie-value"}],
                 "queryString": [{"name": "tag", "value": "a b"}], "headersSize": -1, "bodySize": 13,
                 "postData": {"mimeType": "application/json", "text": "{\\"name\\": \\"x\\"}"}},
               "response": {"status": 201, "statusText": "Created", "httpVersion": "HTTP/2",
                 "headers": [{"name": "Content-Type", "value": "application/json"},
                   {"name": "Set-Cookie", "value": "session=n3w-cookie; Path=/; HttpOnly"}],
                 "cookies": [], "content": {"size": 16, "mimeType": "application/json",
                   "text": "eyJjcmVhdGVkIjogdHJ1ZX0=", "encoding": "base64"},
                 "redirectURL": "", "headersSize": -1, "bodySize": 16},
               "cache": {}, "timings": {"blocked": 1, "dns": 2, "connect": 5, "ssl": 3, "send": 1, "wait": 2, "receive": 1}},
              {"startedDateTime": "2024-05-01T10:00:01.000Z", "time": 5,
               "request": {"method": "GET", "url": "\(base)/anything/items", "httpVersion": "HTTP/1.1",
                 "headers": [{"name": "Accept", "value": "application/json"}], "cookies": [], "queryString": [],
                 "headersSize": -1, "bodySize": 0},
               "response": {"status": 0, "statusText": "", "httpVersion": "", "headers": [], "cookies": [],
                 "content": {"size": 0, "mimeType": ""}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
               "cache": {}, "timings": {"send": 0, "wait": 0, "receive": 0}}
            ]}}
            """
    }

    /// The file name the capture's requests go to: the host with `:` as `-`.
    static func fileName(base: String) -> String {
        (base.split(separator: "/").dropFirst().first.map(String.init) ?? "").replacingOccurrences(of: ":", with: "-")
            + ".http"
    }

    @Test func anImportedCaptureIsListedAndSentAsItWasCaptured() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/anything/items", responding: .json(#"{"ok": true}"#))
        let folder = try TemporaryFolder(prefix: "ferry-har-import")
        try folder.write("capture.json", Self.capture(base: server.baseURL))
        let imported = try await FerryProcess.run(
            ["import", "capture.json", "--into", "ws"], currentDirectory: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let file = Self.fileName(base: server.baseURL)
        #expect(imported.text.contains("wrote ws/\(file) (2 requests)"), "\(imported.text)")
        #expect(imported.text.contains("kept 1 recorded response in the history"), "\(imported.text)")
        let workspace = folder.url.appendingPathComponent("ws")
        let listed = try await FerryProcess.run(["list"], currentDirectory: workspace)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.text.contains("\(file)#post-items  POST  \(server.baseURL)/anything/items?tag=a%20b"))
        #expect(listed.text.contains("\(file)#get-items   GET   \(server.baseURL)/anything/items"), "\(listed.text)")

        let sent = try await FerryProcess.run(["send", "\(file)#post-items"], currentDirectory: workspace)
        #expect(sent.status == 0, "\(sent.standardError)")
        let request = try #require(server.requests.last)
        #expect(request.method == "POST")
        #expect(request.target == "/anything/items?tag=a%20b")
        #expect(request.header("X-Trace") == "t-1")
        #expect(request.header("Authorization") == "Bearer sekrit-token")
        #expect(request.header("Cookie") == "session=c00kie-value")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.headers.filter { $0.name.lowercased() == "host" }.count == 1)
        #expect(request.bodyText == #"{"name": "x"}"#)
    }

    @Test func theCapturedResponseIsInTheHistoryWithItsSecretsMasked() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-har-history")
        try folder.write("capture.har", Self.capture(base: "http://127.0.0.1:9"))
        let imported = try await FerryProcess.run(
            ["import", "capture.har", "--into", "ws"], currentDirectory: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let history = try String(
            contentsOf: folder.url.appendingPathComponent("ws/.ferry/history.jsonl"), encoding: .utf8)
        let lines = history.split(separator: "\n")
        #expect(lines.count == 1)
        let entry = try JSONValue(parsing: String(lines.first ?? ""))
        #expect(entry["status"].value?.intValue == 201)
        #expect(entry["reason"].value?.stringValue == "Created")
        #expect(entry["requestPath"].value?.stringValue == "127.0.0.1-9.http#post-items")
        #expect(entry["responseBody"].value?.stringValue == #"{"created": true}"#)
        // HAR counts the TLS handshake in `connect`; Ferry's breakdown does not.
        #expect(entry["timing"]["connect"].value?.doubleValue == 2)
        #expect(entry["timing"]["tls"].value?.doubleValue == 3)
        for secret in ["sekrit-token", "c00kie-value", "n3w-cookie"] {
            #expect(!history.contains(secret), "\(secret) in clear: \(history)")
        }
        #expect(history.contains("Bearer ••••••") && history.contains("session=••••••; Path=/; HttpOnly"))
    }

    @Test func anImportedCaptureSendsAgainstHttpbin() async throws {
        guard let httpbin = try TestServers.httpbinURL() else { return }
        let folder = try TemporaryFolder(prefix: "ferry-har-httpbin")
        try folder.write("capture.har", Self.capture(base: httpbin))
        let imported = try await FerryProcess.run(
            ["import", "capture.har", "--into", "ws"], currentDirectory: folder.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        let workspace = folder.url.appendingPathComponent("ws")
        let sent = try await FerryProcess.run(
            ["send", "\(Self.fileName(base: httpbin))#post-items"], currentDirectory: workspace)
        #expect(sent.status == 0, "\(sent.standardError)")
        let echo = try JSONValue(parsing: sent.text)
        #expect(echo["method"].value?.stringValue == "POST")
        #expect(echo["data"].value?.stringValue == #"{"name": "x"}"#)
        #expect(echo["headers"]["X-Trace"].value?.stringValue == "t-1")
        #expect(echo["headers"]["Cookie"].value?.stringValue == "session=c00kie-value")
        #expect(echo["args"]["tag"].value?.stringValue == "a b")
    }
}
