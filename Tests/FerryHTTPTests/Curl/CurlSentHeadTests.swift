import FerryHTTP
import FerryTestSupport
import FerryURLSession
import Foundation
import Testing

/// `HTTPRequest.recordsSentHead`: the heads libcurl reports as written equal what the test server read off
/// the socket, line for line, including the fields libcurl adds on its own.
@Suite struct CurlSentHeadTests {
    let server: TestHTTPServer
    let client: HTTPClient

    init() throws {
        server = try TestHTTPServer()
        client = HTTPClient(transport: CurlTransport())
    }

    /// A recording request for `path` on the test server.
    func recording(_ path: String, method: HTTPMethod = .get, body: HTTPBody = .none) -> HTTPRequest {
        var request = HTTPRequest(method, url: URL(string: server.baseURL + path)!, body: body)
        request.recordsSentHead = true
        return request
    }

    /// Checks that `head` is exactly the head the server received as `recorded`.
    func expect(
        _ head: SentRequestHead?, equals recorded: RecordedRequest?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let head, let recorded else {
            Issue.record("missing head (\(head == nil ? "client" : "server"))", sourceLocation: sourceLocation)
            return
        }
        #expect(
            head.requestLine == "\(recorded.method) \(recorded.target) \(recorded.version)",
            sourceLocation: sourceLocation)
        #expect(
            head.headers.map { "\($0.name): \($0.value)" } == recorded.headers.map { "\($0.name): \($0.value)" },
            sourceLocation: sourceLocation)
    }

    // MARK: - Plain requests

    @Test func getHeadMatchesWhatTheServerReceivedWithLibcurlsOwnFields() async throws {
        var request = recording("/echo?a=1")
        request.headers["X-Trace"] = "t-1"
        let response = try await client.send(request)
        let head = try #require(response.sentHead)
        expect(head, equals: server.requests.first)
        #expect(response.sentHeads.count == 1)
        #expect(head.method == "GET")
        #expect(head.target == "/echo?a=1")
        #expect(head.version == "HTTP/1.1")
        // Fields the request never set: libcurl's.
        #expect(head.headers["Host"] == "127.0.0.1:\(server.port)")
        #expect(head.headers["User-Agent"]?.hasPrefix("Ferry/1.0 (libcurl/") == true)
        #expect(head.headers["Accept"] == "*/*")
        #expect(head.headers["Accept-Encoding"]?.contains("gzip") == true)
        #expect(head.headers["X-Trace"] == "t-1")
        #expect(head.text.hasPrefix("GET /echo?a=1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"))
        #expect(head.text.hasSuffix("\r\n\r\n"))
    }

    @Test func nothingIsRecordedUnlessAsked() async throws {
        var request = recording("/echo")
        request.recordsSentHead = false
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.sentHeads.isEmpty)
        #expect(response.sentHead == nil)
    }

    @Test func aRecycledHandleStopsRecordingForTheNextRequest() async throws {
        _ = try await client.send(recording("/echo"))
        var plain = recording("/echo")
        plain.recordsSentHead = false
        let second = try await client.send(plain)
        #expect(second.sentHeads.isEmpty)
        #expect(server.requests.count == 2)
    }

    // MARK: - Redirects

    @Test func eachRedirectHopHasItsHeadInOrder() async throws {
        server.route("/start", responding: .redirect(to: "/middle", status: 301))
        server.route("/middle", responding: .redirect(to: "/echo?final=1", status: 307))
        let response = try await client.send(recording("/start"))
        #expect(response.status == 200)
        let recorded = server.requests
        #expect(recorded.map(\.target) == ["/start", "/middle", "/echo?final=1"])
        #expect(response.sentHeads.count == 3)
        for (head, received) in zip(response.sentHeads, recorded) { expect(head, equals: received) }
        #expect(response.sentHead?.target == "/echo?final=1")
    }

    @Test func aPostRedirectedWith303ShowsTheGetThatFollowed() async throws {
        server.route("/form", responding: .redirect(to: "/echo", status: 303))
        let response = try await client.send(recording("/form", method: .post, body: .text("a=1")))
        let heads = response.sentHeads
        #expect(heads.map(\.method) == ["POST", "GET"])
        #expect(heads.first?.headers["Content-Length"] == "3")
        #expect(heads.last?.headers["Content-Length"] == nil)
        for (head, received) in zip(heads, server.requests) { expect(head, equals: received) }
    }

    // MARK: - Bodies

    @Test func aBodyIsAnnouncedWithContentLengthAndNotPartOfTheHead() async throws {
        let response = try await client.send(recording("/echo", method: .post, body: .text("hello body")))
        let head = try #require(response.sentHead)
        expect(head, equals: server.requests.first)
        #expect(head.headers["Content-Length"] == "10")
        #expect(head.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(head.headers["Expect"] == nil)
        #expect(!head.text.contains("hello body"))
        #expect(server.requests.first?.bodyText == "hello body")
    }

    @Test func aChunkedUploadShowsTransferEncoding() async throws {
        var request = recording(
            "/echo", method: .put, body: .data(Data("chunked payload".utf8), contentType: "text/plain"))
        request.headers["Transfer-Encoding"] = "chunked"
        let response = try await client.send(request)
        let head = try #require(response.sentHead)
        let received = try #require(server.requests.first)
        expect(head, equals: received)
        #expect(received.wasChunked)
        #expect(received.bodyText == "chunked payload")
        #expect(head.headers["Transfer-Encoding"] == "chunked")
    }

    @Test func anExpectContinueUploadHasOneHead() async throws {
        var request = recording(
            "/echo", method: .post, body: .data(Data(repeating: 65, count: 200_000), contentType: nil))
        request.headers["Expect"] = "100-continue"
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.sentHeads.count == 1)
        expect(response.sentHead, equals: server.requests.first)
        #expect(response.sentHead?.headers["Expect"] == "100-continue")
        #expect(response.sentHead?.headers["Content-Length"] == "200000")
    }

    // MARK: - Credentials

    @Test func basicAuthIsSentAndRecordedAsSent() async throws {
        var request = recording("/echo")
        request.auth = .basic(user: "ada", password: "s3cret")
        let response = try await client.send(request)
        let head = try #require(response.sentHead)
        expect(head, equals: server.requests.first)
        let expected = "Basic " + Data("ada:s3cret".utf8).base64EncodedString()
        #expect(head.headers["Authorization"] == expected)
        #expect(server.requests.first?.header("Authorization") == expected)
    }

    // MARK: - Failures

    @Test func aFailedTransferCarriesTheHeadsItHadSent() async throws {
        server.route("/reset", responding: TestResponse.text("never").aborted(.resetImmediately))
        do {
            _ = try await client.send(recording("/reset"))
            Issue.record("a reset connection should fail")
        } catch {
            #expect(!error.isCanceled)
            #expect(error.sentHeads.count >= 1)
            expect(error.sentHeads.first, equals: server.requests.first)
        }
    }

    @Test func aRefusedConnectionSentNothing() async throws {
        var request = HTTPRequest(url: URL(string: "http://127.0.0.1:\(try closedPort())/x")!)
        request.recordsSentHead = true
        do {
            _ = try await client.send(request)
            Issue.record("nothing listens there")
        } catch {
            #expect(error.sentHeads.isEmpty)
        }
    }

    // MARK: - Streaming

    @Test func aStreamedResponseCarriesTheHeadInItsHeadAndItsEnd() async throws {
        server.route("/big", responding: .text(String(repeating: "x", count: 100_000)))
        let streaming = try await client.stream(recording("/big"))
        var count = 0
        for try await chunk in streaming.body { count += chunk.count }
        let finished = try await streaming.task.value()
        #expect(count == 100_000)
        expect(streaming.head.sentHead, equals: server.requests.first)
        #expect(finished.sentHeads == streaming.head.sentHeads)
    }

    // MARK: - HTTP/2

    @Test func anHTTP2HeadIsShownTheWayLibcurlWritesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-senthead-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("h2".utf8).write(to: folder.appendingPathComponent("a.txt"))
        guard let server = try await NghttpdServer.start(serving: folder) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: "\(server.baseURL)/a.txt")!)
        request.httpVersion = .http2PriorKnowledge
        request.recordsSentHead = true
        let response = try await HTTPClient(transport: CurlTransport()).send(request)
        #expect(response.body == Data("h2".utf8))
        let head = try #require(response.sentHead)
        #expect(head.requestLine == "GET /a.txt HTTP/2")
        #expect(head.headers["Host"] == "127.0.0.1:\(server.port)")
        #expect(head.headers["User-Agent"]?.hasPrefix("Ferry/1.0") == true)
    }

    // MARK: - URLSession

    @Test func urlSessionCannotSeeTheWireAndRecordsNothing() async throws {
        let response = try await HTTPClient(transport: URLSessionTransport()).send(recording("/echo"))
        #expect(response.status == 200)
        #expect(response.sentHead == nil)
    }
}
