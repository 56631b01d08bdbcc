import FerryHTTP
import FerryTerminal
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The app against a real TLS server with a self-signed certificate (`openssl s_server`): a verified send
/// shows the TLS failure in words (why, and what to do), an `# @insecure` one succeeds and its status line
/// warns that the certificate was not verified.
@Suite("TLS failures in the app", .serialized)
final class TLSFailureAppTests {
    @Test func aSelfSignedServerIsExplainedAndInsecureIsFlagged() async throws {
        let certificates = try TemporaryFolder(prefix: "ferry-app-tls")
        guard let server = try await SelfSignedTLSServer.start(.selfSigned, in: certificates.url) else { return }
        defer { server.stop() }
        let workspace = try TemporaryWorkspace(
            requests: """
                ### Verified
                # @name verified
                GET {{host}}/

                ### Insecure
                # @name insecure
                # @insecure
                GET {{host}}/

                """,
            environments: ["local": server.baseURL])
        let app = try AppHarness(workspace: workspace.url, width: 140, height: 40)
        defer { app.stop() }
        try await app.settle()
        #expect(app.state.openRequest?.selector == "verified")

        try await app.press(.control("r"))
        try await app.waitFor("the TLS failure") {
            if case .failed = app.state.currentExchange?.phase { return true }
            return false
        }
        guard case .failed(let message) = app.state.currentExchange?.phase else { return }
        #expect(message.contains("self-signed"), "\(message)")
        #expect(message.contains("turn TLS verification off for this request"), "\(message)")
        #expect(app.shows("The secure connection failed: the server's certificate is self-signed"), "\(app.screen)")
        #expect(!app.shows("⚠ TLS not verified"))

        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "insecure")
        try await app.press(.control("r"))
        try await app.waitFor("the unverified response") { app.state.currentExchange?.response?.status == 200 }
        #expect(app.state.currentExchange?.response?.tlsVerification == .disabled)
        #expect(app.shows("⚠ TLS not verified"), "\(app.screen)")
    }
}
