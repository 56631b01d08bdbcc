import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// HTTP/2 the way users meet it, "HTTP/2 when offered": h2 negotiated with ALPN over TLS, against nghttpd and
/// Hypercorn on loopback with a certificate authority made for the test and trusted through
/// ``HTTPRequest/certificateAuthorityBundle``.
@Suite struct CurlHTTP2TLSTests {
    @Test func secondRequestReusesTheTLSConnection() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-h2-tls")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        let contents = try Self.writeDocuments(count: 2, in: folder.url)
        guard let server = try await NghttpdServer.start(serving: folder.url, tls: certificates) else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let first = try await client.send(Self.request(server, 0, certificates))
        let second = try await client.send(Self.request(server, 1, certificates))

        #expect(first.status == 200)
        #expect(first.body == contents[0])
        #expect(first.tlsVerification == .enabled)
        let opening = try #require(first.timing)
        #expect(opening.httpVersion == .http2)
        #expect(opening.connectionReused == false)
        #expect(opening.tlsHandshake > .zero)
        #expect(opening.remotePort == Int(server.port))

        #expect(second.status == 200)
        #expect(second.body == contents[1])
        let reused = try #require(second.timing)
        #expect(reused.httpVersion == .http2)
        #expect(reused.connectionReused == true)
        #expect(reused.connect == .zero)
        #expect(reused.tlsHandshake == .zero)
    }

    @Test func concurrentRequestsShareOneTLSConnection() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-h2-tls")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        let contents = try Self.writeDocuments(count: 8, in: folder.url)
        guard let server = try await NghttpdServer.start(serving: folder.url, tls: certificates) else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let opening = try await client.send(Self.request(server, 0, certificates))
        #expect(opening.timing?.connectionReused == false)
        let responses = try await withThrowingTaskGroup(of: (Int, HTTPResponse).self) { group in
            for index in contents.indices {
                group.addTask { (index, try await client.send(Self.request(server, index, certificates))) }
            }
            var responses: [Int: HTTPResponse] = [:]
            for try await (index, response) in group { responses[index] = response }
            return responses
        }
        #expect(responses.count == contents.count)
        for (index, response) in responses {
            #expect(response.body == contents[index])
            #expect(response.timing?.httpVersion == .http2)
            #expect(response.timing?.connectionReused == true)
        }
    }

    /// Hypercorn holds every `/barrier` answer until all of them are in flight and names the client port
    /// each came from: one port and a count of 6 everywhere prove six streams at once on one connection,
    /// here from a fresh client, so the first connection's set-up is shared too (`CURLOPT_PIPEWAIT`).
    @Test func concurrentStreamsMultiplexFromAColdStart() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-h2-tls")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        guard let server = try await HypercornServer.start(tls: certificates) else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let responses = try await HTTP2Peer.barrier(
            client, server.baseURL, count: 6, version: .automatic, authority: certificates.authorityFile)
        #expect(responses.count == 6)
        #expect(Set(responses.map { $0.headers["x-client-port"] }).count == 1)
        #expect(responses.filter { $0.timing?.connectionReused == false }.count == 1)
        for response in responses {
            #expect(response.body == Data("6".utf8))
            #expect(response.headers["x-http-version"] == "2")
            #expect(response.timing?.httpVersion == .http2)
        }
        let later = try await client.send(
            HTTP2Peer.request(
                server.baseURL, "/bytes/70000?seed=9", version: .automatic, authority: certificates.authorityFile))
        #expect(later.body == HypercornServer.pattern(count: 70_000, seed: 9))
        #expect(later.timing?.connectionReused == true)
        #expect(later.headers["x-client-port"] == responses.first?.headers["x-client-port"])
    }

    // MARK: - Trust

    @Test func untrustedCertificateFailsAsTLS() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-h2-tls")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        _ = try Self.writeDocuments(count: 1, in: folder.url)
        guard let server = try await NghttpdServer.start(serving: folder.url, tls: certificates) else { return }
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport())
        let request = HTTPRequest(url: URL(string: server.baseURL + "/file-0.bin")!)
        let reason = await failureReason { _ = try await client.send(request) }
        guard case .tlsFailure(let why)? = reason else {
            Issue.record("expected a TLS failure, got \(String(describing: reason))")
            return
        }
        #expect(why.kind == .unknownIssuer)
        #expect(why.explanation.contains("unknown authority"))
    }

    @Test func verificationOffIsReported() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-h2-tls")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        let contents = try Self.writeDocuments(count: 1, in: folder.url)
        guard let server = try await NghttpdServer.start(serving: folder.url, tls: certificates) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/file-0.bin")!)
        request.tlsVerification = .disabled
        let response = try await HTTPClient(transport: CurlTransport()).send(request)
        #expect(response.body == contents[0])
        #expect(response.tlsVerification == .disabled)
        #expect(response.timing?.httpVersion == .http2)
    }

    @Test func missingBundleFailsAsTLS() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-h2-tls")
        guard let certificates = try await TestCertificates.make(in: folder.url) else { return }
        _ = try Self.writeDocuments(count: 1, in: folder.url)
        guard let server = try await NghttpdServer.start(serving: folder.url, tls: certificates) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/file-0.bin")!)
        request.certificateAuthorityBundle = folder.url.appendingPathComponent("no-such-ca.pem")
        let reason = await failureReason { _ = try await HTTPClient(transport: CurlTransport()).send(request) }
        guard case .tlsFailure(let why)? = reason else {
            Issue.record("expected a TLS failure, got \(String(describing: reason))")
            return
        }
        #expect(why.kind == .unreadableCertificateAuthority, "\(why.detail)")
    }

    // MARK: - Helpers

    /// Writes `file-N.bin` files of distinct content into `folder` and returns their contents.
    static func writeDocuments(count: Int, in folder: URL) throws -> [Data] {
        try (0..<count).map { index in
            let data = HypercornServer.pattern(count: 90_000 + index * 1_000, seed: index)
            try data.write(to: folder.appendingPathComponent("file-\(index).bin"))
            return data
        }
    }

    /// A GET for `file-N.bin` with "HTTP/2 when offered", trusting the test's CA.
    static func request(_ server: NghttpdServer, _ index: Int, _ certificates: TestCertificates) -> HTTPRequest {
        var request = HTTPRequest(url: URL(string: "\(server.baseURL)/file-\(index).bin")!)
        request.certificateAuthorityBundle = certificates.authorityFile
        return request
    }
}
