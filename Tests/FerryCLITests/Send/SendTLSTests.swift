import FerryTestSupport
import Foundation
import Testing

/// `ferry send` against a real TLS server with a self-signed certificate (`openssl s_server`): verification
/// on fails with the transfer exit code and words saying why; `# @insecure` succeeds and warns on stderr.
@Suite struct SendTLSTests {
    @Test func aSelfSignedServerFailsInWordsAndInsecureSucceedsWithAWarning() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-send-tls")
        guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: folder.url) else { return }
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: ["verified.http": "GET {{host}}/\n", "insecure.http": "# @insecure\nGET {{host}}/\n"])

        let verified = try await fixture.send(["verified.http", "--env", "test"])
        #expect(verified.status == 3, "\(verified.standardError)")
        #expect(verified.text.isEmpty)
        #expect(verified.standardError.contains("The secure connection failed"), "\(verified.standardError)")
        #expect(verified.standardError.contains("self-signed"), "\(verified.standardError)")
        #expect(verified.standardError.contains("# @insecure"), "\(verified.standardError)")
        #expect(!verified.standardError.contains("code 60"), "never a bare libcurl code")

        let insecure = try await fixture.send(["insecure.http", "--env", "test"])
        #expect(insecure.status == 0, "\(insecure.standardError)")
        #expect(insecure.standardError.contains("warning: the TLS certificate is not verified"))
        #expect(!insecure.text.isEmpty, "s_server's status page")
    }

    @Test func trustingTheCertificateWithCACertPassesAndAnotherHostsNameIsSaid() async throws {
        let folder = try TemporaryFolder(prefix: "ferry-send-tls")
        guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: folder.url) else { return }
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(base: server.baseURL, files: ["a.http": "GET {{host}}/\n"])
        let trusted = try await fixture.send(["a.http", "--env", "test", "--cacert", server.certificateFile.path])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(!trusted.standardError.contains("not verified"))

        let other = try TemporaryFolder(prefix: "ferry-send-tls")
        guard let elsewhere = try await SelfSignedTLSServer.start(.wrongHost("elsewhere.example"), in: other.url)
        else { return }
        defer { elsewhere.stop() }
        let mismatch = try SendCommandTests.Fixture(base: elsewhere.baseURL, files: ["a.http": "GET {{host}}/\n"])
        let output = try await mismatch.send(["a.http", "--env", "test", "--cacert", elsewhere.certificateFile.path])
        #expect(output.status == 3)
        #expect(output.standardError.contains("not valid for the host name \"127.0.0.1\""), "\(output.standardError)")
    }
}
