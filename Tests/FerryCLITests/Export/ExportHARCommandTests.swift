import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// `ferry export --history` and `ferry send --har` as the real binary: HAR from what `ferry send` recorded.
@Suite struct ExportHARCommandTests {
    static func workspace(base: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(
            "api/r.http",
            "### a\n# @name a\nGET {{host}}/get?n=1\nX-Token: {{token}}\n\n### b\n# @name b\nPOST {{host}}/post\nContent-Type: application/json\n\n{\"k\": \"{{token}}\"}\n"
        )
        try folder.write("http-client.env.json", #"{"local": {"host": "\#(base)"}}"#)
        try folder.write("http-client.private.env.json", #"{"local": {"token": "tok-9f8e7d"}}"#)
        return folder
    }

    /// The entries of a HAR document, after checking its frame.
    static func entries(_ bytes: Data) throws -> [JSONValue] {
        let document = try JSONValue(parsing: bytes)
        #expect(document["log"]["version"].value == "1.2")
        #expect(document["log"]["creator"]["name"].value == "Ferry")
        return try #require(document["log"]["entries"].value?.arrayValue)
    }

    @Test func historyBecomesHARAfterSends() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/get", responding: .json(#"{"ok": true}"#))
        server.route("/post", responding: .text("created", status: 201))
        let folder = try Self.workspace(base: server.baseURL)
        for name in ["a", "b", "a"] {
            let sent = try await FerryProcess.run(["send", name, "--env", "local"], currentDirectory: folder.url)
            #expect(sent.status == 0)
        }
        let all = try await FerryProcess.run(["export", "--history"], currentDirectory: folder.url)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(!all.text.contains("tok-9f8e7d"))
        let entries = try Self.entries(all.standardOutput)
        #expect(entries.map { $0["request"]["method"].value?.stringValue } == ["GET", "POST", "GET"])
        #expect(entries[1]["response"]["status"].value == 201)
        #expect(entries[1]["request"]["postData"]["text"].value == #"{"k": "••••••"}"#)
        #expect(entries[0]["response"]["content"]["text"].value == #"{"ok": true}"#)

        let last = try await FerryProcess.run(
            ["export", "--history", "--last", "1", "-o", "h.har"], currentDirectory: folder.url)
        #expect(last.status == 0 && last.standardOutput.isEmpty)
        #expect(try Self.entries(Data(try folder.read("h.har").utf8)).count == 1)

        let one = try await FerryProcess.run(["export", "b", "--format", "har"], currentDirectory: folder.url)
        #expect(try Self.entries(one.standardOutput).count == 1)

        let none = try await FerryProcess.run(
            ["export", "--history", "--format", "curl"], currentDirectory: folder.url)
        #expect(none.status == 2)
    }

    @Test func sendWritesTheExchangeAsHAR() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/get", responding: .json(#"{"ok": true}"#))
        let folder = try Self.workspace(base: server.baseURL)
        let sent = try await FerryProcess.run(
            ["send", "a", "--env", "local", "--har", "x.har"], currentDirectory: folder.url)
        #expect(sent.status == 0)
        let text = try folder.read("x.har")
        #expect(!text.contains("tok-9f8e7d"))
        let entry = try #require(try Self.entries(Data(text.utf8)).first)
        #expect(entry["request"]["httpVersion"].value == "HTTP/1.1")
        #expect(entry["serverIPAddress"].value == "127.0.0.1")
        let headers = entry["request"]["headers"].value?.arrayValue ?? []
        #expect(headers.contains { $0["name"].value == "Host" })
        #expect(headers.contains { $0["name"].value == "X-Token" && $0["value"].value == "••••••" })
    }

    @Test func aFailedSendWritesItsErrorAsHAR() async throws {
        let folder = try Self.workspace(base: "http://127.0.0.1:\(try LoopbackPort.refusing())")
        let sent = try await FerryProcess.run(
            ["send", "a", "--env", "local", "--har", "x.har"], currentDirectory: folder.url)
        #expect(sent.status == 3)
        let entry = try #require(try Self.entries(Data(try folder.read("x.har").utf8)).first)
        #expect(entry["response"]["status"].value == 0)
        #expect(entry["response"]["_error"].value?.stringValue?.isEmpty == false)
    }

    @Test func httpbinSendsExportAsHAR() async throws {
        guard let base = try TestServers.httpbinURL() else { return }
        let folder = try Self.workspace(base: base)
        for name in ["a", "b"] {
            let sent = try await FerryProcess.run(["send", name, "--env", "local"], currentDirectory: folder.url)
            #expect(sent.status == 0)
        }
        let all = try await FerryProcess.run(["export", "--history"], currentDirectory: folder.url)
        let entries = try Self.entries(all.standardOutput)
        try #require(entries.count == 2)
        #expect(entries[0]["request"]["queryString"].value == [["name": "n", "value": "1"]])
        let body = try JSONValue(parsing: try #require(entries[1]["response"]["content"]["text"].value?.stringValue))
        // httpbin echoed the real token; the history masked it before it was recorded.
        #expect(body["json"]["k"].value == "••••••")
        #expect(entries[1]["response"]["content"]["mimeType"].value == "application/json")
    }
}
