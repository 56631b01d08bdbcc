import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// HTTP/2 over cleartext (h2c) against real servers on loopback: nghttpd with prior knowledge, Hypercorn
/// with `Upgrade`.
@Suite struct CurlHTTP2Tests {
    /// A temporary folder with `count` files of distinct content, named `file-N.bin`.
    static func documents(count: Int) throws -> (folder: URL, contents: [Data]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-h2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var contents: [Data] = []
        for index in 0..<count {
            let data = Data((0..<(100_000 + index * 1_000)).map { UInt8(truncatingIfNeeded: $0 &* (index + 7)) })
            try data.write(to: folder.appendingPathComponent("file-\(index).bin"))
            contents.append(data)
        }
        return (folder, contents)
    }

    @Test func answersOverHTTP2WithTheRightBody() async throws {
        let (folder, contents) = try Self.documents(count: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let server = try await NghttpdServer.start(serving: folder) else { return }
        defer { server.stop() }
        let response = try await HTTPClient(transport: CurlTransport()).send(Self.request(server, 0))
        #expect(response.status == 200)
        #expect(response.reason.isEmpty)
        #expect(response.timing?.httpVersion == .http2)
        #expect(response.timing?.connectionReused == false)
        #expect(response.timing?.remotePort == Int(server.port))
        #expect(response.body == contents[0])
    }

    /// Known libcurl 7.88.1 bug (Debian 12): a second stream on an h2c prior-knowledge connection, sequential
    /// or concurrent, fails with "Error in the HTTP2 framing layer" (code 16) because on reuse libcurl sets up
    /// yet another HTTP/2 layer over the connection that already has one: curl/curl#10634, fixed by
    /// curl/curl#10643 (curl 8.0.0). nghttpd's log shows the connection closing right after stream 1;
    /// Hypercorn fails the same way, and so does the curl CLI (`curl --http2-prior-knowledge URL URL`), so
    /// it's the client. h2c with `Upgrade` (``h2cUpgradeAnswersOverHTTP2AndMultiplexes()``) and h2 over TLS
    /// (`CurlHTTP2TLSTests`) reuse and multiplex fine. Recorded as a known issue matching only code 16, so
    /// this test fails (and should be made strict) once libcurl is newer.
    @Test func priorKnowledgeReuseHitsTheLibcurlBug() async throws {
        let (folder, contents) = try Self.documents(count: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let server = try await NghttpdServer.start(serving: folder) else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let opening = try await client.send(Self.request(server, 0))
        #expect(opening.timing?.httpVersion == .http2)
        #expect(opening.body == contents[0])
        try await withKnownIssue("curl/curl#10634: libcurl 7.88.1 breaks reused h2c prior-knowledge connections") {
            let second = try await client.send(Self.request(server, 1))
            #expect(second.timing?.connectionReused == true)
            #expect(second.body == contents[1])
        } matching: { issue in
            guard case .transport(code: 16, _)? = (issue.error as? HTTPClientError)?.reason else { return false }
            return true
        }
    }

    /// h2c negotiated with `Upgrade: h2c` (Hypercorn; nghttpd can't upgrade): both requests answer over
    /// HTTP/2, and concurrent ones multiplex on one connection.
    ///
    /// Reuse of the upgraded connection is timing-dependent in libcurl 7.88.1, so it is an intermittent
    /// known issue here (h2 over TLS, `CurlHTTP2TLSTests`, reuses every time):
    /// - When more than 32 KiB of HTTP/2 frames arrive in the same read as the `101`, libcurl logs
    ///   "connection buffer size is too small to store data following HTTP Upgrade response header" and
    ///   the next request finds the connection dead (2 curl CLI runs in 10): so the upgrading response is
    ///   small.
    /// - Under ThreadSanitizer (about 1 full-suite run in 3), libcurl's liveness check on reuse says
    ///   "Connection 0 seems to be dead" and reconnects, with nothing in the test going wrong.
    /// No upstream report found for either; libcurl reconnects by itself, so requests still succeed.
    @Test func h2cUpgradeAnswersOverHTTP2AndMultiplexes() async throws {
        guard let server = try await HypercornServer.start() else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let first = try await client.send(HTTP2Peer.request(server.baseURL, "/bytes/2000?seed=3", version: .http2))
        let second = try await client.send(
            HTTP2Peer.request(server.baseURL, "/bytes/80000?seed=4", version: .http2))
        #expect(first.timing?.httpVersion == .http2)
        #expect(first.headers["x-http-version"] == "2")
        #expect(first.timing?.connectionReused == false)
        #expect(second.timing?.httpVersion == .http2)
        #expect(first.body == HypercornServer.pattern(count: 2_000, seed: 3))
        #expect(second.body == HypercornServer.pattern(count: 80_000, seed: 4))
        withKnownIssue("libcurl 7.88.1 sometimes finds an upgraded h2c connection dead on reuse", isIntermittent: true)
        {
            #expect(second.timing?.connectionReused == true)
            #expect(second.headers["x-client-port"] == first.headers["x-client-port"])
        }
        let concurrent = try await HTTP2Peer.barrier(client, server.baseURL, count: 4, version: .http2)
        #expect(Set(concurrent.map { $0.headers["x-client-port"] }).count == 1)
        for response in concurrent {
            #expect(response.body == Data("4".utf8))
            #expect(response.timing?.httpVersion == .http2)
        }
    }

    /// A GET for `file-N.bin` over HTTP/2 with prior knowledge.
    static func request(_ server: NghttpdServer, _ index: Int) -> HTTPRequest {
        var request = HTTPRequest(url: URL(string: "\(server.baseURL)/file-\(index).bin")!)
        request.httpVersion = .http2PriorKnowledge
        return request
    }

    @Test func streamedBodyOverHTTP2() async throws {
        let (folder, contents) = try Self.documents(count: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let server = try await NghttpdServer.start(serving: folder) else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        var request = HTTPRequest(url: URL(string: "\(server.baseURL)/file-0.bin")!)
        request.httpVersion = .http2PriorKnowledge
        let response = try await client.stream(request, bufferLimit: 16 * 1024)
        var body = Data()
        for try await chunk in response.body { body.append(chunk) }
        #expect(body == contents[0])
        #expect(try await response.task.value().timing?.httpVersion == .http2)
    }
}
