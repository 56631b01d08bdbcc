import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The history line and `ids.json` are written with FerryJSON, not `Codable`: the line is byte for byte what
/// `JSONEncoder` wrote before (so old and new lines sit side by side), and `ids.json` reads what `JSONEncoder`
/// wrote and writes what `JSONDecoder` reads.
@Suite struct HistoryLineTests {
    /// What `HistoryLog` wrote before: `JSONEncoder` with sorted keys, slashes unescaped, and a newline.
    func encoderLine(_ entry: HistoryEntry) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entry), as: UTF8.self) + "\n"
    }

    func entry(time: Double, status: Int?, text: String, timing: HistoryEntry.Timing?) -> HistoryEntry {
        HistoryEntry(
            time: time, requestID: "id-\(text)", requestPath: "dir/a b.http#\(text)",
            environment: status.map { _ in text },
            method: "POST", url: "https://h/x?q=\(text)&p=a/b",
            requestHeaders: [.init(name: "X-\(text)", value: text), .init(name: "Accept", value: "*/*")],
            requestBody: status == nil ? nil : text, requestSize: text.utf8.count, status: status,
            error: status == nil ? "failed: \(text)" : nil,
            responseHeaders: status == nil ? [] : [.init(name: "Content-Type", value: "text/plain; a=\"b\"")],
            responseBody: status == nil ? nil : text, responseBodyTruncated: status == 200,
            responseSize: text.utf8.count * 3, timing: timing, reason: status.map { _ in "OK" },
            httpVersion: status.map { _ in "HTTP/2" }, remoteAddress: status.map { _ in "127.0.0.1" },
            remotePort: status.map { _ in 8443 })
    }

    @Test(arguments: [
        "plain", "quote \" and \\ backslash", "slash / and tab \t newline \n cr \r",
        "controls \u{01}\u{1F}\u{7F}\u{08}\u{0C}",
        "unicode é 漢字 😀 \u{2028}", "",
    ])
    func theLineIsWhatJSONEncoderWrote(text: String) throws {
        let timings: [HistoryEntry.Timing?] = [
            nil,
            .init(dns: 0, connect: 0.125, tls: 3, waiting: 12.345678901234, download: 1e-7, total: 1234567.5),
            .init(dns: 0.001, connect: 2, tls: 0, waiting: 1e16, download: 0.3, total: 17, send: 0.05),
        ]
        let times = [0, 5, 1_716_000_000.123456, 1_716_000_000.5, -1.25, 1e-5]
        for (index, time) in times.enumerated() {
            for status in [200, 404, nil] {
                let recorded = entry(time: time, status: status, text: text, timing: timings[index % timings.count])
                let line = String(decoding: recorded.historyLine, as: UTF8.self)
                #expect(line == (try encoderLine(recorded)))
                #expect(try JSONDecoder().decode(HistoryEntry.self, from: Data(line.utf8)) == recorded)
            }
        }
    }

    @Test func anAppendedEntryReadsBackAndOlderLinesStillRead() throws {
        let folder = try TemporaryFolder()
        let log = HistoryLog(stateFolder: folder.url)
        let older = entry(time: 7, status: 500, text: "older", timing: nil)
        // A line as `JSONEncoder` wrote it, before this one is appended with FerryJSON.
        try Data(try encoderLine(older).utf8).write(to: log.url)
        let newer = entry(time: 8, status: nil, text: "newer", timing: nil)
        try log.append(newer)
        #expect(log.entries() == [older, newer])
        let lines = try folder.read("history.jsonl").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(String(lines[1]) + "\n" == (try encoderLine(newer)))
    }

    @Test func idsJSONReadsWhatJSONEncoderWroteAndWritesWhatJSONDecoderReads() throws {
        let document = RequestIdentities.Document(
            version: 1,
            requests: [
                .init(
                    id: "a1", path: "x/a.http", name: "one \"quoted\"", fingerprint: "ff01",
                    formerPaths: ["old.http#one", "older.http#one"], lastSeen: 1_716_000_000.25),
                .init(id: "b2", path: "b.http", name: nil, fingerprint: "0", formerPaths: nil, lastSeen: nil),
                .init(id: "c3", path: "é/c.http", name: "c", fingerprint: "9", formerPaths: [], lastSeen: 86_400),
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let written = Array(try encoder.encode(document))
        #expect(RequestIdentities.Document(parsing: written)?.requests == document.requests)
        let decoded = try JSONDecoder().decode(RequestIdentities.Document.self, from: Data(document.bytes))
        #expect(decoded.requests == document.requests)
        #expect(decoded.version == 1)
        #expect(RequestIdentities.Document(parsing: document.bytes)?.requests == document.requests)
    }

    @Test func idsJSONThatIsNotAnIdentitiesDocumentIsRefusedAsJSONDecoderRefusesIt() throws {
        let refused = [
            "", "[]", "{\"requests\": []}", "{\"version\": 1}", "{\"version\": 1, \"requests\": [{\"id\": \"a\"}]}",
            "{\"version\": 1, \"requests\": [{\"id\": \"a\", \"path\": \"p\", \"fingerprint\": 3}]}",
            "{\"version\": 1, \"requests\": [{\"id\": \"a\", \"path\": \"p\", \"fingerprint\": \"f\", \"name\": 1}]}",
            "{\"version\": 1, \"requests\": [{\"id\": \"a\", \"path\": \"p\", \"fingerprint\": \"f\", \"formerPaths\": [1]}]}",
            "{\"version\": 1, \"requests\": [{\"id\": \"a\", \"path\": \"p\", \"fingerprint\": \"f\", \"lastSeen\": \"x\"}]}",
        ]
        for text in refused {
            #expect(RequestIdentities.Document(parsing: Array(text.utf8)) == nil, "\(text)")
            #expect((try? JSONDecoder().decode(RequestIdentities.Document.self, from: Data(text.utf8))) == nil)
        }
        let accepted =
            "{\"version\": 1, \"requests\": [{\"id\": \"a\", \"path\": \"p\", \"fingerprint\": \"f\", \"name\": null}]}"
        let decoded = try JSONDecoder().decode(RequestIdentities.Document.self, from: Data(accepted.utf8))
        #expect(RequestIdentities.Document(parsing: Array(accepted.utf8))?.requests == decoded.requests)
    }

    @Test func assigningAnIDAlreadyRecordedLeavesIDsJSONUntouched() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.http", "# @name one\nGET http://h/1\n")
        let workspace = try Workspace.load(at: folder.url)
        let identities = RequestIdentities(stateFolder: workspace.stateFolder)
        let first = try identities.assign(workspace.requests)
        let before = try FileManager.default.attributesOfItem(atPath: identities.url.path)
        let written = try folder.read(".ferry/ids.json")
        Thread.sleep(forTimeInterval: 0.02)
        #expect(try identities.assign(workspace.requests) == first)
        let after = try FileManager.default.attributesOfItem(atPath: identities.url.path)
        #expect(try folder.read(".ferry/ids.json") == written)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
    }
}
