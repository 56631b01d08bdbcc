import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// The real `ferry` binary in tmux: a client certificate's passphrase typed into the masked dialog (an
/// `openssl s_server -Verify` on loopback), a device sign-in's code on screen until Esc cancels it (the Authlib
/// server), and Ctrl-] from a request to what its `run` line names.
@Suite("ferry in tmux: sign-in and composed files", .serialized)
struct TmuxSignInTests {
    func launch(_ folder: TemporaryFolder) throws -> TmuxSession {
        try TmuxSession(
            command: [FerryProcess.executableURL.path, folder.url.path], width: 120, height: 32,
            environment: ["SWIFT_BACKTRACE": "enable=no", "TERM": "tmux-256color", "HOME": folder.url.path])
    }

    @Test func thePassphraseIsTypedMaskedAndTheSendGoesThrough() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryFolder(prefix: "ferry-tmux-mtls")
        guard let server = try await MutualTLSServer.start(in: folder.url) else { return }
        defer { server.stop() }
        try folder.write(
            "http-client.env.json",
            """
            { "dev": { "server": "\(server.baseURL)",
                       "SSLConfiguration": { "clientCertificate": "client.pem", "clientCertificateKey": "client.key",
                                             "hasCertificatePassphrase": true, "verifyHostCertificate": false } } }
            """)
        try folder.write("api.http", "### status\n# @name status\nGET {{server}}/\n")
        let session = try launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "Passphrase (kept for this session only")
        try await session.send(MutualTLSServer.passphrase, literal: true)
        let typed = try await TmuxWorkbench.waitFor(
            session, String(repeating: "•", count: MutualTLSServer.passphrase.count))
        #expect(!typed.contains(MutualTLSServer.passphrase))
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "200")
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }

    @Test func aDeviceCodeIsShownAndEscCancelsTheSignIn() async throws {
        guard TmuxSession.isAvailable, let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try TemporaryFolder(prefix: "ferry-tmux-device")
        try folder.write(
            "http-client.env.json",
            """
            { "dev": { "server": "\(server.baseURL)", "Security": { "Auth": { "tv": {
                "Type": "OAuth2", "Grant Type": "Device Authorization",
                "Device Auth URL": "{{server}}/device_authorization", "Token URL": "{{server}}/token",
                "Client ID": "ferry-public", "Client Credentials": "none" } } } } }
            """)
        try folder.write(
            "api.http", "### tv\n# @name tv\nGET {{server}}/api/me\nAuthorization: Bearer {{$auth.token(\"tv\")}}\n")
        let session = try launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("C-r")
        try await TmuxWorkbench.waitFor(session, "Device sign-in")
        try await TmuxWorkbench.waitFor(session, "\(server.baseURL)/device")
        try await session.send("Escape")
        try await TmuxWorkbench.waitFor(session, "the sign-in was canceled")
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }

    @Test func ctrlBracketListsTheLinesAndOpensTheRequestTheChosenOneNames() async throws {
        guard TmuxSession.isAvailable else { return }
        let folder = try TemporaryFolder(prefix: "ferry-tmux-definition")
        try folder.write("http-client.env.json", #"{ "dev": { "host": "http://127.0.0.1:9" } }"#)
        try folder.write("auth.http", "### login\n# @name login\nPOST {{host}}/login-here\n")
        try folder.write("main.http", "import ./auth.http\nrun #login\n\n### me\n# @name me\nGET {{host}}/me-here\n")
        let session = try launch(folder)
        defer { session.kill() }
        try await TmuxWorkbench.waitFor(session, "F9 trash")
        try await session.send("C-p")
        try await session.send("Go to main.http#me", literal: true)
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "/me-here")
        // Two lines lead somewhere: listed where the cursor reaches them, the run line above the request first.
        try await session.send("C-]")
        try await TmuxWorkbench.waitFor(session, "Go to what a line of main.http names")
        try await TmuxWorkbench.waitFor(session, "run #login  (line 2) → auth.http#login")
        try await TmuxWorkbench.waitFor(session, "import ./auth.http  (line 1) → auth.http#login")
        try await session.send("Down")
        try await session.send("Enter")
        try await TmuxWorkbench.waitFor(session, "/login-here")
        try await session.send("C-q")
        try await TmuxWorkbench.waitUntil(session, "ferry to exit") { _ in session.hasExited }
    }
}
