import Testing

@testable import FerryImport
@testable import FerryWorkbench

@Suite struct HARImporterTests {
    /// A HAR 1.2 capture holding `entries` (JSON texts).
    static func capture(_ entries: [String]) -> [UInt8] {
        Array(
            """
            {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"},
              "entries": [\(entries.joined(separator: ",\n"))]}}
            """.utf8)
    }

    /// An entry whose request has `method`, `url` and the JSON members `more` (`"headers": […]`, …).
    static func entry(_ method: String, _ url: String, _ more: String = "") -> String {
        var extra = more.isEmpty ? "" : ", " + more
        if !more.contains("\"headers\"") { extra += #", "headers": []"# }
        if !more.contains("\"cookies\"") { extra += #", "cookies": []"# }
        return """
            {"startedDateTime": "2024-01-01T00:00:00.000Z", "time": 1,
             "request": {"method": "\(method)", "url": "\(url)", "httpVersion": "HTTP/1.1",
               "queryString": [], "headersSize": -1, "bodySize": 0\(extra)},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
               "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
             "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}
            """
    }

    static func read(_ entries: [String]) throws -> ImportedCollection {
        try HARImporter.read(capture(entries), fileName: "capture.har")
    }

    @Test func recognisesACaptureByItsContentWithOrWithoutAByteOrderMark() {
        let bytes = Self.capture([Self.entry("GET", "https://a.test/")])
        #expect(CollectionImporters.importer(recognizing: bytes, fileName: "capture.json") == HARImporter.self)
        #expect(
            CollectionImporters.importer(recognizing: [0xEF, 0xBB, 0xBF] + bytes, fileName: "x") == HARImporter.self)
        #expect(
            CollectionImporters.importer(recognizing: Array("{}".utf8), fileName: "capture.har") == HARImporter.self)
        #expect(!HARImporter.recognizes(Array(#"{"info": {"name": "log"}, "item": []}"#.utf8), fileName: "c.json"))
        #expect(!HARImporter.recognizes(Array(#"{"log": {"version": "1.2"}}"#.utf8), fileName: "c.json"))
    }

    @Test func keepsMethodURLAndCapturedHeadersButNotPseudoHopByHopOrComputedOnes() throws {
        let headers = """
            "headers": [
              {"name": ":authority", "value": "a.test"}, {"name": ":method", "value": "PUT"},
              {"name": "Host", "value": "a.test"}, {"name": "Content-Length", "value": "2"},
              {"name": "Connection", "value": "keep-alive"}, {"name": "accept-encoding", "value": "gzip, br"},
              {"name": "Accept", "value": "application/json"}, {"name": "X-Trace", "value": "1\\r\\n2"}]
            """
        let collection = try Self.read([Self.entry("put", "https://a.test/items/7?x=1 2", headers)])
        let request = try #require(collection.files.first?.requests.first)
        #expect(request.method == "PUT")
        #expect(request.url == "https://a.test/items/7?x=1%202")
        #expect(request.headers.map(\.name) == ["Accept", "X-Trace"])
        // A value the wire would refuse is taken as captured and left out of the written text, with a warning.
        let written = try #require(collection.files.first).safeForWriting().requests.first
        #expect(written?.headers.map(\.name) == ["Accept"])
        #expect(collection.diagnostics.contains { $0.message.contains("X-Trace") && $0.message.contains("left out") })
    }

    @Test func keepsAHostHeaderThatDiffersFromTheURL() throws {
        let headers = #""headers": [{"name": "Host", "value": "virtual.test"}]"#
        let collection = try Self.read([Self.entry("GET", "http://127.0.0.1:8080/", headers)])
        #expect(collection.files.first?.requests.first?.header("Host") == "virtual.test")
    }

    @Test func capturedCookiesBecomeACookieHeaderUnlessOneWasCaptured() throws {
        let cookies = #""cookies": [{"name": "sid", "value": "abc"}, {"name": "theme", "value": "dark"}]"#
        let withHeader = #""headers": [{"name": "Cookie", "value": "sid=abc"}], "# + cookies
        let collection = try Self.read([
            Self.entry("GET", "https://a.test/one", cookies),
            Self.entry("GET", "https://a.test/two", withHeader),
        ])
        let requests = try #require(collection.files.first?.requests)
        #expect(requests.map { $0.header("Cookie") } == ["sid=abc; theme=dark", "sid=abc"])
        #expect(requests[1].headers.filter { $0.name == "Cookie" }.count == 1)
    }

