import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@Suite struct HTTPFileRoundTripTests {
    static func httpFiles(under root: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if ["http", "rest"].contains(url.pathExtension) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func everyCorpusFileLoadsAndRoundTripsByteForByte() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let files = Self.httpFiles(under: corpus.appendingPathComponent("http"))
        #expect(files.count >= 9)
        var requestCount = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let file = HTTPFileParser.parse(bytes, path: url.lastPathComponent)
            #expect(file.bytes() == bytes, "round trip of \(url.lastPathComponent)")
            #expect(file.diagnostics.filter { $0.severity == .error } == [], "errors in \(url.lastPathComponent)")
            #expect(!file.requests.isEmpty, "\(url.lastPathComponent) has requests")
            requestCount += file.requests.count
        }
        #expect(requestCount >= 90)
    }

    @Test func corpusSpecialsAreRead() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let http = corpus.appendingPathComponent("http")
        let eshop = HTTPFileParser.parse(
            try [UInt8](Data(contentsOf: http.appendingPathComponent("eshop/Catalog.API.http"))), path: "c.http")
        #expect(eshop.hasByteOrderMark)
        #expect(eshop.requests.count == 6)
        #expect(eshop.fileVariables(forRequestAt: 5)["Catalog.API_HostAddress"] == "http://localhost:5222")
        let crlf = HTTPFileParser.parse(
            try [UInt8](Data(contentsOf: http.appendingPathComponent("vscode-restclient/aadToken.http"))),
            path: "a.http")
        #expect(crlf.lineEnding == "\r\n")
        #expect(crlf.requests.count == 13)
        #expect(crlf.requests[0].header("Authorization") == "{{$aadToken}}")
        let webapi = HTTPFileParser.parse(
            try [UInt8](Data(contentsOf: http.appendingPathComponent("clean-architecture/Web-webapi.http"))),
            path: "w.http")
        #expect(webapi.diagnostics.count == 1)
        #expect(webapi.diagnostics.first?.severity == .warning)
    }

    @Test func sampleCollectionsLoadCleanly() throws {
        let root = TestServers.packageRoot.appendingPathComponent("Collections")
        let files = Self.httpFiles(under: root)
        #expect(files.count >= 3)
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let file = HTTPFileParser.parse(bytes, path: url.lastPathComponent)
            #expect(file.diagnostics == [], "\(url.lastPathComponent)")
            #expect(file.bytes() == bytes)
            #expect(file.requests.allSatisfy { $0.name != nil })
        }
    }

    @Test func editingOneRequestRewritesOnlyItsSection() throws {
        let text =
            "\u{FEFF}@host = h\r\n\r\n### one\r\n# keep me\r\nGET {{host}}/a\r\n\r\n### two\r\nGET {{host}}/b\r\nX: 1\r\n\r\n### three\r\n// tail\r\nPOST /c\r\n\r\nbody\r\n"
        var file = HTTPFileParser.parse(text: text, path: "e.http")
        var second = file.requests[1]
        second.setHeader("X", "2")
        second.setHeader("Accept", "*/*")
        try file.replaceRequest(at: 1, with: second)
        let expected =
            "\u{FEFF}@host = h\r\n\r\n### one\r\n# keep me\r\nGET {{host}}/a\r\n\r\n### two\r\nGET {{host}}/b\r\nX: 2\r\nAccept: */*\r\n\r\n### three\r\n// tail\r\nPOST /c\r\n\r\nbody\r\n"
        #expect(file.text() == expected)
        let reparsed = HTTPFileParser.parse(file.bytes(), path: "e.http")
        #expect(reparsed.requests == file.requests)
    }

    @Test func renderedRequestsParseBackToTheSameModel() throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        for url in Self.httpFiles(under: corpus.appendingPathComponent("http")) {
            let file = HTTPFileParser.parse(try [UInt8](Data(contentsOf: url)), path: url.lastPathComponent)
            var edited = file
            for position in file.requests.indices {
                try edited.replaceRequest(at: position, with: file.requests[position])
            }
            let reparsed = HTTPFileParser.parse(edited.bytes(), path: url.lastPathComponent)
            #expect(reparsed.requests == file.requests, "\(url.lastPathComponent)")
        }
    }

    @Test func removingAndInsertingRequests() throws {
        var file = HTTPFileParser.parse(text: "@v = 1\nGET /a\n\n### b\nGET /b\n", path: "r.http")
        let removed = try file.removeRequest(at: 0)
        #expect(removed.url == "/a")
        #expect(file.text() == "@v = 1\n\n### b\nGET /b\n")
        file.insertRequest(SavedRequest(title: "c", method: "POST", url: "/c", body: "x"))
        #expect(file.text() == "@v = 1\n\n### b\nGET /b\n### c\nPOST /c\n\nx\n\n")
        #expect(HTTPFileParser.parse(file.bytes(), path: "r.http").requests.map(\.url) == ["/b", "/c"])
    }
}
