import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// TLS verification against a real server on 127.0.0.1 (`openssl s_server`) with certificates no client
/// trusts: each problem fails as a ``TLSFailure`` of its own kind with words saying why and what to do,
/// verification off succeeds and says so on the response, and trusting the certificate makes it pass.
@Suite struct CurlCertificateTests {
    let client = HTTPClient(transport: CurlTransport())

    @Test func selfSignedCertificateFailsSayingWhyAndWhatToDo() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-tls")
        guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: folder.url) else { return }
        defer { server.stop() }
        let error = await failure { _ = try await client.send(HTTPRequest(url: URL(string: server.baseURL + "/")!)) }
        guard case .tlsFailure(let why)? = error?.reason else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
        #expect(why.kind == .selfSigned)
        let message = try #require(error?.message)
        #expect(message.contains("self-signed"), "\(message)")
        #expect(message.contains("CA bundle"), "\(message)")
        #expect(message.contains("turn TLS verification off for this request"), "\(message)")
    }

    @Test func verificationOffSucceedsAndTheResponseSaysItWasNotVerified() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-tls")
        guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: folder.url) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/")!)
        request.tlsVerification = .disabled
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.tlsVerification == .disabled)
        #expect(response.timing?.tlsHandshake ?? .zero > .zero)
    }

    @Test func trustingTheCertificateAsTheCABundlePassesWithVerificationOn() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-tls")
        guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: folder.url) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/")!)
        request.certificateAuthorityBundle = server.certificateFile
        let response = try await client.send(request)
        #expect(response.status == 200)
        #expect(response.tlsVerification == .enabled)
    }

    @Test func certificateForAnotherHostIsAHostNameMismatch() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-tls")
        guard let server = try await SelfSignedTLSServer.start(.wrongHost("elsewhere.example"), in: folder.url) else {
            return
        }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/")!)
        request.certificateAuthorityBundle = server.certificateFile  // trusted, so only the name is wrong
        let error = await failure { _ = try await client.send(request) }
        guard case .tlsFailure(let why)? = error?.reason else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
        #expect(why.kind == .hostnameMismatch)
        #expect(why.host == "127.0.0.1")
        let message = try #require(error?.message)
        #expect(message.contains("not valid for the host name \"127.0.0.1\""), "\(message)")

        request.tlsVerification = .disabled
        #expect(try await client.send(request).status == 200)
    }

    @Test func expiredCertificateFailsAsExpired() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-tls")
        guard let server = try await SelfSignedTLSServer.start(.expired, in: folder.url) else { return }
        defer { server.stop() }
        var request = HTTPRequest(url: URL(string: server.baseURL + "/")!)
        request.certificateAuthorityBundle = server.certificateFile  // trusted, so only the dates are wrong
        let error = await failure { _ = try await client.send(request) }
        guard case .tlsFailure(let why)? = error?.reason else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
        #expect(why.kind == .expired)
        let message = try #require(error?.message)
        #expect(message.contains("has expired"), "\(message)")
    }

    // MARK: - Helpers

    private func failure(_ body: () async throws -> Void) async -> HTTPClientError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? HTTPClientError
        }
    }
}
