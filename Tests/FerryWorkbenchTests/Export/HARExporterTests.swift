import FerryHTTP
import FerryJSON
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// HAR 1.2 from a live exchange and from history lines: required fields with the right types (checked
/// against the spec's list and the key sets of real HAR files in the corpus), consistent timings, base64
/// for bodies that are not text, secrets masked.
@Suite struct HARExporterTests {
    /// The members HAR 1.2 requires at each level, with their kinds.
    static let required: [String: [String: JSONNodeKind]] = [
        "log": ["version": .string, "creator": .object, "entries": .array],
        "creator": ["name": .string, "version": .string],
        "entry": [
            "startedDateTime": .string, "time": .number, "request": .object, "response": .object, "cache": .object,
            "timings": .object,
        ],
        "request": [
            "method": .string, "url": .string, "httpVersion": .string, "cookies": .array, "headers": .array,
            "queryString": .array, "headersSize": .number, "bodySize": .number,
        ],
        "response": [
            "status": .number, "statusText": .string, "httpVersion": .string, "cookies": .array, "headers": .array,
            "content": .object, "redirectURL": .string, "headersSize": .number, "bodySize": .number,
        ],
        "content": ["size": .number, "mimeType": .string],
        "timings": ["send": .number, "wait": .number, "receive": .number],
    ]

    /// A workspace with a secret token, a request sending it, and a loopback server answering `/bin` with
    /// bytes that are not UTF-8 and `/text` with text echoing the token.
    final class Fixture {
        let server: TestHTTPServer
        let folder: TemporaryFolder
        let workspace: Workspace

        init() throws {
            server = try TestHTTPServer()
            server.route("/bin") { _ in
                TestResponse(
                    status: 200, headers: [("Content-Type", "application/octet-stream")],
                    body: Data([0xFF, 0x00, 0xFE]))
            }
            server.route("/text") { request in
                TestResponse(
                    status: 201, reason: "Made",
                    headers: [("Content-Type", "text/plain"), ("Set-Cookie", "sid=1; Path=/; HttpOnly")],
                    body: Data("token was \(request.header("X-Token") ?? "")".utf8))
            }
            folder = try TemporaryFolder()
            try folder.write(
                "r.http",
                "### text\nPOST {{host}}/text?q=a%20b&n=1\nX-Token: {{token}}\nContent-Type: application/x-www-form-urlencoded\n\na=1&b=x+y\n\n### bin\nGET {{host}}/bin\n"
            )
            try folder.write("http-client.env.json", #"{"t": {"host": "\#(server.baseURL)"}}"#)
            try folder.write("http-client.private.env.json", #"{"t": {"token": "tok-secret-1"}}"#)
            workspace = try Workspace.load(at: folder.url)
        }

        deinit { server.stop() }

        /// Sends request `name` and returns what HAR needs from it.
        func send(_ name: String) async throws -> (PreparedRequest, HTTPResponse, Date) {
            let found = try workspace.request("r.http#\(name)")
            let prepared = try found.request.prepared(with: try workspace.context(for: found, environment: "t"))
            var request = try prepared.httpRequest()
            request.recordsSentHead = true
            let started = Date()
            return (prepared, try await HTTPClient(transport: CurlTransport()).send(request), started)
        }
    }

    @Test func aLiveExchangeHasEveryRequiredFieldConsistentTimingsAndBase64ForBytes() async throws {
        let fixture = try Fixture()
        var exchanges: [HARExchange] = []
        for name in ["text", "bin"] {
            let (prepared, response, started) = try await fixture.send(name)
            exchanges.append(HARExchange(prepared: prepared, response: response, started: started))
        }
        let bytes = HARExporter(creatorVersion: "9.9").bytes(for: exchanges)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("tok-secret-1"))
        let document = try JSONValue(parsing: bytes)
        let entries = try Self.checkRequired(document)
        #expect(entries.count == 2)

        let first = entries[0]
        #expect(first["request"]["method"].value == "POST")
        #expect(first["request"]["httpVersion"].value == "HTTP/1.1")
        #expect(
            first["request"]["queryString"].value == [["name": "q", "value": "a b"], ["name": "n", "value": "1"]])
        #expect(
            first["request"]["postData"]["params"].value == [
                ["name": "a", "value": "1"], ["name": "b", "value": "x y"],
            ])
        #expect(first["request"]["postData"]["text"].value == "a=1&b=x+y")
        #expect(first["request"]["bodySize"].value == 9)
        #expect((first["request"]["headersSize"].value?.intValue ?? -1) > 50)
        let tokenHeader = first["request"]["headers"].value?.arrayValue?.first { $0["name"].value == "X-Token" }
        #expect(tokenHeader?["value"].value == .string(Secrets.mask))
        #expect(first["response"]["status"].value == 201)
        #expect(first["response"]["statusText"].value == "Made")
        #expect(first["response"]["content"]["text"].value == .string("token was \(Secrets.mask)"))
        #expect(first["response"]["cookies"].value == [["name": "sid", "value": "1", "path": "/", "httpOnly": true]])
        #expect(first["serverIPAddress"].value == "127.0.0.1")
        #expect(first["connection"].value == .string(String(fixture.server.port)))