    @Test func postDataTextIsTheBodyWithItsMimeTypeUnlessAContentTypeWasCaptured() throws {
        let json = #""postData": {"mimeType": "application/json", "text": "{\"a\": 1}\r\n"}"#
        let typed = #""headers": [{"name": "content-type", "value": "text/x-mine"}], "# + json
        let collection = try Self.read([
            Self.entry("POST", "https://a.test/p", json), Self.entry("POST", "https://a.test/q", typed),
        ])
        let requests = try #require(collection.files.first?.requests)
        #expect(requests[0].body == #"{"a": 1}"#)
        #expect(requests[0].header("Content-Type") == "application/json")
        #expect(requests[1].headers.filter { $0.name.lowercased() == "content-type" }.map(\.value) == ["text/x-mine"])
    }

    @Test func paramsWithoutTextBecomeAFormOrAMultipartBody() throws {
        let form = """
            "postData": {"mimeType": "application/x-www-form-urlencoded",
              "params": [{"name": "a b", "value": "1&2"}, {"name": "c", "value": ""}]}
            """
        let multipart = """
            "postData": {"mimeType": "multipart/form-data; boundary=XyZ",
              "params": [{"name": "title", "value": "Hi"}, {"name": "note", "value": "x", "contentType": "text/plain"}]}
            """
        let collection = try Self.read([
            Self.entry("POST", "https://a.test/form", form), Self.entry("POST", "https://a.test/upload", multipart),
        ])
        let requests = try #require(collection.files.first?.requests)
        #expect(requests[0].body == "a%20b=1%262&c=")
        #expect(requests[0].header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(requests[1].header("Content-Type") == "multipart/form-data; boundary=XyZ")
        let fields = try #require(requests[1].formFields)
        #expect(fields.map(\.name) == ["title", "note"])
        #expect(fields.map(\.value) == ["Hi", "x"])
        #expect(fields[1].contentType == "text/plain")
    }

    @Test func requestsAreGroupedByHostInSafelyNamedFilesWithUniqueTitles() throws {
        let collection = try Self.read([
            Self.entry("GET", "https://a.test/users"), Self.entry("GET", "http://localhost:8080/users"),
            Self.entry("GET", "https://a.test/users?page=2"), Self.entry("POST", "https://user:pw@a.test/users"),
            Self.entry("GET", "https://..%2F..%2Fetc/"),
        ])
        #expect(collection.files.map(\.path) == ["a.test.http", "localhost-8080.http", "2F..-2Fetc.http"])
        #expect(collection.files[0].requests.map(\.title) == ["get-users", "get-users-2", "post-users"])
        #expect(collection.files.allSatisfy { !$0.path.contains("/") && !$0.path.hasPrefix(".") })
    }

    @Test func aMalformedEntryIsReportedWithItsIndexAndTheRestImported() throws {
        let collection = try Self.read([
            Self.entry("GET", "https://a.test/one"), #"{"request": "nope"}"#, Self.entry("GET", "/relative"),
            Self.entry("GET", "https://a.test/two"),
        ])
        #expect(collection.requestCount == 2)
        #expect(collection.diagnostics.map(\.message).contains { $0.hasPrefix("log.entries[1] ") })
        #expect(collection.diagnostics.map(\.message).contains { $0.hasPrefix("log.entries[2].request ") })
        #expect(collection.diagnostics.allSatisfy { $0.location.file == "capture.har" && $0.location.line > 1 })
    }

    @Test func textThatReadsAsAVariableReferenceIsReported() throws {
        let collection = try Self.read([
            Self.entry("GET", "https://a.test/plain"), Self.entry("GET", "https://a.test/{{x}}"),
        ])
        #expect(collection.requestCount == 2)
        #expect(
            collection.diagnostics.map(\.message) == [
                "log.entries[1].request holds '{{', which Ferry reads as a variable reference when sending"
            ])
    }

    @Test func aFileWithoutEntriesOrNotJSONIsAnError() {
        #expect(throws: Diagnostic.self) { try HARImporter.read(Array(#"{"log": {}}"#.utf8), fileName: "x.har") }
        #expect(throws: Diagnostic.self) { try HARImporter.read(Array("{\"log\": ".utf8), fileName: "x.har") }
    }
}
