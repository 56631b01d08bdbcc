import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// `JSONDocument.writeFormatted` (what `ferry json` streams) prints the same bytes as the value tree's
/// formatter, whatever the chunk size.
@Suite(.offThePool) struct StreamedFormattingTests {
    static let formats: [JSONFormat] = [.pretty(indent: 2), .compact, .pretty(indent: 0), .pretty(indent: 5)]

    /// The corpus's JSON files that parse strictly: the benchmark files and JSONTestSuite's `y_` cases.
    static func corpusFiles() -> [URL] {
        guard let corpus = TestServers.corpusDirectory() else { return [] }
        let json = corpus.appendingPathComponent("json")
        let folders = [json.appendingPathComponent("bench"), json.appendingPathComponent("JSONTestSuite/test_parsing")]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix("n_") && !$0.hasPrefix("i_") }
                .map { folder.appendingPathComponent($0) }
        }
    }

    /// The chunks `writeFormatted` hands out, joined, and the largest one.
    static func streamed(_ document: JSONDocument, _ format: JSONFormat, chunkSize: Int) -> ([UInt8], Int) {
        var joined: [UInt8] = []
        var largest = 0
        document.writeFormatted(format, chunkSize: chunkSize) { chunk in
            joined.append(contentsOf: chunk)
            largest = max(largest, chunk.count)
        }
        return (joined, largest)
    }

    @Test(.enabled(if: TestServers.corpusDirectory() != nil, "the corpus is absent (set FERRY_CORPUS)"))
    func corpusFilesStreamAsTheValueFormatterPrintsThem() async throws {
        try await offThePool {
            let files = Self.corpusFiles()
            #expect(files.count > 100)
            var compared = 0
            for file in files {
                let bytes = try [UInt8](Data(contentsOf: file))
                guard let document = try? JSONDocument(parsing: bytes) else { continue }
                let value = document.value(at: document.root)
                // Every format and one-byte chunks for the small files; the large ones (megabytes, slow in a debug
                // build beside the rest of the suite) in two formats at the size `ferry json` writes.
                let isSmall = bytes.count < 65_536
                for format in isSmall ? Self.formats : [.pretty(indent: 2), .compact] {
                    let expected = value.formattedBytes(format)
                    for chunkSize in isSmall ? [1, 4096] : [1 << 20] {
                        let (streamed, _) = Self.streamed(document, format, chunkSize: chunkSize)
                        #expect(streamed == expected, "\(file.lastPathComponent), \(format), chunks of \(chunkSize)")
                    }
                    #expect(document.formattedBytes(format) == expected, "\(file.lastPathComponent), \(format)")
                }
                compared += 1
            }
            #expect(compared > 100)
        }
    }

    @Test func largeOutputComesInBoundedChunks() async throws {
        try await offThePool { try Self.checkLargeOutputComesInBoundedChunks() }
    }

    /// Half a megabyte parsed and formatted twice: seconds of work in a debug build, run off the pool.
    private static func checkLargeOutputComesInBoundedChunks() throws {
        let element = #"{"name": "f\u00e9rry \"quoted\"", "values": [1, 2.50, -3e2, true, null], "nested": {"k": []}}"#
        let text = "[" + Array(repeating: element, count: 5_000).joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: text)
        let expected = document.value(at: document.root).formattedBytes()
        let (streamed, largest) = Self.streamed(document, .pretty(indent: 2), chunkSize: 16_384)
        #expect(streamed == expected)
        #expect(expected.count > 20 * 16_384)
        // A chunk is flushed after the value that reaches the size, so it passes it by at most one value.
        #expect(largest >= 16_384 && largest < 16_384 + 200)
    }
}