        let second = entries[1]
        #expect(second["request"]["postData"].value == nil)
        #expect(second["response"]["content"]["encoding"].value == "base64")
        #expect(second["response"]["content"]["text"].value == .string(Data([0xFF, 0x00, 0xFE]).base64EncodedString()))
        #expect(second["response"]["content"]["size"].value == 3)
        #expect(second["response"]["bodySize"].value == 3)
    }

    @Test func historyLinesBecomeEntriesWithWhatTheyRecorded() async throws {
        let fixture = try Fixture()
        let (prepared, response, started) = try await fixture.send("text")
        let recorded = HistoryEntry(
            prepared: prepared, requestID: "id1", requestPath: "r.http#text", environment: "t", started: started,
            result: .success(response), bodyCap: 4)
        let failed = HistoryEntry(
            prepared: prepared, requestID: "id1", requestPath: "r.http#text", environment: "t", started: started,
            result: .failure(HTTPClientError(.timedOut(.connecting), request: try prepared.httpRequest())))
        // Through the log file and back, as `ferry export --history` reads it.
        try fixture.workspace.ensureStateFolder()
        let log = HistoryLog(stateFolder: fixture.workspace.stateFolder)
        try log.append(recorded)
        try log.append(failed)
        let exchanges = log.entries().map(HARExchange.init(history:))
        let bytes = HARExporter(creatorVersion: "1").bytes(for: exchanges)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("tok-secret-1"))
        let entries = try Self.checkRequired(try JSONValue(parsing: bytes))
        try #require(entries.count == 2)
        let ok = entries[0]
        #expect(
            ok["startedDateTime"].value == .string(HARExporter.timestamp(Date(timeIntervalSince1970: recorded.time))))
        #expect(ok["response"]["status"].value == 201)
        #expect(ok["response"]["httpVersion"].value == "HTTP/1.1")
        #expect(ok["response"]["statusText"].value == .string(response.reason))
        #expect(!response.reason.isEmpty)
        #expect(ok["serverIPAddress"].value == "127.0.0.1")
        #expect(ok["connection"].value == .string(String(try #require(response.timing?.remotePort))))
        #expect(ok["timings"]["send"].value?.doubleValue == recorded.timing?.send)
        #expect(ok["response"]["content"]["text"].value == "toke")  // capped at 4 bytes
        #expect(ok["response"]["content"]["size"].value == .number(JSONNumber(response.body.count)))
        #expect(ok["response"]["content"]["comment"].value != nil)
        #expect(ok["request"]["headersSize"].value == -1)
        let total = try #require(recorded.timing?.total)
        #expect(abs((ok["time"].value?.doubleValue ?? 0) - total) < 0.01)
        let bad = entries[1]
        #expect(bad["response"]["status"].value == 0)
        #expect(bad["response"]["_error"].value?.stringValue?.isEmpty == false)
    }

    @Test func aHistoryLineFromBeforeTheVersionAndAddressWereRecordedStillExports() throws {
        let line = #"""
            {"environment":"t","method":"GET","requestBody":null,"requestHeaders":[],"requestID":"id9",\#
            "requestPath":"r.http#old","requestSize":0,"responseBody":"ok","responseBodyTruncated":false,\#
            "responseHeaders":[{"name":"Content-Type","value":"text/plain"}],"responseSize":2,"status":200,\#
            "time":1700000000.5,"timing":{"connect":2,"dns":1,"download":4,"tls":0,"total":10.5,"waiting":3},\#
            "url":"http://127.0.0.1:9/old"}
            """#
        let entry = try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8))
        #expect(entry.reason == nil && entry.httpVersion == nil && entry.remoteAddress == nil)
        #expect(entry.timing?.send == nil)
        let bytes = HARExporter(creatorVersion: "1").bytes(for: [HARExchange(history: entry)])
        let exported = try #require(try Self.checkRequired(try JSONValue(parsing: bytes)).first)
        #expect(exported["response"]["httpVersion"].value == "")
        #expect(exported["response"]["statusText"].value == "")
        #expect(exported["serverIPAddress"].value == nil)
        #expect(exported["timings"]["send"].value == 0.5)
    }

    @Test func theRequiredFieldsMatchThoseOfRealHARFiles() async throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let folder = corpus.appendingPathComponent("har")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".har") }
        try #require(!files.isEmpty)
        // The members every corpus entry has at each level (tool-specific `_` members aside).
        var common: [String: Set<String>] = [:]
        for file in files {
            let value = try JSONValue(
                parsing: try Data(contentsOf: folder.appendingPathComponent(file)), options: .lenient)
            for entry in value["log"]["entries"].value?.arrayValue ?? [] {
                for (level, object) in [
                    ("entry", entry), ("request", entry["request"].value), ("response", entry["response"].value),
                    ("content", entry["response"]["content"].value),
                ] {
                    let keys = Set((object?.objectValue?.keys ?? []).filter { !$0.hasPrefix("_") })
                    common[level] = common[level].map { $0.intersection(keys) } ?? keys
                }
            }
        }
        #expect(common["request"]?.contains("queryString") == true)
        let fixture = try Fixture()
        let (prepared, response, started) = try await fixture.send("text")
        let document = HARExporter(creatorVersion: "1").document(
            for: [HARExchange(prepared: prepared, response: response, started: started)])
        let entry = try #require(document["log"]["entries"][0].value)
        for (level, object) in [
            ("entry", entry), ("request", entry["request"].value), ("response", entry["response"].value),
            ("content", entry["response"]["content"].value),
        ] {
            let keys = Set(object?.objectValue?.keys ?? [])
            let missing = (common[level] ?? []).subtracting(keys)
            #expect(missing.isEmpty, "\(level) lacks \(missing.sorted())")
        }
    }

    @Test func timingsFollowTheSpecConnectIncludesSSL() {
        var timing = TransferTiming()
        timing.dnsLookup = .milliseconds(2)
        timing.connect = .milliseconds(3)
        timing.tlsHandshake = .milliseconds(5)
        timing.requestSent = .milliseconds(1)
        timing.waiting = .milliseconds(7)
        timing.download = .milliseconds(11)
        let tls = HARTimings(timing, isTLS: true)
        #expect(tls.connect == 8 && tls.ssl == 5 && tls.dns == 2 && tls.send == 1 && tls.wait == 7 && tls.receive == 11)
        #expect(tls.total == 29 && tls.blocked == -1)
        let plain = HARTimings(timing, isTLS: false)
        #expect(plain.ssl == -1)
        let history = HARTimings(
            HistoryEntry.Timing(dns: 1, connect: 2, tls: 0, waiting: 3, download: 4, total: 10.5), isTLS: false)
        #expect(history.send == 0.5 && history.total == 10.5)
    }

    // MARK: - Checking a document

    /// Checks every required member and its kind at each level; returns the entries.
    static func checkRequired(_ document: JSONValue) throws -> [JSONValue] {
        let log = try #require(document["log"].value)
        check(log, "log")
        #expect(log["version"].value == "1.2")
        check(try #require(log["creator"].value), "creator")
        let entries = try #require(log["entries"].value?.arrayValue)
        for entry in entries {
            check(entry, "entry")
            for level in ["request", "response", "timings"] { check(try #require(entry[level].value), level) }
            check(try #require(entry["response"]["content"].value), "content")
            let started = try #require(entry["startedDateTime"].value?.stringValue)
            #expect(started.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(started)")
            // time is the sum of the phases that are not -1 (ssl is inside connect).
            let timings = try #require(entry["timings"].value)
            let phases = ["blocked", "dns", "connect", "send", "wait", "receive"].compactMap {
                timings[$0].value?.doubleValue
            }
            let sum = phases.filter { $0 >= 0 }.reduce(0, +)
            #expect(abs(sum - (entry["time"].value?.doubleValue ?? -1)) < 0.01)
            if let ssl = timings["ssl"].value?.doubleValue, ssl >= 0 {
                #expect(ssl <= (timings["connect"].value?.doubleValue ?? -1))
            }
        }
        return entries
    }

    static func check(_ object: JSONValue, _ level: String) {
        for (key, kind) in required[level] ?? [:] {
            #expect(object[key].value?.kind == kind, "\(level).\(key) should be a \(kind)")
        }
    }
}
