import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// Sign-in in the workbench against the real servers: a client certificate's passphrase asked once in a
/// masked dialog (`openssl s_server -Verify`), a device sign-in's code shown until its token arrives or Esc
/// cancels it, and the sign-in view with "sign in again" (Authlib, `Tests/Peers/oauth_peer.py`).
@Suite("Sign-in in the workbench", .serialized)
final class SignInAppTests {
    // MARK: - Client certificate passphrase

    /// A workspace whose only environment presents the encrypted PEM key the mTLS server made.
    func certificateWorkspace() async throws -> (TemporaryFolder, MutualTLSServer)? {
        let folder = try TemporaryFolder(prefix: "ferry-app-mtls")
        guard let server = try await MutualTLSServer.start(in: folder.url) else { return nil }
        try folder.write(
            "http-client.env.json",
            """
            { "dev": { "server": "\(server.baseURL)",
                       "SSLConfiguration": { "clientCertificate": "client.pem", "clientCertificateKey": "client.key",
                                             "hasCertificatePassphrase": true, "verifyHostCertificate": false } } }
            """)
        try folder.write("api.http", "### status\n# @name status\nGET {{server}}/\n")
        return (folder, server)
    }

    @Test func thePassphraseIsAskedOnceMaskedAndNeverWritten() async throws {
        guard let (folder, server) = try await certificateWorkspace() else { return }
        defer { server.stop() }
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the passphrase dialog") {
            if case .signIn(.passphrase) = app.state.overlay { return true }
            return false
        }
        // Typed letters are text here, even those bound elsewhere (q closes dialogs, r signs in again).
        let passphrase = MutualTLSServer.passphrase
        _ = app.queue(InputEvent.typing(passphrase))
        try await app.waitFor("the typed passphrase") {
            if case .signIn(.passphrase(let question)) = app.state.overlay { return question.typed == passphrase }
            return false
        }
        #expect(app.shows(String(repeating: "•", count: passphrase.count)), "\(app.screen)")
        #expect(!app.shows(passphrase))
        app.enqueue(.key(.enter))
        try await app.waitFor("the response through the client certificate") {
            app.state.currentExchange?.response?.status == 200
        }
        #expect(app.state.overlay == nil)
        // Asked once for the session: the second send goes without a question.
        try await app.press(.control("r"))
        try await app.waitFor("the second response") {
            app.state.currentExchange?.response?.status == 200 && app.state.currentExchange?.isInFlight == false
        }
        #expect(app.state.overlay == nil)
        try await app.quit()
        for file in try allFiles(under: folder.url.appendingPathComponent(".ferry")) {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(!text.contains(passphrase), "\(file.path) holds the passphrase")
        }
    }

    @Test func escOnThePassphraseCancelsTheSend() async throws {
        guard let (folder, server) = try await certificateWorkspace() else { return }
        defer { server.stop() }
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the passphrase dialog") {
            if case .signIn(.passphrase) = app.state.overlay { return true }
            return false
        }
        app.enqueue(.key(.escape))
        // A send that could not be prepared leaves no exchange and says why in the status bar.
        try await app.waitFor("the send to be refused") {
            app.state.message?.text.contains("hasCertificatePassphrase") == true
        }
        #expect(app.state.message?.text.contains("the question was canceled") == true)
        #expect(app.state.currentExchange == nil)
        #expect(app.state.overlay == nil)
    }

    private func allFiles(under folder: URL) throws -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
    }

    // MARK: - OAuth 2.0

    /// A workspace signing in to the Authlib server: `machine` (client credentials) and `tv` (device
    /// authorization), a request for each.
    func oauthWorkspace(_ server: OAuthServer) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "ferry-app-oauth")
        try folder.write(
            "http-client.env.json",
            """
            { "dev": { "server": "\(server.baseURL)", "Security": { "Auth": {
                "machine": { "Type": "OAuth2", "Grant Type": "Client Credentials", "Token URL": "{{server}}/token",
                             "Client ID": "ferry-app", "Scope": "read" },
                "tv": { "Type": "OAuth2", "Grant Type": "Device Authorization",
                        "Device Auth URL": "{{server}}/device_authorization", "Token URL": "{{server}}/token",
                        "Client ID": "ferry-public", "Client Credentials": "none" },
                "browser": { "Type": "OAuth2", "Grant Type": "Authorization Code", "Auth URL": "{{server}}/authorize",
                             "Token URL": "{{server}}/token", "Client ID": "ferry-public",
                             "Client Credentials": "none", "PKCE": true } } } } }
            """)
        try folder.write(
            "http-client.private.env.json",
            #"{ "dev": { "Security": { "Auth": { "machine": { "Client Secret": "app-secret" } } } } }"#)
        try folder.write(
            "api.http",
            """
            ### tv
            # @name tv
            GET {{server}}/api/me
            Authorization: Bearer {{$auth.token("tv")}}

            ### machine
            # @name machine
            GET {{server}}/api/me
            Authorization: Bearer {{$auth.token("machine")}}

            ### browser
            # @name browser
            GET {{server}}/api/me
            Authorization: Bearer {{$auth.token("browser")}}

            """)
        return folder
    }

    @Test func theDeviceCodeIsShownUntilTheTokenArrives() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try oauthWorkspace(server)
        // The person: approves (opens the address with the code) once the test saw the dialog.
        let seen = DispatchSemaphore(value: 0)
        let app = try AppHarness(
            workspace: folder.url, width: 120, height: 30,
            openBrowser: { url in
                _ = seen.wait(timeout: .now() + 60)
                let curl = Process()
                curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                curl.arguments = ["curl", "-s", "-o", "/dev/null", url.absoluteString]
                try? curl.run()
                curl.waitUntilExit()
            })
        defer { app.stop() }
        try await app.settle()
        #expect(app.state.openRequest?.selector == "tv")
        app.enqueue(.control("r"))
        try await app.waitFor("the device code dialog") {
            if case .signIn(.device) = app.state.overlay { return true }
            return false
        }
        guard case .signIn(.device(let notice, _)) = app.state.overlay else { return }
        #expect(app.shows(notice.userCode), "\(app.screen)")
        #expect(app.shows(notice.verificationURL))
        seen.signal()
        try await app.waitFor("the signed-in response") { app.state.currentExchange?.response?.status == 200 }
        try await app.waitFor("the dialog to close") { app.state.overlay == nil }
        let token = try #require(
            AuthTokenStore(stateFolder: folder.url.appendingPathComponent(".ferry")).token(
                for: "tv", in: "dev"))
        #expect(!app.shows(token.accessToken))
    }

    @Test func escCancelsAWaitingDeviceSignIn() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try oauthWorkspace(server)
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        app.enqueue(.control("r"))
        try await app.waitFor("the device code dialog") {
            if case .signIn(.device) = app.state.overlay { return true }
            return false
        }
        app.enqueue(.key(.escape))
        try await app.waitFor("the send to end canceled") {
            app.state.message?.text.contains("'tv': the sign-in was canceled") == true
        }
        #expect(app.state.currentExchange == nil)
        #expect(app.state.overlay == nil)
    }

    @Test func escCancelsASendWaitingForTheBrowsersRedirect() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try oauthWorkspace(server)
        // The person never comes back from the browser; the test knows when the catcher waits.
        let opened = DispatchSemaphore(value: 0)
        let app = try AppHarness(
            workspace: folder.url, width: 120, height: 30, openBrowser: { _ in opened.signal() })
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "browser")
        app.enqueue(.control("r"))
        try await app.waitFor("the browser to open") { opened.wait(timeout: .now()) == .success }
        // The address is on screen for whoever has no browser here (over SSH), until Esc cancels the sign-in.
        try await app.waitFor("the browser sign-in dialog") {
            if case .signIn(.browser) = app.state.overlay { return true }
            return false
        }
        #expect(app.shows("Signing in to 'browser' in your browser. If none opened, open:"), "\(app.screen)")
        #expect(app.shows("\(server.baseURL)/authorize?response_type=code"), "\(app.screen)")
        app.enqueue(.key(.escape))
        try await app.waitFor("the sign-in to end canceled") {
            app.state.message?.text.contains("'browser': the sign-in was canceled") == true
        }
        #expect(app.state.currentExchange == nil)
        #expect(app.state.overlay == nil)
    }

    @Test func theSignInViewShowsTheStateAndSignsInAgain() async throws {
        guard let server = try await OAuthServer.start() else { return }
        defer { server.stop() }
        let folder = try oauthWorkspace(server)
        let store = AuthTokenStore(stateFolder: folder.url.appendingPathComponent(".ferry"))
        let app = try AppHarness(workspace: folder.url, width: 120, height: 30)
        defer { app.stop() }
        try await app.settle()
        try await app.press(.key(.down), .key(.enter))
        #expect(app.state.openRequest?.selector == "machine")
        // The palette's "Sign-in" row opens the view of the environment's configurations.
        try await app.press(.control("p"))
        try await app.type("Sign-in: the env")
        try await app.press(.key(.enter))
        try await app.waitFor("the rows") {
            if case .signIn(.view(let view)) = app.state.overlay { return view.rows != nil }
            return false
        }
        #expect(app.shows("● machine  sign-in needed"), "\(app.screen)")
        #expect(app.shows("  tv  sign-in needed"), "\(app.screen)")
        // r signs in again to the selected row (the open request's, listed first).
        try await app.press(.key(.character("r")))
        try await app.waitFor("the renewed row") {
            guard case .signIn(.view(let view)) = app.state.overlay, let row = view.rows?.first else { return false }
            if case .signedIn = row.state { return true }
            return false
        }
        #expect(app.shows("token cached, expires"), "\(app.screen)")
        let first = try #require(store.token(for: "machine", in: "dev"))
        #expect(!app.shows(first.accessToken))
        // Again: the cached token is forgotten and a new one obtained.
        try await app.press(.key(.character("r")))
        try await app.waitFor("a new token") {
            store.token(for: "machine", in: "dev")?.accessToken != first.accessToken
        }
        try await app.press(.key(.escape))
        #expect(app.state.overlay == nil)
        // From the palette, "sign in again" renews what the open request uses.
        let second = try #require(store.token(for: "machine", in: "dev"))
        try await app.press(.control("p"))
        try await app.type("Sign in again")
        try await app.press(.key(.enter))
        try await app.waitFor("the palette's renewal") {
            store.token(for: "machine", in: "dev")?.accessToken != second.accessToken
        }
        try await app.waitFor("the report") { app.shows("Signed in to 'machine' again") }
        try await app.press(.control("r"))
        try await app.waitFor("the response") { app.state.currentExchange?.response?.status == 200 }
    }
}
