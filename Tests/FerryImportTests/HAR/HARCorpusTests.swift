import FerryImport
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite struct HARCorpusTests {
    /// The captures in the corpus's `har` folder; empty (with a message) when the corpus is absent.
    static func captures() -> [URL] {
        guard let corpus = TestServers.corpusDirectory() else {
            print("HARCorpusTests: no corpus (FERRY_CORPUS); the HAR captures were not imported")
            return []
        }
        let folder = corpus.appendingPathComponent("har")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".har") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// `log.entries` read with Foundation's parser, independently of the importer.
    static func entries(_ bytes: [UInt8]) throws -> [[String: Any]] {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        return try #require(log["entries"] as? [[String: Any]])
    }

    /// How many entries have a response with a status above 0 (what is recorded in the history).
    static func answeredCount(_ entries: [[String: Any]]) -> Int {
        entries.filter { (($0["response"] as? [String: Any])?["status"] as? Int ?? 0) > 0 }.count
    }

    @Test func everyCaptureImportsEveryEntryAndReadsBack() async throws {
        try await offThePool {
            let captures = Self.captures()
            guard !captures.isEmpty else { return }
            #expect(captures.count == 5)
            var total = 0
            var totalRecorded = 0
            for url in captures {
                let bytes = try FileIO.read(url).bytes
                let name = url.lastPathComponent
                // Recognised by content, whatever the file is called.
                #expect(
                    CollectionImporters.importer(recognizing: bytes, fileName: "capture.json") == HARImporter.self,
                    "\(name)")
                let entries = try Self.entries(bytes)
                let expected = entries.count
                let collection = try HARImporter.read(bytes, fileName: name)
                #expect(collection.requestCount == expected, "\(name)")
                let recorded = collection.files.flatMap { $0.recordedExchanges.values }
                #expect(recorded.count == Self.answeredCount(entries), "\(name)")
                #expect(recorded.allSatisfy { $0.status > 0 && $0.timing != nil }, "\(name)")
                totalRecorded += recorded.count
                #expect(collection.diagnostics == [], "\(name)")
                #expect(ImportReparsing.expectReparses(collection) == expected, "\(name)")
                for request in collection.files.flatMap(\.requests) {
                    #expect(!request.headers.contains { $0.name.hasPrefix(":") }, "\(name)")
                    #expect(request.header("Content-Length") == nil, "\(name)")
                }
                total += expected
            }
            #expect(total == 18)
            #expect(totalRecorded == 18)
        }
    }

    @Test func theCaptureWithAByteOrderMarkReadsAsTheOneWithout() throws {
        let captures = Self.captures()
        guard let plain = captures.first(where: { $0.lastPathComponent == "mitmproxy-postdata.har" }),
            let marked = captures.first(where: { $0.lastPathComponent == "mitmproxy-with-bom.har" })
        else { return }
        let withoutMark = try HARImporter.read(try FileIO.read(plain).bytes, fileName: "a.har")
        let withMark = try HARImporter.read(try FileIO.read(marked).bytes, fileName: "a.har")
        #expect(withMark.files == withoutMark.files)
        let request = try #require(withMark.files.first?.requests.first)
        #expect(request.method == "POST")
        #expect(request.url == "https://signal-metrics-collector-beta.s-onetag.com/metrics")
        #expect(request.header("Content-Type") == "text/plain;charset=UTF-8")
        #expect((request.body?.count ?? 0) > 1000)
    }
}
